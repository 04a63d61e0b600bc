/**
 * Index settings, mappings and document shape of the OpenSearch decision index.
 *
 * Text analysis (rule 1 of the search semantics) aims at what Postgres' `german` / `french` /
 * `italian` / `simple` text-search configurations do: lower-casing, then Postgres' own stop-word
 * lists (stop-words.ts), then the snowball stemmers (Lucene ships the same algorithms). Character
 * filters bring Lucene's standard tokenizer closer to the Postgres parser:
 *  - `_` and apostrophes split words: docket `6B_1234/2025` reads `6B 1234/2025` (rule 5b),
 *    `l'arrêt` reads `l` + `arrêt` (`l` is a French stop word);
 *  - a `/` between digits joins them into one token (`1234/2025`, `86/90`, `10/03/2020`), as the
 *    Postgres parser does, so that the year of a docket is not a word of its own and a citation
 *    `140 III 860` or `140 III 86/90` is not the phrase `140 III 86`.
 * These need the analysis-common module; without it every group falls back to the core `standard`
 * analyser with the group's stop words (no stemming, no character filters).
 *
 * Each decision's title, regeste and full text go into the fields of its own text group only
 * (`t_de.title`, …); those fields are indexed but left out of `_source` (the full text is
 * large and never returned); they also index two-word shingles (`index_phrases`) for cheap
 * phrases. Filters use keyword fields; chamber and decision type are also
 * stored lower-cased (`*_lc`) for case-insensitive filters, lower-cased in JavaScript rather
 * than by a normaliser so that it also works without analysis-common.
 *
 * Compact pages are read from doc values, not from `_source` (id lists from each hit's sort
 * values, which the search itself gives: see `opensearch-search-index.ts`): OpenSearch reads a
 * hit's stored fields (`_id`, `_source`) by decompressing their block, about 50 µs per hit, so a
 * compact page of 2,000 hits spent 90–130 ms there against 15–25 ms from doc values. The title
 * therefore also has a doc-values-only copy ({@link TITLE_VALUE}).
 */
import { SEARCH_HIT_FIELDS, type SearchDocument, type SearchHit } from '../search.port.ts';
import { TEXT_GROUPS, type TextGroup, analyzerOf, textGroupOf } from './query-dsl-compiler.ts';
import { FRENCH_STOP_WORDS, GERMAN_STOP_WORDS, ITALIAN_STOP_WORDS } from './stop-words.ts';

/** Which analysers the index was created with. */
export type AnalysisMode = 'language' | 'standard-fallback';

/** Bump when the mappings change incompatibly (a rebuild into a new generation is needed). */
export const LAYOUT_VERSION = 2;

const SNOWBALL: Readonly<Record<Exclude<TextGroup, 'xx'>, { stop: readonly string[]; stemmer: string }>> = {
  de: { stop: GERMAN_STOP_WORDS, stemmer: 'German' },
  fr: { stop: FRENCH_STOP_WORDS, stemmer: 'French' },
  it: { stop: ITALIAN_STOP_WORDS, stemmer: 'Italian' },
};

const SPLIT_CHARS = ['_', "'", '\\u2019', '\\u02BC'];

/** The `analysis` index settings for a mode. */
export function analysisSettings(mode: AnalysisMode): Record<string, unknown> {
  const analyzer: Record<string, unknown> = {};
  if (mode === 'standard-fallback') {
    for (const group of TEXT_GROUPS) {
      analyzer[analyzerOf(group)] =
        group === 'xx' ? { type: 'standard' } : { type: 'standard', stopwords: [...SNOWBALL[group].stop] };
    }
    return { analyzer };
  }
  const filter: Record<string, unknown> = {};
  for (const group of TEXT_GROUPS) {
    const chain = ['lowercase'];
    if (group !== 'xx') {
      const { stop, stemmer } = SNOWBALL[group];
      filter[`sl_${group}_stop`] = { type: 'stop', stopwords: [...stop] };
      filter[`sl_${group}_stem`] = { type: 'snowball', language: stemmer };
      chain.push(`sl_${group}_stop`, `sl_${group}_stem`);
    }
    analyzer[analyzerOf(group)] = {
      type: 'custom',
      char_filter: ['sl_split', 'sl_number_slash'],
      tokenizer: 'standard',
      filter: chain,
    };
  }
  return {
    char_filter: {
      sl_split: { type: 'mapping', mappings: SPLIT_CHARS.map((c) => `${c} => \\u0020`) },
      // after sl_split, so this `_` stays: the tokenizer keeps `1234_2025` as one token
      sl_number_slash: { type: 'pattern_replace', pattern: '(?<=\\p{Nd})/(?=\\p{Nd})', replacement: '_' },
    },
    filter,
    analyzer,
  };
}

/** An `_analyze` request body that only works with analysis-common, and what it must yield. */
export const ANALYSIS_PROBE = {
  request: {
    char_filter: [{ type: 'mapping', mappings: ['_ => \\u0020'] }],
    tokenizer: 'standard',
    filter: ['lowercase', { type: 'snowball', language: 'German' }],
    text: 'Kündigungen_x',
  },
  expectedTokens: ['kundig', 'x'],
} as const;

const KEYWORD = { type: 'keyword' } as const;
const SOURCE_ONLY_KEYWORD = { type: 'keyword', index: false, doc_values: false } as const;
const SOURCE_ONLY_TEXT = { type: 'text', index: false } as const;

/**
 * The doc-values-only copy of the title (compact pages). A doc value holds at most 32,766 bytes,
 * so a title of more than 8,191 characters (up to 4 bytes each) has none; its hit reads the title
 * from `_source`, as does a document written before the field existed.
 */
export const TITLE_VALUE = 'title_value';
const TITLE_VALUE_MAX_CHARS = 8_191;

/**
 * Fields added to the layout after indices of it were built: put on an existing generation's
 * mapping at start (a compatible change), so that writes of the new shape are accepted there.
 * Its older documents lack them until a rebuild; reads fall back to `_source` for those.
 */
export const ADDED_PROPERTIES: Readonly<Record<string, unknown>> = {
  [TITLE_VALUE]: { type: 'keyword', index: false, doc_values: true, ignore_above: TITLE_VALUE_MAX_CHARS },
};

export interface IndexSettingsOptions {
  readonly mode: AnalysisMode;
  readonly shards: number;
  readonly replicas: number;
  readonly maxResultWindow: number;
}

/** The settings of a new index (shards, replicas, result window, analysers), for every index kind. */
export function indexSettings(o: IndexSettingsOptions): Record<string, unknown> {
  return {
    index: {
      number_of_shards: o.shards,
      number_of_replicas: o.replicas,
      max_result_window: o.maxResultWindow,
    },
    analysis: analysisSettings(o.mode),
  };
}

/** The body of the create-index request. */
export function indexDefinition(o: IndexSettingsOptions): Record<string, unknown> {
  const textGroups: Record<string, unknown> = {};
  for (const group of TEXT_GROUPS) {
    // index_phrases: two-word shingles in a side field, so a phrase without stop-word gaps is a
    // term lookup rather than a positional intersection of two common words (rule 4)
    const text = { type: 'text', analyzer: analyzerOf(group), index_phrases: true };
    textGroups[`t_${group}`] = { properties: { title: text, regeste: text, body: text } };
  }
  return {
    settings: indexSettings(o),
    mappings: {
      dynamic: 'strict',
      _meta: { layout: LAYOUT_VERSION, analysis: o.mode },
      _source: { excludes: ['t_*', TITLE_VALUE] },
      properties: {
        decision_id: KEYWORD,
        court: KEYWORD,
        canton: KEYWORD,
        language: KEYWORD,
        docket_number: KEYWORD,
        ref_keys: KEYWORD,
        chamber: SOURCE_ONLY_KEYWORD,
        chamber_lc: KEYWORD,
        decision_type: SOURCE_ONLY_KEYWORD,
        decision_type_lc: KEYWORD,
        decision_date: { type: 'date', format: 'strict_date||strict_date_optional_time' },
        // sort keys: dated before undated in both directions, then the day
        has_date: { type: 'byte' },
        date_days: { type: 'integer' },
        title: SOURCE_ONLY_TEXT,
        ...ADDED_PROPERTIES,
        regeste: SOURCE_ONLY_TEXT,
        rule_statement: SOURCE_ONLY_TEXT,
        position: { type: 'long', index: false },
        ...textGroups,
      },
    },
  };
}

const DAY_MS = 86_400_000;

function daysOf(date: string | null): number | null {
  if (date === null) return null;
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}

/** The indexed document of a decision. */
export function indexDocument(doc: SearchDocument, position: number): Record<string, unknown> {
  const days = daysOf(doc.decision_date);
  return {
    decision_id: doc.decision_id,
    court: doc.court,
    canton: doc.canton,
    language: doc.language,
    docket_number: doc.docket_number,
    ref_keys: [...doc.ref_keys],
    chamber: doc.chamber,
    chamber_lc: doc.chamber?.toLowerCase() ?? null,
    decision_type: doc.decision_type,
    decision_type_lc: doc.decision_type?.toLowerCase() ?? null,
    decision_date: doc.decision_date,
    has_date: days === null ? 0 : 1,
    date_days: days ?? 0,
    title: doc.title,
    [TITLE_VALUE]: doc.title,
    regeste: doc.regeste,
    rule_statement: doc.rule_statement,
    position,
    [`t_${textGroupOf(doc.language)}`]: { title: doc.title, regeste: doc.regeste ?? '', body: doc.full_text },
  };
}

type HitSource = Partial<Record<(typeof SEARCH_HIT_FIELDS)[number], string | null>>;

/** A search hit from a document's `_source` (plus the score for relevance sorts). */
export function hitOf(source: HitSource, score?: number): SearchHit {
  const str = (v: string | null | undefined): string => v ?? '';
  const hit: SearchHit = {
    decision_id: str(source.decision_id),
    court: str(source.court),
    canton: str(source.canton),
    chamber: source.chamber ?? null,
    decision_type: source.decision_type ?? null,
    decision_date: source.decision_date ?? null,
    language: str(source.language),
    docket_number: str(source.docket_number),
    title: str(source.title),
    regeste: source.regeste ?? null,
    rule_statement: str(source.rule_statement),
  };
  return score === undefined ? hit : { ...hit, score };
}

type Order = 'asc' | 'desc';

/** Date order: dated first in both directions, then by day, ties by decision id (same direction). */
export function dateSort(order: Order): Record<string, unknown>[] {
  return [{ has_date: { order: 'desc' } }, { date_days: { order } }, { decision_id: { order } }];
}

/** Relevance order below "own reference first": score, then newest, then decision id. */
export const RELEVANCE_SORT: readonly unknown[] = [
  { _score: { order: 'desc' } },
  { has_date: { order: 'desc' } },
  { date_days: { order: 'desc' } },
  { decision_id: { order: 'asc' } },
];
