/**
 * The list of Federal Gazette documents about the configured acts from the Fedlex SPARQL
 * endpoint: one row per document, language and XML file, with the act (SR number) it concerns,
 * its kind (message or parliamentary changes) and its gazette citation (year, first page). The
 * query follows the JOLux model as Fedlex publishes it (`jolux:Act` in the `fga` collection, linked
 * to the consolidation abstract of the act it prepares), with the German labels of its type and of
 * the institutions responsible for it; verify the property paths against the
 * live endpoint before relying on them. Results are read from the SPARQL 1.1 JSON format.
 */
import { isFederalSrNumber } from '../../../contracts/laws/law-key.ts';
import type { MaterialKind } from '../../../contracts/events/index.ts';
import type { HttpTextClient } from '../../http/http-text.port.ts';
import { FEDLEX_SPARQL_ENDPOINT, readSparqlPages, sparqlResultsSchema } from '../fedlex/fedlex-sparql.client.ts';
import type { ActLanguage } from '../fedlex/akoma-ntoso.parser.ts';
import { z } from 'zod';

export interface GazetteListing {
  readonly eli: string;
  readonly sr_number: string;
  readonly kind: MaterialKind;
  readonly language: ActLanguage;
  readonly year: number;
  /** First page (before 2021) or the document number (from 2021: the citation is the id). */
  readonly page: number;
  readonly file_url: string;
}

export interface ParsedGazetteListing {
  readonly documents: GazetteListing[];
  readonly skipped: string[];
  readonly rows: number;
}

const LANGUAGE_URIS: Readonly<Record<ActLanguage, string>> = {
  de: 'http://publications.europa.eu/resource/authority/language/DEU',
  fr: 'http://publications.europa.eu/resource/authority/language/FRA',
  it: 'http://publications.europa.eu/resource/authority/language/ITA',
};
const LANGUAGE_BY_URI = new Map<string, ActLanguage>(
  Object.entries(LANGUAGE_URIS).map(([k, v]) => [v, k as ActLanguage]),
);

/**
 * Fedlex document types of the Federal Gazette read here. The live graph names the type by its
 * resource-type vocabulary URI (`…/vocabulary/resource-type/23`: Botschaft / message / messaggio);
 * the query also binds the type's German label and the responsible institutions' German labels.
 * A report ("Bericht") of a committee of the Federal Assembly carries the bill parliament drafted
 * or changed (parliamentary initiatives; the Gazette publishes "reports by Federal Assembly
 * committees with draft proposals"): it is read as parliamentary changes. A report of the Federal
 * Council or of an office is neither and is skipped with its reason.
 */
export function materialKindOf(type: string, typeLabel: string, institutions: readonly string[]): MaterialKind | undefined {
  if (/\/resource-type\/23$/.test(type) || /botschaft|message|messaggio/i.test(`${type} ${typeLabel}`)) return 'botschaft';
  if (/parlament|parliament/i.test(`${type} ${typeLabel}`)) return 'parliamentary_change';
  const report = /\bbericht|\brapport/i.test(typeLabel);
  const committee = institutions.some((i) => /kommission|commission|commissione/i.test(i));
  return report && committee ? 'parliamentary_change' : undefined;
}

/** The expression's gazette reference as Fedlex states it: `BBl 2001 1433`, `FF 2001 1341`, `FF 1986 II 360`. */
const HISTORICAL_ID = /^\s*(?:BBl|FF)\s+(\d{4})\s+(?:[IVX]+\s+)?(\d{1,5})\b/;
/** From 2021 the gazette is numbered by document: the ELI's number is the citation (`BBl 2021 2318`). */
const DOCUMENT_NUMBERED_FROM = 2021;

/** Year and first page of a listed row: the per-language gazette reference, a bare page, or the ELI's document number. */
export function gazettePlace(page: string | undefined, eli: string): { year: number; page: number } | null {
  const [, eliYear, eliNumber] = /^eli\/fga\/(\d{4})\/(\d+)$/.exec(eli) ?? [];
  const historical = HISTORICAL_ID.exec(page ?? '');
  if (historical) return { year: Number(historical[1]), page: Number(historical[2]) };
  if (page !== undefined && /^\s*\d{1,5}\s*$/.test(page) && eliYear) return { year: Number(eliYear), page: Number(page) };
  if (page === undefined && eliYear && eliNumber && Number(eliYear) >= DOCUMENT_NUMBERED_FROM) {
    return { year: Number(eliYear), page: Number(eliNumber) };
  }
  return null;
}

/** The SPARQL query listing gazette documents about these acts (SR numbers checked, never spliced raw). */
export function gazetteDocumentsQuery(
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
SELECT DISTINCT ?srNumber ?doc ?type ?typeLabel ?institution ?language ?year ?page ?file WHERE {
  ?act a jolux:ConsolidationAbstract ;
       jolux:classifiedByTaxonomyEntry/skos:notation ?notation .
  BIND(STR(?notation) AS ?srNumber)
  ${srNumbers.length > 0 ? `VALUES ?srNumber { ${numbers} }` : ''}
  ?doc jolux:legalResourceImpactHasEntity|jolux:foreseesImpactToLegalResource ?act ;
       jolux:typeDocument ?type ;
       jolux:isRealizedBy ?expression .
  FILTER(STRSTARTS(STR(?doc), "https://fedlex.data.admin.ch/eli/fga/"))
  OPTIONAL { ?type skos:prefLabel ?typeLabel . FILTER(LANG(?typeLabel) = "de") }
  OPTIONAL { ?doc jolux:responsibilityOf/skos:prefLabel ?institution . FILTER(LANG(?institution) = "de") }
  BIND(SUBSTR(STR(?doc), 38, 4) AS ?year)
  ?expression jolux:language ?language ;
       jolux:isEmbodiedBy ?manifestation .
  OPTIONAL { ?expression jolux:historicalLegalId ?page }
  FILTER(?language IN (${langs}))
  ?manifestation jolux:userFormat <https://fedlex.data.admin.ch/vocabulary/user-format/xml> ;
       jolux:isExemplifiedBy ?file .
}
ORDER BY ?srNumber ?doc ?language
LIMIT ${limit} OFFSET ${offset}`;
}

/** Reads SPARQL JSON results into listed documents; unreadable rows are skipped with a reason. Throws on a malformed document. */
export function parseGazetteListing(json: unknown): ParsedGazetteListing {
  const parsed = sparqlResultsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`SPARQL results are malformed: ${z.prettifyError(parsed.error)}`);
  // A document with several responsible institutions comes as several rows: their labels are
  // read together, and the document is listed once per language edition.
  const institutionsOf = new Map<string, string[]>();
  for (const row of parsed.data.results.bindings) {
    const key = `${row['doc']?.value ?? ''} ${row['language']?.value ?? ''}`;
    const label = row['institution']?.value;
    if (label) institutionsOf.set(key, [...(institutionsOf.get(key) ?? []), label]);
  }
  const documents: GazetteListing[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const [i, row] of parsed.data.results.bindings.entries()) {
    const key = `${row['doc']?.value ?? ''} ${row['language']?.value ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sr = row['srNumber']?.value.trim();
    const eli = /(eli\/fga\/\d{4}\/[A-Za-z0-9_.-]+)$/.exec(row['doc']?.value ?? '')?.[1];
    const type = row['type']?.value ?? '';
    const typeLabel = row['typeLabel']?.value ?? '';
    const kind = materialKindOf(type, typeLabel, institutionsOf.get(key) ?? []);
    const languageUri = row['language']?.value ?? '';
    const language =
      LANGUAGE_BY_URI.get(languageUri) ??
      (['de', 'fr', 'it'].includes(languageUri) ? (languageUri as ActLanguage) : undefined);
    const place = eli ? gazettePlace(row['page']?.value, eli) : null;
    const file = row['file']?.value;
    const at = `row ${i}${sr ? `: SR ${sr}` : ''}`;
    const typeName = typeLabel ? `${type} (${typeLabel})` : type;
    if (!sr || !isFederalSrNumber(sr)) skipped.push(`row ${i}: no SR number`);
    else if (!eli) skipped.push(`${at}: no Federal Gazette ELI`);
    else if (!kind) skipped.push(`${at}: ${eli}: document type ${typeName} is neither a message nor parliamentary changes`);
    else if (!language) skipped.push(`${at}: ${eli}: language ${languageUri} is not de, fr or it`);
    else if (!place || place.year < 1849 || place.page < 1) skipped.push(`${at}: ${eli}: no gazette year and page`);
    else if (!file || !/^https?:\/\//.test(file)) skipped.push(`${at}: ${eli}: no file URL`);
    else documents.push({ eli, sr_number: sr, kind, language, year: place.year, page: place.page, file_url: file });
  }
  return { documents, skipped, rows: parsed.data.results.bindings.length };
}

/** Lists the gazette documents to ingest. */
export interface GazetteLister {
  /** Every listed document; rows that could not be read are listed in `skipped`. */
  listDocuments(): Promise<ParsedGazetteListing>;
}

export interface GazetteListerOptions {
  readonly srNumbers: readonly string[];
  readonly languages?: readonly ActLanguage[];
  readonly endpoint?: string;
  readonly pageSize?: number;
}

/** Asks the live SPARQL endpoint, page by page. */
export class FedlexGazetteClient implements GazetteLister {
  constructor(
    private readonly http: HttpTextClient,
    private readonly options: GazetteListerOptions,
  ) {}

  async listDocuments(): Promise<ParsedGazetteListing> {
    const languages = this.options.languages ?? ['de', 'fr', 'it'];
    const { items, skipped, rows } = await readSparqlPages(
      this.http,
      this.options.endpoint ?? FEDLEX_SPARQL_ENDPOINT,
      this.options.pageSize ?? 2000,
      (limit, offset) => gazetteDocumentsQuery(this.options.srNumbers, languages, limit, offset),
      (json) => {
        const page = parseGazetteListing(json);
        return { items: page.documents, skipped: page.skipped, rows: page.rows };
      },
    );
    return { documents: items, skipped, rows };
  }
}

/** A listing recorded earlier in the SPARQL JSON format (the bundled sample). */
export class RecordedGazetteListing implements GazetteLister {
  constructor(
    private readonly http: HttpTextClient,
    private readonly url: string,
  ) {}

  async listDocuments(): Promise<ParsedGazetteListing> {
    return parseGazetteListing(JSON.parse(await this.http.getText(this.url, 'application/sparql-results+json')) as unknown);
  }
}

