/**
 * The list of consolidated versions from the Fedlex SPARQL endpoint (domain.md: `jolux:
 * dateApplicability` = consolidation date): one row per act, consolidation, language and XML file.
 * The query follows the JOLux model as published by Fedlex; verify property paths against the
 * live endpoint before relying on them. Results are read from the standard SPARQL 1.1 JSON format.
 */
import { z } from 'zod';
import { isFederalSrNumber } from '../../../contracts/laws/law-key.ts';
import type { HttpTextClient } from '../../http/http-text.port.ts';
import type { ActLanguage } from './akoma-ntoso.parser.ts';

export const FEDLEX_SPARQL_ENDPOINT = 'https://fedlex.data.admin.ch/sparqlendpoint';

export interface FedlexVersion {
  readonly sr_number: string;
  readonly consolidation_date: string;
  readonly language: ActLanguage;
  /** The Akoma Ntoso file of this consolidation and language. */
  readonly file_url: string;
  /** The act's classified-compilation URI (`https://fedlex.data.admin.ch/eli/cc/2007/885`). */
  readonly work: string | null;
}

const LANGUAGE_URIS: Readonly<Record<ActLanguage, string>> = {
  de: 'http://publications.europa.eu/resource/authority/language/DEU',
  fr: 'http://publications.europa.eu/resource/authority/language/FRA',
  it: 'http://publications.europa.eu/resource/authority/language/ITA',
};

/** The SPARQL query listing the XML versions of these acts (SR numbers are checked, never spliced raw). */
export function versionsQuery(
  srNumbers: readonly string[],
  languages: readonly ActLanguage[],
  limit: number,
  offset: number,
): string {
  const bad = srNumbers.find((sr) => !isFederalSrNumber(sr));
  if (bad !== undefined) throw new Error(`not an SR number: ${bad}`);
  const numbers = srNumbers.map((sr) => `"${sr}"`).join(' ');
  const langs = languages.map((l) => `<${LANGUAGE_URIS[l]}>`).join(', ');
  return `PREFIX jolux: <http://data.legilux.public.lu/resource/ontology/jolux#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?srNumber ?work ?dateApplicability ?language ?file WHERE {
  ?work a jolux:ConsolidationAbstract ;
        jolux:classifiedByTaxonomyEntry/skos:notation ?notation .
  BIND(STR(?notation) AS ?srNumber)
  ${srNumbers.length > 0 ? `VALUES ?srNumber { ${numbers} }` : ''}
  ?consolidation a jolux:Consolidation ;
        jolux:isMemberOf ?work ;
        jolux:dateApplicability ?dateApplicability ;
        jolux:isRealizedBy ?expression .
  ?expression jolux:language ?language ;
        jolux:isEmbodiedBy ?manifestation .
  FILTER(?language IN (${langs}))
  ?manifestation jolux:userFormat <https://fedlex.data.admin.ch/vocabulary/user-format/xml> ;
        jolux:isExemplifiedBy ?file .
}
ORDER BY ?srNumber ?dateApplicability ?language
LIMIT ${limit} OFFSET ${offset}`;
}

const term = z.object({ type: z.string(), value: z.string() }).passthrough();
export const sparqlResultsSchema = z.object({
  head: z.object({ vars: z.array(z.string()) }).passthrough(),
  results: z.object({ bindings: z.array(z.record(z.string(), term)) }),
});

export interface ParsedVersions {
  readonly versions: FedlexVersion[];
  /** Rows that could not be read, with the reason (reported in the run's health). */
  readonly skipped: string[];
  readonly rows: number;
}

const LANGUAGE_BY_URI = new Map<string, ActLanguage>(
  Object.entries(LANGUAGE_URIS).map(([k, v]) => [v, k as ActLanguage]),
);

/** Reads SPARQL JSON results into versions; malformed rows are skipped with a reason. Throws on a malformed document. */
export function parseSparqlVersions(json: unknown): ParsedVersions {
  const parsed = sparqlResultsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`SPARQL results are malformed: ${z.prettifyError(parsed.error)}`);
  const versions: FedlexVersion[] = [];
  const skipped: string[] = [];
  for (const [i, row] of parsed.data.results.bindings.entries()) {
    const sr = row['srNumber']?.value.trim();
    const date = row['dateApplicability']?.value.slice(0, 10);
    const languageUri = row['language']?.value ?? '';
    const language =
      LANGUAGE_BY_URI.get(languageUri) ??
      (['de', 'fr', 'it'].includes(languageUri) ? (languageUri as ActLanguage) : undefined);
    const file = row['file']?.value;
    if (!sr || !isFederalSrNumber(sr)) skipped.push(`row ${i}: no SR number`);
    else if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date))
      skipped.push(`row ${i}: SR ${sr}: no dateApplicability`);
    else if (!language) skipped.push(`row ${i}: SR ${sr}: language ${languageUri} is not de, fr or it`);
    else if (!file || !/^https?:\/\//.test(file)) skipped.push(`row ${i}: SR ${sr} ${date}: no file URL`);
    else
      versions.push({
        sr_number: sr,
        consolidation_date: date,
        language,
        file_url: file,
        work: row['work']?.value ?? null,
      });
  }
  return { versions, skipped, rows: parsed.data.results.bindings.length };
}

/** One page of SPARQL results read into items, with the rows that could not be read. */
export interface SparqlPage<T> {
  readonly items: T[];
  readonly skipped: string[];
  readonly rows: number;
}

/**
 * Asks a SPARQL endpoint page by page (`LIMIT pageSize OFFSET n` in `queryOf`) until a page comes
 * back short, reading each page's JSON with `read` (which throws on malformed results).
 */
export async function readSparqlPages<T>(
  http: HttpTextClient,
  endpoint: string,
  pageSize: number,
  queryOf: (limit: number, offset: number) => string,
  read: (json: unknown) => SparqlPage<T>,
): Promise<SparqlPage<T>> {
  const items: T[] = [];
  const skipped: string[] = [];
  let rows = 0;
  for (let offset = 0; ; offset += pageSize) {
    const body = await http.postForm(endpoint, { query: queryOf(pageSize, offset) }, 'application/sparql-results+json');
    const page = read(JSON.parse(body) as unknown);
    items.push(...page.items);
    skipped.push(...page.skipped);
    rows += page.rows;
    if (page.rows < pageSize) return { items, skipped, rows };
  }
}

/** Lists the versions to ingest. */
export interface FedlexVersionLister {
  /** Every version of the configured acts; rows that could not be read are listed in `skipped`. */
  listVersions(): Promise<ParsedVersions>;
}

export interface SparqlListerOptions {
  readonly srNumbers: readonly string[];
  readonly languages?: readonly ActLanguage[];
  readonly endpoint?: string;
  readonly pageSize?: number;
}

/** Asks the live SPARQL endpoint, page by page. */
export class FedlexSparqlClient implements FedlexVersionLister {
  constructor(
    private readonly http: HttpTextClient,
    private readonly options: SparqlListerOptions,
  ) {}

  async listVersions(): Promise<ParsedVersions> {
    const languages = this.options.languages ?? ['de', 'fr', 'it'];
    const { items, skipped, rows } = await readSparqlPages(
      this.http,
      this.options.endpoint ?? FEDLEX_SPARQL_ENDPOINT,
      this.options.pageSize ?? 5000,
      (limit, offset) => versionsQuery(this.options.srNumbers, languages, limit, offset),
      (json) => {
        const page = parseSparqlVersions(json);
        return { items: page.versions, skipped: page.skipped, rows: page.rows };
      },
    );
    return { versions: items, skipped, rows };
  }
}

/** Versions recorded earlier in the SPARQL JSON format (the bundled sample; replaying a crawl). */
export class RecordedSparqlResults implements FedlexVersionLister {
  constructor(
    private readonly http: HttpTextClient,
    private readonly url: string,
  ) {}

  async listVersions(): Promise<ParsedVersions> {
    return parseSparqlVersions(
      JSON.parse(await this.http.getText(this.url, 'application/sparql-results+json')) as unknown,
    );
  }
}
