import { type CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { GenerationRegistry } from '../../projector/generations.ts';
import { decisionSearchPostgresStorage } from '../../projector/decision-search/decision-search.storage.ts';
/**
 * Conformance suite of the decision search index: every backend (PostgreSQL full-text search on
 * PGlite or a server, later OpenSearch) must pass it. Documents are loaded only through the
 * fixture's backend-neutral `load`, and results are read only through `DecisionSearchIndex.search`,
 * so a new backend just supplies a fixture.
 *
 * The semantics under test are the ones documented at the top of
 * `infra/search/postgres/tsquery-compiler.ts` (rules 1–9), plus the port contract of
 * `infra/search/search.port.ts` (filters, sorts, pagination, count cap, candidate pool, write
 * ordering by position).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseQuery } from '../../contracts/search/query-parser.ts';
import { referenceKeysOf } from '../../contracts/search/reference-keys.ts';
import { statuteSearchKeys } from '../../contracts/search/statute-keys.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import {
  PostgresSearchIndex,
  type PostgresSearchOptions,
} from '../../infra/search/postgres/postgres-search-index.ts';
import type {
  CompactHit,
  DecisionSearchIndex,
  SearchDocument,
  SearchFilters,
  SearchHit,
  SearchRequest,
  SearchResult,
  SearchSort,
} from '../../infra/search/search.port.ts';
import { COMPACT_HIT_FIELDS } from '../../infra/search/search.port.ts';

// ---------------------------------------------------------------------------------------------
// Fixture contract

/** Bounds a backend is opened with for the capped variant of the suite. */
export interface SearchLimits {
  /** Matches are counted exactly up to this many; beyond, `total` is this number and a lower bound. */
  readonly countCap: number;
  /** Relevance queries rank at most this many candidates. */
  readonly candidatePool: number;
}

export interface SearchFixture {
  readonly index: DecisionSearchIndex;
  /**
   * Writes documents through the backend's writer and makes them searchable before resolving.
   * Without `positions`, every document gets a position above all positions written before;
   * with them, `positions[i]` is the position of `docs[i]`.
   */
  load(docs: readonly SearchDocument[], positions?: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a fresh, empty index (null: backend unavailable here, tests are skipped). Called with
 * limits for the capped variant, without for the default (uncapped for this corpus) variant.
 */
export type OpenSearchFixture = (limits?: SearchLimits) => Promise<SearchFixture | null>;

/**
 * Records each statement sent through its plugin, compiled with its parameters for `db()` (the
 * handle's database), in `sent`; the caller empties it between requests.
 */
export function statementsSent(db: () => DatabaseHandle['db']): {
  plugin: KyselyPlugin;
  sent: CompiledQuery[];
} {
  const sent: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(db().getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { plugin, sent };
}

/**
 * The fixture of the PostgreSQL index over a migrated database (PGlite or a server schema); the
 * index searches through `searchDb` (the handle's, or the same with a plugin that watches it).
 */
export function postgresSearchFixture(
  handle: DatabaseHandle,
  limits?: SearchLimits,
  searchDb: DatabaseHandle['db'] = handle.db,
  options: Pick<PostgresSearchOptions, 'analysisParallelism' | 'scoredRowsFirst'> = {},
): SearchFixture {
  const postgres = new PostgresSearchIndex(searchDb, { ...limits, ...options });
  // The search table lives in a projection generation schema; readers see it through a view.
  const ready = (async () => {
    const registry = await GenerationRegistry.open(handle.db);
    const [gen] = await registry.ensureLive([
      {
        name: 'decision-search',
        streams: [],
        handles: [],
        storage: decisionSearchPostgresStorage,
        handle: async () => {},
      },
    ]);
    return gen!;
  })();
  const index: DecisionSearchIndex = {
    changesWithReadModelState: true,
    search: async (request) => (await ready, postgres.search(request)),
    searchIds: async (request) => (await ready, postgres.searchIds(request)),
    compactHits: async (ids) => (await ready, postgres.compactHits(ids)),
  };
  let next = 1;
  return {
    index,
    async load(docs, positions) {
      if (positions && positions.length !== docs.length) throw new Error('one position per document');
      const gen = await ready;
      const entries = docs.map((doc, i) => ({ doc, position: positions?.[i] ?? next++ }));
      next = Math.max(next, ...entries.map((e) => e.position + 1));
      await handle.db.transaction().execute(async (tx) => {
        await sql`select set_config('search_path', ${`"${gen.schema}", "${gen.base}"`}, true)`.execute(tx);
        await postgres.upsert(entries, { tx });
      });
    },
    close: () => handle.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// Corpus: 30 decisions in de / fr / it / rm, written for the assertions below. Words that occur in
// several documents are deliberate; comments name what each document is there for.

interface DocInput {
  readonly id: string;
  readonly court: string;
  readonly canton: string;
  readonly chamber: string | null;
  readonly type: string | null;
  readonly date: string | null;
  readonly language: 'de' | 'fr' | 'it' | 'rm';
  readonly docket: string;
  readonly title: string;
  readonly regeste?: string;
  readonly text: string;
}

function doc(d: DocInput): SearchDocument {
  return {
    decision_id: d.id,
    court: d.court,
    canton: d.canton,
    chamber: d.chamber,
    decision_type: d.type,
    decision_date: d.date,
    language: d.language,
    docket_number: d.docket,
    title: d.title,
    regeste: d.regeste ?? null,
    rule_statement: d.regeste ?? d.text,
    full_text: d.text,
    ref_keys: [
      ...referenceKeysOf(d.id, d.docket),
      ...statuteSearchKeys(d.text, d.language === 'rm' ? {} : { language: d.language }),
    ],
  };
}

export const CORPUS: readonly SearchDocument[] = [
  // --- German -------------------------------------------------------------------------------
  doc({
    // own decision of the docket reference 4A_100/2020; "Kündigung" in title, regeste and text
    id: 'bger_4A_100_2020',
    court: 'bger',
    canton: 'CH',
    chamber: 'I. zivilrechtliche Abteilung',
    type: 'Urteil',
    date: '2020-03-10',
    language: 'de',
    docket: '4A_100/2020',
    title: 'Mietvertrag; fristlose Kündigung',
    regeste: 'Voraussetzungen der fristlosen Kündigung eines Mietvertrags durch die Vermieterin.',
    text: 'Die Vermieterin kündigte den Mietvertrag fristlos. Die fristlose Kündigung war gültig.',
  }),
  doc({
    // cites 4A_100/2020 and BGE 140 III 86; same date as bger_2C_900_2021 (tie)
    id: 'bger_4A_200_2021',
    court: 'bger',
    canton: 'CH',
    chamber: 'I. zivilrechtliche Abteilung',
    type: 'Urteil',
    date: '2021-06-15',
    language: 'de',
    docket: '4A_200/2021',
    title: 'Arbeitsvertrag; Kündigung zur Unzeit',
    text: 'Gemäss Urteil 4A_100/2020 vom 10. März 2020 und BGE 140 III 86 E. 2 ist die Kündigung missbräuchlich. Der Arbeitsvertrag wurde aufgelöst.',
  }),
  doc({
    // own decision of BGE 140 III 86; "Sperrfrist" in its title (title outranks text)
    id: 'bge_BGE_140_III_86',
    court: 'bge',
    canton: 'CH',
    chamber: 'II. zivilrechtliche Abteilung',
    type: 'Leitentscheid',
    date: '2014-02-03',
    language: 'de',
    docket: 'BGE 140 III 86',
    title: 'Arbeitsvertrag; Sperrfrist bei Krankheit',
    regeste: 'Kündigungen während der Sperrfrist sind nichtig.',
    text: 'Die Arbeitnehmerin erkrankte. Während der Sperrfrist sprach die Firma mehrere Kündigungen aus.',
  }),
  doc({
    // "Kündigung" only in the full text; "fristlose Entlassung" is not "fristlose Kündigung";
    // "Hauswart" once, in the title only
    id: 'bger_5A_300_2019',
    court: 'bger',
    canton: 'CH',
    chamber: 'II. zivilrechtliche Abteilung',
    type: 'Urteil',
    date: '2019-09-30',
    language: 'de',
    docket: '5A_300/2019',
    title: 'Entlassung eines Hauswarts',
    text: 'Die fristlose Entlassung erfolgte am Montag; eine ordentliche Kündigung wäre möglich gewesen. Die Sperrfrist galt nicht.',
  }),
  doc({
    // "Vertrag" as a whole word; decision type "Teilurteil" (not "Urteil")
    id: 'bger_4A_400_2018',
    court: 'bger',
    canton: 'CH',
    chamber: 'I. zivilrechtliche Abteilung',
    type: 'Teilurteil',
    date: '2018-11-20',
    language: 'de',
    docket: '4A_400/2018',
    title: 'Kaufvertrag',
    text: 'Der Vertrag über die Lieferung von Waren wurde nicht erfüllt (Art. 97 Abs. 1 OR; Art. 41 OR).',
  }),
  doc({
    // criminal law; decoy citations BGE 140 III 860 and BGE 141 III 86 (must not match 140 III 86)
    id: 'bger_6B_500_2022',
    court: 'bger',
    canton: 'CH',
    chamber: 'Strafrechtliche Abteilung',
    type: 'Urteil',
    date: '2022-05-03',
    language: 'de',
    docket: '6B_500/2022',
    title: 'Strafzumessung bei Betrug',
    regeste: 'Strafzumessung; Berücksichtigung der Vorstrafen.',
    text: 'Der Beschwerdeführer wurde wegen Betrugs verurteilt. Vgl. BGE 140 III 860 und BGE 141 III 86. Die Strafe ist angemessen.',
  }),
  doc({
    // own decision of the BVGer docket A-1234/2020
    id: 'bvger_A-1234_2020',
    court: 'bvger',
    canton: 'CH',
    chamber: 'Abteilung I',
    type: 'Urteil',
    date: '2020-08-12',
    language: 'de',
    docket: 'A-1234/2020',
    title: 'Zollabgaben',
    text: 'Die Beschwerde gegen die Zollverfügung wird abgewiesen.',
  }),
  doc({
    // cites A-1234/2020; same date as bger_4A_200_2021
    id: 'bger_2C_900_2021',
    court: 'bger',
    canton: 'CH',
    chamber: 'II. öffentlich-rechtliche Abteilung',
    type: 'Urteil',
    date: '2021-06-15',
    language: 'de',
    docket: '2C_900/2021',
    title: 'Zollveranlagung',
    text: 'Vgl. Urteil des Bundesverwaltungsgerichts A-1234/2020 vom 12. August 2020.',
  }),
  doc({
    id: 'zh_obergericht_LB190001',
    court: 'zh_obergericht',
    canton: 'ZH',
    chamber: 'II. Zivilkammer',
    type: 'Beschluss',
    date: '2019-04-01',
    language: 'de',
    docket: 'LB190001',
    title: 'Erbteilung; Ausgleichung',
    text: 'Die Erben streiten über die Ausgleichung von Schenkungen.',
  }),
  doc({
    // same date as bger_4A_100_2020 (tie across courts); "Hauswart" once, in the full text only
    id: 'zh_obergericht_LB200002',
    court: 'zh_obergericht',
    canton: 'ZH',
    chamber: 'I. Zivilkammer',
    type: 'Urteil',
    date: '2020-03-10',
    language: 'de',
    docket: 'LB200002',
    title: 'Mietzins; Anfechtung',
    text: 'Der Mieter focht den Anfangsmietzins an; der Hauswart sagte als Zeuge aus.',
  }),
  doc({
    id: 'zh_verwaltungsgericht_VB.2020.00123',
    court: 'zh_verwaltungsgericht',
    canton: 'ZH',
    chamber: '3. Abteilung',
    type: 'Urteil',
    date: '2020-12-31',
    language: 'de',
    docket: 'VB.2020.00123',
    title: 'Baubewilligung für ein Einfamilienhaus',
    text: 'Die Baubewilligung wurde zu Recht verweigert.',
  }),
  doc({
    id: 'be_obergericht_SK_21_100',
    court: 'be_obergericht',
    canton: 'BE',
    chamber: '1. Strafkammer',
    type: 'Urteil',
    date: '2021-01-01',
    language: 'de',
    docket: 'SK 21 100',
    title: 'Betrug; Strafzumessung',
    text: 'Die Strafkammer bestätigt die Verurteilung wegen Betrugs.',
  }),
  doc({
    // the only decision without a date and without a decision type; chamber with a literal `_`
    id: 'lu_kantonsgericht_1B_21_5',
    court: 'lu_kantonsgericht',
    canton: 'LU',
    chamber: 'Kammer_A',
    type: null,
    date: null,
    language: 'de',
    docket: '1B 21 5',
    title: 'Vertrag über Dienstleistungen',
    text: 'Der Auftrag wurde als Vertrag eigener Art qualifiziert.',
  }),
  doc({
    // chamber "Kammer A": a `_` in a chamber filter must not act as a wildcard
    id: 'sg_kantonsgericht_BZ.2022.15',
    court: 'sg_kantonsgericht',
    canton: 'SG',
    chamber: 'Kammer A',
    type: 'Entscheid',
    date: '2022-11-11',
    language: 'de',
    docket: 'BZ.2022.15',
    title: 'Pfändung; Existenzminimum',
    text: 'Das betreibungsrechtliche Existenzminimum wurde korrekt berechnet.',
  }),
  doc({
    // chamber with a literal `%`
    id: 'ag_obergericht_ZOR.2021.12',
    court: 'ag_obergericht',
    canton: 'AG',
    chamber: 'Kammer 50%',
    type: 'Urteil',
    date: '2021-11-30',
    language: 'de',
    docket: 'ZOR.2021.12',
    title: 'Werkvertrag; Mängelrüge',
    text: 'Die Mängelrüge des Bestellers erfolgte rechtzeitig.',
  }),
  doc({
    // chamber "Kammer 50": a `%` in a chamber filter must not act as a wildcard
    id: 'bs_appellationsgericht_ZB.2023.4',
    court: 'bs_appellationsgericht',
    canton: 'BS',
    chamber: 'Kammer 50',
    type: 'Entscheid',
    date: '2023-01-20',
    language: 'de',
    docket: 'ZB.2023.4',
    title: 'Scheidung; Unterhalt',
    text: 'Der Unterhaltsbeitrag für die Kinder wurde erhöht.',
  }),
  doc({
    id: 'bstger_SK.2019.42',
    court: 'bstger',
    canton: 'CH',
    chamber: 'Strafkammer',
    type: 'Urteil',
    date: '2019-08-08',
    language: 'de',
    docket: 'SK.2019.42',
    title: 'Geldwäscherei',
    text: 'Die Beschuldigte wurde der qualifizierten Geldwäscherei schuldig gesprochen.',
  }),
  doc({
    // cites 4A_100/2020 at the end of a sentence
    id: 'bger_1C_50_2023',
    court: 'bger',
    canton: 'CH',
    chamber: 'I. öffentlich-rechtliche Abteilung',
    type: 'Urteil',
    date: '2023-06-30',
    language: 'de',
    docket: '1C_50/2023',
    title: 'Baubewilligung; Einsprache',
    text: 'Die Einsprache gegen die Baubewilligung wurde abgewiesen. Siehe bereits Urteil 4A_100/2020.',
  }),
  // --- French -------------------------------------------------------------------------------
  doc({
    // cites ATF 140 III 86
    id: 'bger_4A_500_2016',
    court: 'bger',
    canton: 'CH',
    chamber: 'Ire Cour de droit civil',
    type: 'arrêt',
    date: '2016-07-04',
    language: 'fr',
    docket: '4A_500/2016',
    title: 'Bail à loyer; résiliation',
    regeste: 'Résiliation du bail à loyer pour justes motifs.',
    text: 'Les contrats de bail peuvent être résiliés. Voir ATF 140 III 86 consid. 2.',
  }),
  doc({
    id: 'bger_4A_600_2017',
    court: 'bger',
    canton: 'CH',
    chamber: 'Ire Cour de droit civil',
    type: 'arrêt',
    date: '2017-02-14',
    language: 'fr',
    docket: '4A_600/2017',
    title: 'Responsabilité civile du détenteur',
    text: "L'arrêt attaqué retient la responsabilité civile du détenteur du véhicule (art. 41 al. 1 CO).",
  }),
  doc({
    // cites 4A_100/2020 in French
    id: 'ge_gerichte_ACJC_123_2021',
    court: 'ge_gerichte',
    canton: 'GE',
    chamber: 'Chambre civile',
    type: 'arrêt',
    date: '2021-09-09',
    language: 'fr',
    docket: 'ACJC/123/2021',
    title: 'Contrat de travail; licenciement',
    text: 'Le contrat de travail a été résilié; cf. arrêt 4A_100/2020 du 10 mars 2020.',
  }),
  doc({
    id: 'vd_findinfo_HC_2020_55',
    court: 'vd_findinfo',
    canton: 'VD',
    chamber: 'Cour civile',
    type: 'Jugement',
    date: '2020-05-05',
    language: 'fr',
    docket: 'HC/2020/55',
    title: 'Vente immobilière',
    text: "La vente de l'immeuble est annulée pour vice du consentement.",
  }),
  doc({
    // cites 140 III 86 inside a list citation
    id: 'ne_tribunal_cantonal_CACIV.2019.12',
    court: 'ne_tribunal_cantonal',
    canton: 'NE',
    chamber: "Cour d'appel civile",
    type: 'arrêt',
    date: '2019-12-12',
    language: 'fr',
    docket: 'CACIV.2019.12',
    title: 'Divorce; entretien',
    text: "Le jugement de divorce fixe la contribution d'entretien (cf. ATF 139 III 1; 140 III 86).",
  }),
  doc({
    id: 'bger_6B_800_2023',
    court: 'bger',
    canton: 'CH',
    chamber: 'Cour de droit pénal',
    type: 'arrêt',
    date: '2023-03-15',
    language: 'fr',
    docket: '6B_800/2023',
    title: 'Escroquerie; fixation de la peine',
    text: 'Le recourant a été condamné pour escroquerie.',
  }),
  // --- Italian ------------------------------------------------------------------------------
  doc({
    // cites DTF 140 III 86
    id: 'bger_4A_700_2019',
    court: 'bger',
    canton: 'CH',
    chamber: 'I Corte di diritto civile',
    type: 'sentenza',
    date: '2019-10-10',
    language: 'it',
    docket: '4A_700/2019',
    title: 'Contratto di locazione',
    text: 'La disdetta del contratto di locazione è valida; cfr. DTF 140 III 86 consid. 2.',
  }),
  doc({
    id: 'ti_gerichte_12.2020.1',
    court: 'ti_gerichte',
    canton: 'TI',
    chamber: 'Camera civile',
    type: 'sentenza',
    date: '2020-02-20',
    language: 'it',
    docket: '12.2020.1',
    title: 'Responsabilità civile',
    text: 'Il diritto al risarcimento presuppone la responsabilità del convenuto.',
  }),
  doc({
    id: 'ti_tribunale_amministrativo_52.2021.7',
    court: 'ti_tribunale_amministrativo',
    canton: 'TI',
    chamber: 'Camera di diritto pubblico',
    type: 'decisione',
    date: '2021-03-03',
    language: 'it',
    docket: '52.2021.7',
    title: 'Diritti reali',
    text: 'I diritti reali limitati sono iscritti nel registro fondiario.',
  }),
  doc({
    id: 'bger_6B_900_2024',
    court: 'bger',
    canton: 'CH',
    chamber: 'Corte di diritto penale',
    type: 'sentenza',
    date: '2024-04-04',
    language: 'it',
    docket: '6B_900/2024',
    title: 'Truffa; commisurazione della pena',
    text: 'Il ricorrente è stato condannato per truffa.',
  }),
  // --- Romansh (no stemming, no stop words) -------------------------------------------------
  doc({
    id: 'gr_kantonsgericht_ZK1_20_5',
    court: 'gr_kantonsgericht',
    canton: 'GR',
    chamber: 'Chombra civila',
    type: 'sentenzia',
    date: '2020-06-06',
    language: 'rm',
    docket: 'ZK1 20 5',
    title: 'Contract da locaziun',
    text: 'Il contract da locaziun è vegnì terminà.',
  }),
  doc({
    id: 'gr_kantonsgericht_ZK2_21_8',
    court: 'gr_kantonsgericht',
    canton: 'GR',
    chamber: null,
    type: 'decisiun',
    date: '2021-10-10',
    language: 'rm',
    docket: 'ZK2 21 8',
    title: 'Dretg da possess',
    text: 'La dumonda da dretg è vegnida refusada.',
  }),
];

// ---------------------------------------------------------------------------------------------
// Helpers

const ALL_IDS: readonly string[] = CORPUS.map((d) => d.decision_id);
const BY_ID = new Map(CORPUS.map((d) => [d.decision_id, d]));
const sorted = (ids: Iterable<string>): string[] => [...ids].sort();
const allExcept = (...ids: string[]): string[] => {
  for (const id of ids) if (!BY_ID.has(id)) throw new Error(`unknown id ${id}`);
  return ALL_IDS.filter((id) => !ids.includes(id));
};
const ofLanguage = (...languages: string[]): string[] =>
  CORPUS.filter((d) => languages.includes(d.language)).map((d) => d.decision_id);

export function astOf(query: string) {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(`test query does not parse: ${query}: ${parsed.error.message}`);
  return parsed.ast;
}

export interface Ask {
  readonly query?: string;
  readonly filters?: SearchFilters;
  readonly sort?: SearchSort;
  readonly limit?: number;
  readonly offset?: number;
  readonly compact?: boolean;
}

export function requestOf(a: Ask): SearchRequest {
  return {
    query: astOf(a.query ?? ''),
    filters: a.filters ?? {},
    sort: a.sort ?? 'relevance',
    limit: a.limit ?? 1000,
    offset: a.offset ?? 0,
    ...(a.compact === undefined ? {} : { compact: a.compact }),
  };
}

/** Reference order of the date sorts: nulls last, ties by decision_id in the sort's direction. */
function dateOrder(ids: readonly string[], sort: 'date_desc' | 'date_asc'): string[] {
  const dir = sort === 'date_asc' ? 1 : -1;
  return [...ids].sort((a, b) => {
    const da = BY_ID.get(a)?.decision_date ?? null;
    const db = BY_ID.get(b)?.decision_date ?? null;
    if (da !== db) {
      if (da === null) return 1;
      if (db === null) return -1;
      return da < db ? -dir : dir;
    }
    return a < b ? -dir : a > b ? dir : 0;
  });
}

// ---------------------------------------------------------------------------------------------
// Expected results

const KUENDIGUNG = ['bger_4A_100_2020', 'bger_4A_200_2021', 'bge_BGE_140_III_86', 'bger_5A_300_2019'];
const VERTRAG = ['bger_4A_400_2018', 'lu_kantonsgericht_1B_21_5'];
const DOCKET_4A_100 = [
  'bger_4A_100_2020',
  'bger_4A_200_2021',
  'bger_1C_50_2023',
  'ge_gerichte_ACJC_123_2021',
];
const BGE_140_III_86 = [
  'bge_BGE_140_III_86',
  'bger_4A_200_2021',
  'bger_4A_500_2016',
  'ne_tribunal_cantonal_CACIV.2019.12',
  'bger_4A_700_2019',
];
const BGER = CORPUS.filter((d) => d.court === 'bger').map((d) => d.decision_id);

/** [what, query, exactly the decisions that match] */
export const QUERY_CASES: readonly (readonly [string, string, readonly string[]])[] = [
  // rule 1–2: each decision analysed in its own language
  ['de: a plural finds the singular', 'Kündigungen', KUENDIGUNG],
  ['de: the umlaut is folded', 'Kundigung', KUENDIGUNG],
  ['de: a whole word, never a part of a compound', 'Vertrag', VERTRAG],
  ['de: inflected forms of one word', 'Betrug', ['bger_6B_500_2022', 'be_obergericht_SK_21_100']],
  ['fr: a plural finds the singular', 'contrats', ['bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021']],
  ['fr: accents and stemming', 'résiliation', ['bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021']],
  ['fr: elided article', "l'arrêt", ['bger_4A_600_2017', 'ge_gerichte_ACJC_123_2021']],
  ['it: stemming', 'responsabilità', ['ti_gerichte_12.2020.1']],
  ['it: a plural finds the singular', 'contratti', ['bger_4A_700_2019']],
  ['rm: the simple analyser matches the word', 'locaziun', ['gr_kantonsgericht_ZK1_20_5']],
  ['rm: the simple analyser does not stem', 'contracts', []],
  // rule 4: phrases
  ['phrase: adjacent and in order', '"fristlose Kündigung"', ['bger_4A_100_2020']],
  ['phrase: wrong order', '"Kündigung fristlose"', []],
  ['phrase: both words present but apart', '"Entlassung Montag"', []],
  ['phrase: the same words as AND do match', 'Entlassung Montag', ['bger_5A_300_2019']],
  ['phrase: a stop word holds a slot any word fills', '"Kündigung des Mietvertrags"', ['bger_4A_100_2020']],
  ['phrase: typographic quotes', '„fristlose Kündigung“', ['bger_4A_100_2020']],
  ['phrase: fr in guillemets', '«bail à loyer»', ['bger_4A_500_2016']],
  ['phrase: it', '"contratto di locazione"', ['bger_4A_700_2019']],
  ['phrase: rm', '"contract da locaziun"', ['gr_kantonsgericht_ZK1_20_5']],
  // rule 6: boolean operators
  ['AND', 'Kündigung AND Arbeitsvertrag', ['bger_4A_200_2021', 'bge_BGE_140_III_86']],
  ['implicit AND', 'Kündigung Mietvertrag', ['bger_4A_100_2020']],
  [
    'OR across languages',
    'Mietvertrag OR contrats OR contratto',
    ['bger_4A_100_2020', 'bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021', 'bger_4A_700_2019'],
  ],
  ['NOT', 'Kündigung NOT Arbeitsvertrag', ['bger_4A_100_2020', 'bger_5A_300_2019']],
  ['minus as NOT', 'Kündigung -Mietvertrag -Entlassung', ['bger_4A_200_2021', 'bge_BGE_140_III_86']],
  [
    'AND binds tighter than OR',
    'Entlassung OR Kündigung Mietvertrag',
    ['bger_4A_100_2020', 'bger_5A_300_2019'],
  ],
  ['parentheses', '(Entlassung OR Mietvertrag) Kündigung', ['bger_4A_100_2020', 'bger_5A_300_2019']],
  ['NOT of a group', 'Kündigung -(Mietvertrag OR Arbeitsvertrag)', ['bger_5A_300_2019']],
  // rule 3: prefixes (stemmed like a word)
  ['prefix: de', 'Arbeits*', ['bger_4A_200_2021', 'bge_BGE_140_III_86']],
  ['prefix: de, several words', 'Straf*', ['bger_6B_500_2022', 'be_obergericht_SK_21_100']],
  ['prefix: no match inside compounds', 'vertrag*', VERTRAG],
  ['prefix: fr', 'résil*', ['bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021']],
  ['prefix: it', 'diritt*', ['ti_gerichte_12.2020.1', 'ti_tribunale_amministrativo_52.2021.7']],
  [
    'prefix: it, the prefix is stemmed too',
    'diritto*',
    ['ti_gerichte_12.2020.1', 'ti_tribunale_amministrativo_52.2021.7'],
  ],
  ['prefix: it and rm at once', 'locaz*', ['bger_4A_700_2019', 'gr_kantonsgericht_ZK1_20_5']],
  // rule 7: stop words are removed per language
  ['stop word in an AND', 'der Vertrag', VERTRAG],
  ['stop word in an OR', 'der OR Vertrag', VERTRAG],
  ['negated stop word', 'Vertrag NOT die', VERTRAG],
  ['stop-word prefix', 'Vertrag AND die*', VERTRAG],
  ['stop words only', 'der die das', []],
  [
    'NOT stop word only: nothing in German, all others (without the word)',
    'NOT der',
    ofLanguage('fr', 'it', 'rm'),
  ],
  ['it stop word', 'la disdetta', ['bger_4A_700_2019']],
  ['fr stop word', 'le contrat', ['bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021']],
  // rule 6: NOT-only queries mean "all except"
  ['NOT term only', 'NOT Kündigung', allExcept(...KUENDIGUNG)],
  ['NOT prefix only', '-Arbeits*', allExcept('bger_4A_200_2021', 'bge_BGE_140_III_86')],
  ['NOT phrase only', 'NOT "fristlose Kündigung"', allExcept('bger_4A_100_2020')],
  [
    'NOT a AND NOT b',
    'NOT Kündigung NOT contrats',
    allExcept(...KUENDIGUNG, 'bger_4A_500_2016', 'ge_gerichte_ACJC_123_2021'),
  ],
  // rule 5: references
  ['docket: its decision and the decisions citing it', '4A_100/2020', DOCKET_4A_100],
  ['docket written with a space', '4A 100/2020', DOCKET_4A_100],
  ['docket in lower case', '4a_100/2020', DOCKET_4A_100],
  ['BGE reference: own and cited as BGE / ATF / DTF / in a list', 'BGE 140 III 86', BGE_140_III_86],
  ['ATF form', 'ATF 140 III 86', BGE_140_III_86],
  ['DTF form', 'DTF 140 III 86', BGE_140_III_86],
  ['bare form', '140 III 86', BGE_140_III_86],
  ['another BGE page is another reference', 'BGE 141 III 86', ['bger_6B_500_2022']],
  ['a BGE prefix is not the reference', 'BGE 140 III 8', []],
  ['BVGer docket', 'A-1234/2020', ['bvger_A-1234_2020', 'bger_2C_900_2021']],
  ['BStGer docket', 'SK.2019.42', ['bstger_SK.2019.42']],
  ['decision id: only that decision', 'bger_4A_100_2020', ['bger_4A_100_2020']],
  ['decision id of a BGE', 'bge_BGE_140_III_86', ['bge_BGE_140_III_86']],
  ['two decision ids', 'bger_4A_100_2020 OR bger_6B_500_2022', ['bger_4A_100_2020', 'bger_6B_500_2022']],
  ['reference AND term', '4A_100/2020 Mietvertrag', ['bger_4A_100_2020']],
  [
    'reference AND stop word (removed in German only)',
    'der 4A_100/2020',
    ['bger_4A_100_2020', 'bger_4A_200_2021', 'bger_1C_50_2023'],
  ],
  ['reference OR term', '4A_100/2020 OR Entlassung', [...DOCKET_4A_100, 'bger_5A_300_2019']],
  // statute provisions: the decisions applying them, in any language (OR = CO), before operators
  ['statute provision', 'Art. 41 OR', ['bger_4A_400_2018', 'bger_4A_600_2017']],
  ['statute provision in French', 'art. 41 al. 2 CO', ['bger_4A_400_2018', 'bger_4A_600_2017']],
  ['statute provision AND term', 'Art. 41 OR Lieferung', ['bger_4A_400_2018']],
  ['statute provision OR statute provision', 'Art. 97 OR OR Art. 8 ZGB', ['bger_4A_400_2018']],
  ['NOT statute provision', 'Vertrag -Art. 97 OR', VERTRAG.filter((id) => id !== 'bger_4A_400_2018')],
  ['a provision nobody applies', 'Art. 271 OR', []],
  ['term NOT reference', 'Kündigung NOT 4A_100/2020', ['bge_BGE_140_III_86', 'bger_5A_300_2019']],
  ['NOT reference only', 'NOT 4A_100/2020', allExcept(...DOCKET_4A_100)],
  ['two references', '4A_100/2020 BGE 140 III 86', ['bger_4A_200_2021']],
  ['unknown docket', '9C_999/2099', []],
  // rule 9
  ['empty query', '   ', ALL_IDS],
];

/** [what, query, filters, exactly the decisions that match] */
export const FILTER_CASES: readonly (readonly [string, string, SearchFilters, readonly string[]])[] = [
  ['court', '', { court: 'bger' }, BGER],
  [
    'court (cantonal)',
    '',
    { court: 'zh_obergericht' },
    ['zh_obergericht_LB190001', 'zh_obergericht_LB200002'],
  ],
  ['court without decisions', '', { court: 'finma' }, []],
  [
    'canton',
    '',
    { canton: 'ZH' },
    ['zh_obergericht_LB190001', 'zh_obergericht_LB200002', 'zh_verwaltungsgericht_VB.2020.00123'],
  ],
  [
    'canton CH (federal)',
    '',
    { canton: 'CH' },
    CORPUS.filter((d) => ['bger', 'bge', 'bvger', 'bstger'].includes(d.court)).map((d) => d.decision_id),
  ],
  ['language fr', '', { language: 'fr' }, ofLanguage('fr')],
  ['language it', '', { language: 'it' }, ofLanguage('it')],
  ['language rm', '', { language: 'rm' }, ['gr_kantonsgericht_ZK1_20_5', 'gr_kantonsgericht_ZK2_21_8']],
  [
    'date_from (inclusive; undated excluded)',
    '',
    { dateFrom: '2021-06-15' },
    [
      'bger_4A_200_2021',
      'bger_2C_900_2021',
      'ge_gerichte_ACJC_123_2021',
      'gr_kantonsgericht_ZK2_21_8',
      'ag_obergericht_ZOR.2021.12',
      'bger_6B_500_2022',
      'sg_kantonsgericht_BZ.2022.15',
      'bs_appellationsgericht_ZB.2023.4',
      'bger_6B_800_2023',
      'bger_1C_50_2023',
      'bger_6B_900_2024',
    ],
  ],
  [
    'date_to (inclusive; undated excluded)',
    '',
    { dateTo: '2019-04-01' },
    [
      'bge_BGE_140_III_86',
      'bger_4A_500_2016',
      'bger_4A_600_2017',
      'bger_4A_400_2018',
      'zh_obergericht_LB190001',
    ],
  ],
  [
    'date_from = date_to: one day',
    '',
    { dateFrom: '2020-03-10', dateTo: '2020-03-10' },
    ['bger_4A_100_2020', 'zh_obergericht_LB200002'],
  ],
  ['a year boundary day', '', { dateFrom: '2021-01-01', dateTo: '2021-01-01' }, ['be_obergericht_SK_21_100']],
  [
    'date range',
    '',
    { dateFrom: '2020-12-31', dateTo: '2021-03-03' },
    [
      'zh_verwaltungsgericht_VB.2020.00123',
      'be_obergericht_SK_21_100',
      'ti_tribunale_amministrativo_52.2021.7',
    ],
  ],
  [
    'undated decisions are outside every date range',
    'Vertrag',
    { dateFrom: '1900-01-01', dateTo: '2099-12-31' },
    ['bger_4A_400_2018'],
  ],
  [
    'chamber: substring',
    '',
    { chamber: 'zivilrechtliche' },
    ['bger_4A_100_2020', 'bger_4A_200_2021', 'bge_BGE_140_III_86', 'bger_5A_300_2019', 'bger_4A_400_2018'],
  ],
  [
    'chamber: case-insensitive',
    '',
    { chamber: 'ZIVILKAMMER' },
    ['zh_obergericht_LB190001', 'zh_obergericht_LB200002'],
  ],
  [
    'chamber: case-insensitive beyond ASCII',
    '',
    { chamber: 'ÖFFENTLICH-RECHTLICHE' },
    ['bger_2C_900_2021', 'bger_1C_50_2023'],
  ],
  [
    'chamber: a word anywhere',
    '',
    { chamber: 'kammer' },
    [
      'zh_obergericht_LB190001',
      'zh_obergericht_LB200002',
      'be_obergericht_SK_21_100',
      'lu_kantonsgericht_1B_21_5',
      'sg_kantonsgericht_BZ.2022.15',
      'ag_obergericht_ZOR.2021.12',
      'bs_appellationsgericht_ZB.2023.4',
      'bstger_SK.2019.42',
    ],
  ],
  ['chamber: `_` is a literal underscore', '', { chamber: 'r_A' }, ['lu_kantonsgericht_1B_21_5']],
  ['chamber: only `_`', '', { chamber: '_' }, ['lu_kantonsgericht_1B_21_5']],
  ['chamber: `_` literal and case-insensitive', '', { chamber: 'KAMMER_a' }, ['lu_kantonsgericht_1B_21_5']],
  ['chamber: `%` is a literal percent sign', '', { chamber: '50%' }, ['ag_obergericht_ZOR.2021.12']],
  ['chamber: only `%`', '', { chamber: '%' }, ['ag_obergericht_ZOR.2021.12']],
  [
    'chamber: without `%`',
    '',
    { chamber: 'r 50' },
    ['ag_obergericht_ZOR.2021.12', 'bs_appellationsgericht_ZB.2023.4'],
  ],
  ['chamber: a backslash is literal too', '', { chamber: '\\' }, []],
  [
    'decision_type: exact, case-insensitive (not Teilurteil)',
    '',
    { decisionType: 'urteil' },
    [
      'bger_4A_100_2020',
      'bger_4A_200_2021',
      'bger_5A_300_2019',
      'bger_6B_500_2022',
      'bvger_A-1234_2020',
      'bger_2C_900_2021',
      'zh_obergericht_LB200002',
      'zh_verwaltungsgericht_VB.2020.00123',
      'be_obergericht_SK_21_100',
      'ag_obergericht_ZOR.2021.12',
      'bstger_SK.2019.42',
      'bger_1C_50_2023',
    ],
  ],
  [
    'decision_type: case-insensitive beyond ASCII',
    '',
    { decisionType: 'ARRÊT' },
    [
      'bger_4A_500_2016',
      'bger_4A_600_2017',
      'ge_gerichte_ACJC_123_2021',
      'ne_tribunal_cantonal_CACIV.2019.12',
      'bger_6B_800_2023',
    ],
  ],
  [
    'decision_type: not Leitentscheid for Entscheid',
    '',
    { decisionType: 'Entscheid' },
    ['sg_kantonsgericht_BZ.2022.15', 'bs_appellationsgericht_ZB.2023.4'],
  ],
  ['decision_type: never a substring', '', { decisionType: 'teil' }, []],
  // filters with a query
  [
    'query + court',
    'Kündigung',
    { court: 'bger' },
    ['bger_4A_100_2020', 'bger_4A_200_2021', 'bger_5A_300_2019'],
  ],
  ['query + canton', 'Strafzumessung', { canton: 'BE' }, ['be_obergericht_SK_21_100']],
  ['query + language', '4A_100/2020', { language: 'fr' }, ['ge_gerichte_ACJC_123_2021']],
  ['query + date_from', 'Kündigung', { dateFrom: '2020-03-10' }, ['bger_4A_100_2020', 'bger_4A_200_2021']],
  ['query + date_to', 'Kündigung', { dateTo: '2020-03-09' }, ['bge_BGE_140_III_86', 'bger_5A_300_2019']],
  ['query + chamber', 'Betrug', { chamber: 'strafkammer' }, ['be_obergericht_SK_21_100']],
  [
    'query + decision_type',
    '140 III 86',
    { decisionType: 'Arrêt' },
    ['bger_4A_500_2016', 'ne_tribunal_cantonal_CACIV.2019.12'],
  ],
  [
    'NOT-only query + court',
    'NOT Kündigung',
    { court: 'bger' },
    BGER.filter((id) => !KUENDIGUNG.includes(id)),
  ],
  [
    'every filter at once',
    'Kündigung',
    {
      court: 'bger',
      canton: 'CH',
      language: 'de',
      dateFrom: '2020-01-01',
      dateTo: '2021-12-31',
      chamber: 'Zivilrechtliche',
      decisionType: 'URTEIL',
    },
    ['bger_4A_100_2020', 'bger_4A_200_2021'],
  ],
  ['filters that exclude each other', '', { court: 'bger', canton: 'ZH' }, []],
];

// ---------------------------------------------------------------------------------------------
// The suite

/** Every field a hit carries, as loaded. */
function hitFieldsOf(d: SearchDocument): Omit<SearchHit, 'score'> {
  return {
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    chamber: d.chamber,
    decision_type: d.decision_type,
    decision_date: d.decision_date,
    language: d.language,
    docket_number: d.docket_number,
    title: d.title,
    regeste: d.regeste,
    rule_statement: d.rule_statement,
  };
}

/**
 * A search, asked also for its ids only: those must be the hits' ids in the same order, with the
 * same count and `hasMore`, whatever the query, filters, sort or page.
 */
async function searchedBoth(index: DecisionSearchIndex, a: Ask): Promise<SearchResult> {
  const [result, ids] = await Promise.all([index.search(requestOf(a)), index.searchIds(requestOf(a))]);
  const scored = result.hits.length > 0 && result.hits.every((h) => h.score !== undefined);
  expect(ids, `ids only: ${JSON.stringify(a)}`).toEqual({
    total: result.total,
    totalIsLowerBound: result.totalIsLowerBound,
    ids: result.hits.map((h) => h.decision_id),
    ...(scored ? { scores: result.hits.map((h) => h.score) } : {}),
    hasMore: result.hasMore,
  });
  // the compact fields of those ids, read by id, are the hits' own (compact pages build on it)
  const compact = await index.compactHits(ids.ids);
  const byId = new Map(compact.map((h) => [h.decision_id, h]));
  expect(compact, `compact hits: ${JSON.stringify(a)}`).toHaveLength(new Set(ids.ids).size);
  for (const hit of result.hits)
    expect(byId.get(hit.decision_id), `compact hit ${hit.decision_id}`).toEqual(compactFieldsOf(hit));
  return result;
}

/** The compact fields of a hit (what `compactHits` gives for its decision). */
function compactFieldsOf(hit: SearchHit): CompactHit {
  return Object.fromEntries(COMPACT_HIT_FIELDS.map((f) => [f, hit[f]])) as unknown as CompactHit;
}

/**
 * The behaviour every decision search backend must show. `open` is called once per block below
 * (fresh, empty index each time); with `limits` for the capped block.
 */
export function searchConformance(name: string, open: OpenSearchFixture): void {
  describe(`search conformance: ${name}`, () => {
    describe('matching, filters, sorting and pagination', () => {
      let fixture: SearchFixture | null = null;
      beforeAll(async () => {
        fixture = await open();
        await fixture?.load(CORPUS);
      });
      afterAll(async () => {
        await fixture?.close();
      });
      beforeEach((ctx) => {
        if (!fixture) ctx.skip();
      });
      const search = (a: Ask) => searchedBoth(fixture!.index, a);
      const ids = async (a: Ask) => (await search(a)).hits.map((h) => h.decision_id);

      it('holds the whole corpus, every hit with the fields as loaded', async () => {
        const result = await search({ sort: 'date_asc' });
        expect(result.total).toBe(CORPUS.length);
        expect(result.totalIsLowerBound).toBe(false);
        expect(result.hasMore).toBe(false);
        for (const hit of result.hits) {
          const { score: _score, ...fields } = hit;
          expect(fields).toEqual(hitFieldsOf(BY_ID.get(hit.decision_id)!));
        }
      });

      it('a compact page: the same hits in the same order, every compact field as loaded', async () => {
        for (const ask of [
          { sort: 'date_asc' },
          { query: 'Kündigung OR Vertrag OR 140 III 86', sort: 'relevance' },
        ] as const) {
          const full = await search(ask);
          const compact = await search({ ...ask, compact: true });
          expect(compact.hits.map((h) => h.decision_id)).toEqual(full.hits.map((h) => h.decision_id));
          expect(compact.total).toBe(full.total);
          for (const hit of compact.hits) {
            const loaded = hitFieldsOf(BY_ID.get(hit.decision_id)!);
            for (const field of COMPACT_HIT_FIELDS) expect(hit[field], field).toEqual(loaded[field]);
          }
        }
      });

      it.each(QUERY_CASES)('query %s: %s', async (_what, query, expected) => {
        for (const sort of ['relevance', 'date_desc'] as const) {
          const result = await search({ query, sort });
          expect(sorted(result.hits.map((h) => h.decision_id)), sort).toEqual(sorted(expected));
          expect(result.total).toBe(expected.length);
          expect(result.totalIsLowerBound).toBe(false);
          expect(result.hasMore).toBe(false);
        }
      });

      it.each(FILTER_CASES)('filter %s: %j %j', async (_what, query, filters, expected) => {
        const result = await search({ query, filters, sort: 'date_desc' });
        expect(result.hits.map((h) => h.decision_id)).toEqual(dateOrder(expected, 'date_desc'));
        expect(result.total).toBe(expected.length);
        expect(result.totalIsLowerBound).toBe(false);
      });

      it.each([
        ['docket', '4A_100/2020', 'bger_4A_100_2020', DOCKET_4A_100],
        ['docket with a space', '4A 100/2020', 'bger_4A_100_2020', DOCKET_4A_100],
        ['BGE', 'BGE 140 III 86', 'bge_BGE_140_III_86', BGE_140_III_86],
        ['ATF', 'ATF 140 III 86', 'bge_BGE_140_III_86', BGE_140_III_86],
        ['DTF', 'DTF 140 III 86', 'bge_BGE_140_III_86', BGE_140_III_86],
        ['bare BGE', '140 III 86', 'bge_BGE_140_III_86', BGE_140_III_86],
        ['BVGer docket', 'A-1234/2020', 'bvger_A-1234_2020', ['bvger_A-1234_2020', 'bger_2C_900_2021']],
        [
          'reference OR a better-scoring word',
          '4A_100/2020 OR Entlassung',
          'bger_4A_100_2020',
          [...DOCKET_4A_100, 'bger_5A_300_2019'],
        ],
      ])('relevance: the %s reference ranks its own decision first', async (_what, query, own, all) => {
        const result = await search({ query, sort: 'relevance' });
        const got = result.hits.map((h) => h.decision_id);
        expect(got[0]).toBe(own);
        expect(sorted(got)).toEqual(sorted(all));
      });

      it('relevance: the rest is ordered by score, highest first', async () => {
        for (const query of [
          'Kündigung',
          '4A_100/2020 OR Entlassung',
          'Mietvertrag OR contrats OR contratto',
          'Straf* OR Betrug',
        ]) {
          const hits = (await search({ query, sort: 'relevance' })).hits;
          const own = query.startsWith('4A_100/2020') ? 1 : 0;
          const scores = hits.slice(own).map((h) => h.score);
          for (const s of scores) expect(typeof s).toBe('number');
          expect(scores, query).toEqual([...scores].sort((a, b) => (b ?? 0) - (a ?? 0)));
        }
      });

      it('relevance: a title match outranks a full-text-only match', async () => {
        // "Hauswart" occurs once in each: in the title of the older decision, in the text of the newer one
        expect(await ids({ query: 'Hauswart', sort: 'relevance' })).toEqual([
          'bger_5A_300_2019',
          'zh_obergericht_LB200002',
        ]);
        // the decision with the word in title, regeste and text comes before the one with it in the text only
        const kuendigung = await ids({ query: 'Kündigung', sort: 'relevance' });
        expect(kuendigung[0]).toBe('bger_4A_100_2020');
        expect(kuendigung[kuendigung.length - 1]).toBe('bger_5A_300_2019');
        const sperrfrist = await ids({ query: 'Sperrfrist', sort: 'relevance' });
        expect(sperrfrist).toEqual(['bge_BGE_140_III_86', 'bger_5A_300_2019']);
      });

      it.each(['date_desc', 'date_asc'] as const)(
        'sort %s: by date, undated last, ties by decision id',
        async (sort) => {
          const got = await ids({ sort });
          expect(got).toEqual(dateOrder(ALL_IDS, sort));
          expect(got[got.length - 1]).toBe('lu_kantonsgericht_1B_21_5');
          const pos = (id: string) => got.indexOf(id);
          // two dates with two decisions each
          if (sort === 'date_desc') {
            expect(got[0]).toBe('bger_6B_900_2024');
            expect(pos('zh_obergericht_LB200002')).toBe(pos('bger_4A_100_2020') - 1);
            expect(pos('bger_4A_200_2021')).toBe(pos('bger_2C_900_2021') - 1);
          } else {
            expect(got[0]).toBe('bge_BGE_140_III_86');
            expect(pos('bger_4A_100_2020')).toBe(pos('zh_obergericht_LB200002') - 1);
            expect(pos('bger_2C_900_2021')).toBe(pos('bger_4A_200_2021') - 1);
          }
          // the same order with a query and a filter
          const withQuery = await ids({ query: 'Kündigung OR Vertrag', filters: { language: 'de' }, sort });
          expect(withQuery).toEqual(dateOrder([...KUENDIGUNG, ...VERTRAG], sort));
        },
      );

      it('sort relevance without a query: newest first, like date_desc', async () => {
        expect(await ids({ sort: 'relevance' })).toEqual(dateOrder(ALL_IDS, 'date_desc'));
      });

      const GRIDS: readonly (readonly [string, Ask])[] = [
        ['date_desc, filter only', { filters: { court: 'bger' }, sort: 'date_desc' }],
        [
          'date_asc, NOT-only query with a filter',
          { query: 'NOT Kündigung', filters: { court: 'bger' }, sort: 'date_asc' },
        ],
        [
          'date_desc, undated and tied decisions',
          { query: 'Vertrag OR Zivilkammer OR Kündigung OR Mietzins', sort: 'date_desc' },
        ],
        [
          'relevance, references and words',
          { query: 'Kündigung OR Vertrag OR 140 III 86 OR Hauswart', sort: 'relevance' },
        ],
      ];
      it.each(GRIDS)(
        'pagination %s: every (offset, limit) page is a slice of the full order',
        async (_what, ask) => {
          const full = await search({ ...ask, offset: 0, limit: 1000 });
          const order = full.hits.map((h) => h.decision_id);
          const n = order.length;
          expect(n).toBeGreaterThanOrEqual(6);
          expect(new Set(order).size).toBe(n);
          expect(full.total).toBe(n);
          if (ask.sort !== 'relevance') expect(order).toEqual(dateOrder(order, ask.sort!));
          for (let offset = 0; offset <= n + 2; offset++) {
            for (let limit = 1; limit <= n + 1; limit++) {
              const page = await search({ ...ask, offset, limit });
              const where = `offset ${offset} limit ${limit}`;
              expect(
                page.hits.map((h) => h.decision_id),
                where,
              ).toEqual(order.slice(offset, offset + limit));
              expect(page.hasMore, where).toBe(offset + limit < n);
              expect(page.total, where).toBe(n);
              expect(page.totalIsLowerBound, where).toBe(false);
            }
          }
        },
      );
    });

    describe('writes', () => {
      let fixture: SearchFixture | null = null;
      beforeAll(async () => {
        fixture = await open();
      });
      afterAll(async () => {
        await fixture?.close();
      });
      beforeEach((ctx) => {
        if (!fixture) ctx.skip();
      });

      const base = BY_ID.get('bger_4A_400_2018')!;
      const version = (word: string, court: string): SearchDocument => ({
        ...base,
        court,
        title: `Kaufvertrag (${word})`,
        full_text: `Fassung ${word}: der Vertrag wurde erfüllt.`,
      });
      const find = async (query: string, filters: SearchFilters = {}) =>
        (await fixture!.index.search(requestOf({ query, filters }))).hits.map(
          (h) => `${h.decision_id}|${h.title}`,
        );

      it('an upsert with an older position never overwrites a newer one; a newer one replaces the whole document', async () => {
        await fixture!.load([version('Zweitfassung', 'bger')], [100]);
        await fixture!.load([version('Erstfassung', 'bge')], [50]);
        expect(await find('Zweitfassung')).toEqual(['bger_4A_400_2018|Kaufvertrag (Zweitfassung)']);
        expect(await find('Erstfassung')).toEqual([]);
        expect(await find('', { court: 'bge' })).toEqual([]);

        await fixture!.load([version('Drittfassung', 'bge')], [200]);
        expect(await find('Drittfassung')).toEqual(['bger_4A_400_2018|Kaufvertrag (Drittfassung)']);
        expect(await find('Zweitfassung')).toEqual([]);
        expect(await find('', { court: 'bge' })).toEqual(['bger_4A_400_2018|Kaufvertrag (Drittfassung)']);
        expect(await find('', { court: 'bger' })).toEqual([]);

        // a batch mixing an older and a newer document keeps only what is newer per document
        const other = { ...BY_ID.get('bger_4A_600_2017')! };
        await fixture!.load([other], [300]);
        await fixture!.load([version('Viertfassung', 'bge'), { ...other, title: 'veraltet' }], [400, 250]);
        expect(await find('Viertfassung')).toEqual(['bger_4A_400_2018|Kaufvertrag (Viertfassung)']);
        expect(await find('', { language: 'fr' })).toEqual([`bger_4A_600_2017|${other.title}`]);

        // several versions of one decision in one batch: the one at the latest position is kept
        await fixture!.load(
          [version('Fünftfassung', 'bge'), version('Sechstfassung', 'bger'), version('Siebtfassung', 'bge')],
          [500, 700, 600],
        );
        expect(await find('Sechstfassung')).toEqual(['bger_4A_400_2018|Kaufvertrag (Sechstfassung)']);
        expect(await find('Fünftfassung OR Siebtfassung')).toEqual([]);
        expect(await find('', { court: 'bge' })).toEqual([]);
      });
    });

    describe('count cap and candidate pool (countCap 5, candidatePool 8)', () => {
      const limits: SearchLimits = { countCap: 5, candidatePool: 8 };
      let fixture: SearchFixture | null = null;
      beforeAll(async () => {
        fixture = await open(limits);
        await fixture?.load(CORPUS);
      });
      afterAll(async () => {
        await fixture?.close();
      });
      beforeEach((ctx) => {
        if (!fixture) ctx.skip();
      });
      const search = (a: Ask) => searchedBoth(fixture!.index, a);

      it.each([
        ['4 matches', { query: 'Kündigung' }, 4, false],
        ['exactly the cap', { filters: { decisionType: 'arrêt' } }, 5, false],
        ['one more than the cap', { filters: { language: 'fr' } }, 5, true],
        ['many more', { filters: { court: 'bger' } }, 5, true],
        ['everything', {}, 5, true],
      ] as const)('total with %s', async (_what, ask, total, lowerBound) => {
        for (const sort of ['relevance', 'date_desc', 'date_asc'] as const) {
          const result = await search({ ...ask, sort, limit: 2 });
          expect(result.total, sort).toBe(total);
          expect(result.totalIsLowerBound, sort).toBe(lowerBound);
        }
      });

      it('date sorts page through every match beyond the cap', async () => {
        const seen: string[] = [];
        for (let offset = 0; ; offset += 5) {
          const page = await search({ filters: { court: 'bger' }, sort: 'date_desc', offset, limit: 5 });
          seen.push(...page.hits.map((h) => h.decision_id));
          expect(page.hasMore).toBe(offset + 5 < BGER.length);
          if (!page.hasMore) break;
        }
        expect(seen).toEqual(dateOrder(BGER, 'date_desc'));
      });

      it('relevance pages stay within the candidate pool and say so with hasMore', async () => {
        const ask = { query: 'NOT Kündigung', sort: 'relevance' } as const; // 26 matches
        const first = await search({ ...ask, offset: 0, limit: 5 });
        expect(first.hits).toHaveLength(5);
        expect(first.hasMore).toBe(true);
        const second = await search({ ...ask, offset: 5, limit: 5 });
        expect(second.hits).toHaveLength(3);
        expect(second.hasMore).toBe(false);
        const beyond = await search({ ...ask, offset: 8, limit: 5 });
        expect(beyond.hits).toHaveLength(0);
        expect(beyond.hasMore).toBe(false);
        expect(beyond.total).toBe(5);
        expect(beyond.totalIsLowerBound).toBe(true);
        const whole = await search({ ...ask, offset: 0, limit: 100 });
        expect(whole.hits).toHaveLength(8);
        expect(whole.hasMore).toBe(false);
        const exact = await search({ ...ask, offset: 0, limit: 8 });
        expect(exact.hasMore).toBe(false);
        const paged = [...first.hits, ...second.hits].map((h) => h.decision_id);
        expect(paged).toEqual(whole.hits.map((h) => h.decision_id));
        expect(new Set(paged).size).toBe(8);
        for (const id of paged) expect(KUENDIGUNG).not.toContain(id);
        // every (offset, limit) page is a slice of the pool's order
        const order = whole.hits.map((h) => h.decision_id);
        for (let offset = 0; offset <= 10; offset++) {
          for (let limit = 1; limit <= 9; limit++) {
            const page = await search({ ...ask, offset, limit });
            expect(
              page.hits.map((h) => h.decision_id),
              `offset ${offset} limit ${limit}`,
            ).toEqual(order.slice(offset, offset + limit));
            expect(page.hasMore, `offset ${offset} limit ${limit}`).toBe(offset + limit < 8);
          }
        }
      });

      it('the referenced decision still ranks first when the pool holds fewer than all matches', async () => {
        // 14 matches; the decision BGE 140 III 86 itself is the oldest of them
        const query = '140 III 86 OR Straf* OR Kündigung OR contrat* OR diritt* OR Bau*';
        const result = await search({ query, sort: 'relevance', limit: 100 });
        expect(result.total).toBe(5);
        expect(result.totalIsLowerBound).toBe(true);
        expect(result.hits.length).toBeLessThanOrEqual(8);
        expect(result.hits[0]?.decision_id).toBe('bge_BGE_140_III_86');
        const dated = await search({ query, sort: 'date_desc', limit: 100 });
        expect(dated.hits).toHaveLength(14);
      });
    });
  });
}
