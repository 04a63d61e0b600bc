import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  catalogEntryKey,
  commentaryKey,
  commentarySchema,
  type Commentary,
  legislationCatalogEntrySchema,
  materialKey,
  materialSchema,
  type Material,
  statuteKey,
  statuteVersionSchema,
  type LegislationCatalogEntry,
  type StatuteVersion,
} from '../../contracts/events/index.ts';
import type { SourceRecord } from '../event-source.port.ts';
import { SourceItemError } from '../source.port.ts';

/** Hash of the parsed content (not the raw file): a re-generated or re-served file with the same content is a no-op. */
export function contentHash(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

interface Origin {
  readonly source: string;
  readonly itemId: string;
  readonly scrapedAt: string;
}

interface RecordKind<Content, Data> {
  readonly type: SourceRecord['type'];
  readonly what: string;
  readonly schema: z.ZodType<Data>;
  readonly entityKey: (content: Content) => string;
}

/** Adds the provenance, validates against the event schema (invalid content is an item error) and wraps it as a record. */
function record<Content extends object, Data>(
  kind: RecordKind<Content, Data>,
  content: Content,
  origin: Origin,
  recordId: string,
): SourceRecord {
  const hash = contentHash(content);
  const checked = kind.schema.safeParse({
    ...content,
    provenance: {
      source: origin.source,
      source_item_id: origin.itemId,
      scraped_at: origin.scrapedAt,
      content_hash: hash,
    },
  });
  if (!checked.success) {
    throw new SourceItemError(
      origin.itemId,
      `${kind.what} is invalid: ${z.prettifyError(checked.error).slice(0, 500)}`,
    );
  }
  return {
    recordId,
    entityKey: kind.entityKey(content),
    contentHash: hash,
    type: kind.type,
    schemaVersion: 1,
    data: checked.data,
  };
}

const STATUTE_VERSION: RecordKind<Omit<StatuteVersion, 'provenance'>, StatuteVersion> = {
  type: 'StatuteVersionPublished',
  what: 'statute version',
  schema: statuteVersionSchema,
  entityKey: statuteKey,
};

const CATALOGUE_ENTRY: RecordKind<Omit<LegislationCatalogEntry, 'provenance'>, LegislationCatalogEntry> = {
  type: 'LegislationCatalogEntryPublished',
  what: 'catalogue entry',
  schema: legislationCatalogEntrySchema,
  entityKey: catalogEntryKey,
};

/** A StatuteVersionPublished record, validated against the event schema (an invalid version is an item error). */
export function statuteRecord(
  content: Omit<StatuteVersion, 'provenance'>,
  origin: Origin,
  recordId = origin.itemId,
): SourceRecord {
  return record(STATUTE_VERSION, content, origin, recordId);
}

/** A LegislationCatalogEntryPublished record, validated likewise. */
export function catalogRecord(
  content: Omit<LegislationCatalogEntry, 'provenance'>,
  origin: Origin,
  recordId: string,
): SourceRecord {
  return record(CATALOGUE_ENTRY, content, origin, recordId);
}

const COMMENTARY: RecordKind<Omit<Commentary, 'provenance'>, Commentary> = {
  type: 'CommentaryPublished',
  what: 'commentary',
  schema: commentarySchema,
  entityKey: commentaryKey,
};

/** A CommentaryPublished record, validated likewise. */
export function commentaryRecord(
  content: Omit<Commentary, 'provenance'>,
  origin: Origin,
  recordId: string,
): SourceRecord {
  return record(COMMENTARY, content, origin, recordId);
}

const MATERIAL: RecordKind<Omit<Material, 'provenance'>, Material> = {
  type: 'MaterialPublished',
  what: 'preparatory material',
  schema: materialSchema,
  entityKey: materialKey,
};

/** A MaterialPublished record (a gazette document in one language), validated likewise. */
export function materialRecord(content: Omit<Material, 'provenance'>, origin: Origin): SourceRecord {
  return record(MATERIAL, content, origin, origin.itemId);
}
