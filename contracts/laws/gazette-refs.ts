/**
 * Official-gazette page references (spec api.md, GET /amendment-ref; domain.md, "Fedlex"): the
 * official compilation AS (de) / RO (fr) / RU (it) and the Federal Gazette BBl (de) / FF (fr and
 * it), mapped to ELI addresses of the federal legislation portal.
 *
 * Facts this module relies on (domain.md):
 * - ELI: `eli/oc/{Y}/{id}` official compilation, `eli/fga/{Y}/{id}` Federal Gazette.
 * - From 2021 a gazette reference equals its id (`AS 2021 310` = `eli/oc/2021/310`): direct.
 * - Before 2021 a reference is a page that needs a first-page lookup; the official compilation is
 *   paginated alike in its three language editions (one index), while BBl and FF pages differ per
 *   language (one index per edition: BBl de, FF fr, FF it).
 */
export const GAZETTE_REF_TYPES = ['AS', 'BBl', 'RO', 'RU', 'FF'] as const;
export type GazetteRefType = (typeof GAZETTE_REF_TYPES)[number];
export type GazetteLanguage = 'de' | 'fr' | 'it';

/** The first year whose references are ids rather than pages. */
export const DIRECT_FROM_YEAR = 2021;
/** The official compilation starts in 1848, the Federal Gazette in 1849. */
export const FIRST_GAZETTE_YEAR = 1848;
export const FEDLEX_BASE_URL = 'https://fedlex.data.admin.ch';

export type GazetteCollection = 'oc' | 'fga';
/** One paginated edition: `*` for the official compilation (same pages in every language). */
export type GazetteEdition = '*' | GazetteLanguage;

interface RefTypeInfo {
  readonly collection: GazetteCollection;
  /** The editions this abbreviation names (FF: the French and the Italian edition). */
  readonly editions: readonly GazetteEdition[];
  /** The languages in which the abbreviation is written. */
  readonly languages: readonly GazetteLanguage[];
}

export const REF_TYPE_INFO: Readonly<Record<GazetteRefType, RefTypeInfo>> = {
  AS: { collection: 'oc', editions: ['*'], languages: ['de'] },
  RO: { collection: 'oc', editions: ['*'], languages: ['fr'] },
  RU: { collection: 'oc', editions: ['*'], languages: ['it'] },
  BBl: { collection: 'fga', editions: ['de'], languages: ['de'] },
  FF: { collection: 'fga', editions: ['fr', 'it'], languages: ['fr', 'it'] },
};

/** The abbreviation of a collection in a language (AS/RO/RU, BBl/FF/FF). */
export function refTypeFor(collection: GazetteCollection, language: GazetteLanguage): GazetteRefType {
  if (collection === 'oc') return language === 'de' ? 'AS' : language === 'fr' ? 'RO' : 'RU';
  return language === 'de' ? 'BBl' : 'FF';
}

/** The paginated edition a reference written in `language` belongs to. */
export function editionOf(refType: GazetteRefType, language: GazetteLanguage): GazetteEdition {
  return REF_TYPE_INFO[refType].collection === 'oc' ? '*' : language;
}

/** Case-insensitive reading of a ref_type as users type it (`as`, `bbl`, `Ff`). */
export function parseRefType(value: string): GazetteRefType | undefined {
  const upper = value.trim().toUpperCase();
  return GAZETTE_REF_TYPES.find((t) => t.toUpperCase() === upper);
}

/** From 2021 on: the ELI a reference names directly; before 2021: undefined (needs the index). */
export function directEli(refType: GazetteRefType, year: number, page: number): string | undefined {
  if (year < DIRECT_FROM_YEAR) return undefined;
  return `eli/${REF_TYPE_INFO[refType].collection}/${year}/${page}`;
}

export function eliUrl(eli: string): string {
  return `${FEDLEX_BASE_URL}/${eli}`;
}

/** `https://fedlex.data.admin.ch/eli/oc/2007/785` (or a relative `/eli/...`) -> `eli/oc/2007/785`. */
export function eliFromHref(href: string): string | undefined {
  const m = /(?:^|\/)(eli\/(?:oc|fga|cc)\/\d{1,4}\/[A-Za-z0-9_.-]+)(?:[/?#]|$)/.exec(href.trim());
  return m?.[1];
}

export function collectionOfEli(eli: string): GazetteCollection | 'cc' | undefined {
  const m = /^eli\/(oc|fga|cc)\//.exec(eli);
  return m?.[1] as GazetteCollection | 'cc' | undefined;
}

export interface GazetteCitation {
  readonly ref_type: GazetteRefType;
  readonly year: number;
  readonly page: number;
}

const CITATION = /^\s*(AS|BBl|RO|RU|FF)?\s*(\d{4})\s+(\d{1,6})\b/;

/**
 * Reads a footnote reference text: `AS 2007 5765`, `BBl 2005 4001`, or a continuation without the
 * abbreviation (`2000 187` after `AS 1998 79` in the same footnote, as Fedlex writes them), which
 * takes `previous`. Undefined when the text is not such a reference.
 */
export function parseGazetteCitation(text: string, previous?: GazetteRefType): GazetteCitation | undefined {
  const m = CITATION.exec(text.replace(/\s+/g, ' '));
  if (!m) return undefined;
  const refType = (m[1] as GazetteRefType | undefined) ?? previous;
  if (refType === undefined) return undefined;
  const year = Number(m[2]);
  const page = Number(m[3]);
  if (year < FIRST_GAZETTE_YEAR || year > 2200 || page < 1) return undefined;
  return { ref_type: refType, year, page };
}

export function formatGazetteCitation(c: GazetteCitation): string {
  return `${c.ref_type} ${c.year} ${c.page}`;
}
