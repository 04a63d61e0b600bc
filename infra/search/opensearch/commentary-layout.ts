/**
 * Index settings, mappings and document shape of the OpenSearch commentary index: one document
 * per commentary paragraph, id `<commentary id>#<ordinal>`.
 *
 * Analysis is the decision index's (index-layout.ts): the same analysers per text group, so the
 * query language compiles the same way (query-dsl-compiler.ts with {@link COMMENTARY_PART_BOOSTS}).
 * The paragraph goes into `t_<group>.body` and the commentary title into `t_<group>.title` of its
 * language's group, as the Postgres vector weights them (paragraph A, title B). The body is stored
 * so that the highlighter builds snippets from the verbatim paragraph; the `t_*` fields are left
 * out of `_source`, which holds the paragraph once, under `source.text`, with the commentary's
 * source fields (`source` is not indexed).
 */
import type { CommentaryDocument, CommentarySource } from '../commentary-search.port.ts';
import type { IndexKind } from './index-admin.ts';
import { type IndexSettingsOptions, indexSettings } from './index-layout.ts';
import { type PartBoosts, TEXT_GROUPS, analyzerOf, textGroupOf } from './query-dsl-compiler.ts';

/** Bump when the mappings change incompatibly (a rebuild into a new generation is needed). */
export const COMMENTARY_LAYOUT_VERSION = 1;

/** Relevance (rule 8): ts_rank's A (paragraph) and B (title) weights, 1.0 and 0.4. */
export const COMMENTARY_PART_BOOSTS: PartBoosts = { title: 0.4, body: 1 };

const KEYWORD = { type: 'keyword' } as const;

/** The body of the create-index request. */
export function commentaryIndexDefinition(o: IndexSettingsOptions): Record<string, unknown> {
  const textGroups: Record<string, unknown> = {};
  for (const group of TEXT_GROUPS) {
    const analyzer = analyzerOf(group);
    textGroups[`t_${group}`] = {
      properties: {
        title: { type: 'text', analyzer },
        body: { type: 'text', analyzer, store: true, index_options: 'offsets' },
      },
    };
  }
  return {
    settings: indexSettings(o),
    mappings: {
      dynamic: 'strict',
      _meta: { layout: COMMENTARY_LAYOUT_VERSION, analysis: o.mode },
      _source: { excludes: ['t_*'] },
      properties: {
        commentary_id: KEYWORD,
        ordinal: { type: 'integer' },
        language: KEYWORD,
        sr_number: KEYWORD,
        position: { type: 'long', index: false },
        source: { type: 'object', enabled: false },
        ...textGroups,
      },
    },
  };
}

/** The commentary index. */
export const COMMENTARY_INDEX: IndexKind = {
  name: 'commentaries',
  label: 'commentary search index',
  definition: commentaryIndexDefinition,
};

/** The document id of one paragraph. */
export function paragraphId(commentaryId: string, ordinal: number): string {
  return `${commentaryId}#${ordinal}`;
}

/** What `_source.source` holds: the commentary's fields and the paragraph, verbatim. */
export interface StoredParagraph extends CommentarySource {
  readonly ordinal: number;
  readonly margin: string | null;
  readonly text: string;
}

/** The indexed documents of a commentary's paragraphs. */
export function paragraphDocuments(
  doc: CommentaryDocument,
  position: number,
): { id: string; source: Record<string, unknown> }[] {
  const { paragraphs, ...meta } = doc;
  const group = `t_${textGroupOf(doc.language)}`;
  return paragraphs.map((p) => {
    const stored: StoredParagraph = { ...meta, ordinal: p.ordinal, margin: p.margin, text: p.text };
    return {
      id: paragraphId(doc.commentary_id, p.ordinal),
      source: {
        commentary_id: doc.commentary_id,
        ordinal: p.ordinal,
        language: doc.language,
        sr_number: doc.sr_number,
        position,
        source: stored,
        [group]: { title: doc.title, body: p.text },
      },
    };
  });
}

/** The fields of a group's paragraph text (where snippets come from). */
export const BODY_FIELDS: readonly string[] = TEXT_GROUPS.map((g) => `t_${g}.body`);
