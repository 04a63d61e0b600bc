import { sql, type Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.ts';
import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import {
  type ProjectionStorage,
  postgresTables,
  type StorageContext,
  type UpgradeStep,
} from '../storage/projection-storage.ts';
import { identifierTableDdl } from '../decision-identifiers/decision-identifiers.storage.ts';
import { CONFIDENT_EDGE, resolveCitationEdges } from './citation-edges.ts';
import { COUNTER_DDL, COUNTER_READER_INDEXES, COUNTER_TABLES, countAll } from './graph-counters.ts';

const GRAPH_KEYS_DDL = [
  identifierTableDdl('graph_keys'),
  `create index if not exists graph_keys_decision on graph_keys (decision_id)`,
  `create index if not exists graph_keys_bge on graph_keys (bge_volume, bge_part, page_start) where kind = 'bge'`,
];

/**
 * The indexes only readers use: the projection writes, replaces and counts by the primary keys and
 * by source (`citation-edges.ts`, `graph-counters.ts`), and a rebuild builds these once its replay
 * has caught up.
 */
const READER_INDEXES = [
  `create index if not exists citation_nodes_date on citation_nodes (decision_date)`,
  // The date and court of a cited decision from the index alone: the leading-case candidates (often
  // hundreds, tied at the last place) are ordered by date and filtered by court without reading
  // their nodes' wide rows.
  `create index if not exists citation_nodes_dated on citation_nodes (decision_id) include (decision_date, court)`,
  `create index if not exists statute_references_article on statute_references (act_key, article, source_id)
      include (source_date, source_court)`,
  `create index if not exists statute_references_act on statute_references (act_key, source_id)`,
  // incoming pages of a hub, newest citing first, answered from the index
  `create index if not exists citation_edges_target on citation_edges (target_id, role, source_date desc nulls last, source_id)
      include (confidence)`,
  `create index if not exists citation_degrees_rank on citation_degrees (role, n desc, decision_id)`,
  // in-degrees of a list of decisions (leading-case candidates) from the index alone
  `create index if not exists citation_degrees_cited on citation_degrees (decision_id) include (n) where role = 'citation'`,
  ...COUNTER_READER_INDEXES,
];

const EDGES_DDL = [
  `create table if not exists reference_targets (
      source_id text not null,
      ordinal integer not null,
      role text not null,
      target_id text not null,
      match text not null,
      candidates integer not null,
      court_agreement text not null,
      date_order text not null,
      confidence double precision not null,
      primary key (source_id, ordinal, target_id)
    )`,
  `create table if not exists citation_edges (
      source_id text not null,
      role text not null,
      target_id text not null,
      ordinal integer not null,
      match text not null,
      candidates integer not null,
      court_agreement text not null,
      date_order text not null,
      confidence double precision not null,
      source_date date,
      source_court text not null,
      source_canton text not null,
      primary key (source_id, role, target_id)
    )`,
  `create table if not exists citation_degrees (
      decision_id text not null,
      role text not null,
      n integer not null,
      confident integer not null,
      primary key (decision_id, role)
    )`,
];

/**
 * A generation whose in-degrees predate `citation_degrees.confident` (the edges at or above the
 * default minimum confidence) gets the column, counted once from its edges in the start-up
 * transaction.
 */
const countConfidentDegrees: UpgradeStep = async (tx, { schema }) => {
  const has = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
    where table_schema = ${schema} and table_name = 'citation_degrees' and column_name = 'confident'`.execute(
    tx,
  );
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  await sql`alter table citation_degrees add column confident integer`.execute(tx);
  await sql`update citation_degrees d set confident = c.n
    from (select target_id, role, (count(*) filter (where ${CONFIDENT_EDGE}))::int as n
      from citation_edges group by target_id, role) c
    where c.target_id = d.decision_id and c.role = d.role`.execute(tx);
  // a degree without edges is not kept (and counts none)
  await sql`update citation_degrees set confident = 0 where confident is null`.execute(tx);
  await sql`alter table citation_degrees alter column confident set not null`.execute(tx);
  return 'rewritten';
};

const KEY_COLUMNS = sql.raw(
  'ref_key, kind, decision_id, court, canton, docket_register, docket_year, docket_serial, bge_volume, bge_part, page_start, page_last_marker, page_end, event_position',
);

/**
 * A generation made before the graph resolved its edges when projecting has references and
 * nodes but no keys: the keys of its decisions are copied from the identifier read model (the
 * same rows, written by the same function from the same events) and every reference is resolved,
 * once, in the start-up transaction. Later starts find the keys and do nothing.
 */
const resolveOlderGeneration: UpgradeStep = async (tx, { base }) => {
  const state = await sql<{ keys: boolean; nodes: boolean; identifiers: boolean }>`
    select exists (select 1 from graph_keys) as keys, exists (select 1 from citation_nodes) as nodes,
      to_regclass(${`"${base}".decision_identifiers`}) is not null as identifiers
  `.execute(tx);
  const found = state.rows[0];
  if (!found || found.keys || !found.nodes || !found.identifiers) return;
  await sql`
    insert into graph_keys (${KEY_COLUMNS})
    select ${KEY_COLUMNS} from ${sql.id(base, 'decision_identifiers')} i
    where exists (select 1 from citation_nodes n where n.decision_id = i.decision_id)
  `.execute(tx);
  await resolveCitationEdges(tx, 'all');
};

/**
 * A generation made before the graph kept its counters (its edges resolved): they are counted
 * once from its rows and edges, in the start-up transaction.
 */
const countOlderGeneration: UpgradeStep = async (tx) => {
  const state = await sql<{ counted: boolean; nodes: boolean }>`
    select exists (select 1 from graph_figures) as counted, exists (select 1 from citation_nodes) as nodes
  `.execute(tx);
  const found = state.rows[0];
  if (!found || found.counted || !found.nodes) return;
  await countAll(tx);
};

/**
 * A generation created for a rebuild resolves its edges and counts its counters once, when its
 * replay has caught up, instead of after every batch: its readers see the previous generation
 * until then, and a resolution from scratch gives the same tables (`citation-edges.ts`). The row
 * marks the generation as deferred; the projection then writes the decisions' own rows only.
 */
const DEFERRED_DDL = `create table if not exists resolution_deferred (
      deferred boolean primary key default true check (deferred)
    )`;

/** Whether the generation in the search path resolves its edges later (see {@link DEFERRED_DDL}). */
export async function resolutionDeferred(tx: Transaction<DB>): Promise<boolean> {
  const found = await sql<{ deferred: boolean }>`
    select exists (select 1 from resolution_deferred) as deferred`.execute(tx);
  return found.rows[0]?.deferred === true;
}

/**
 * Resolves every reference and counts every counter of a generation whose resolution was
 * deferred, and ends the deferral, in one transaction; nothing for any other generation.
 */
async function resolveDeferred({ db, schema }: StorageContext): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select set_config('search_path', ${`"${schema}"`}, true)`.execute(tx);
    const ended = await sql`delete from resolution_deferred returning deferred`.execute(tx);
    if (ended.rows.length === 0) return;
    // the joins and aggregates over every reference sort and hash in memory rather than on disk
    await sql`select set_config('work_mem', ${RESOLUTION_MEMORY}, true)`.execute(tx);
    await resolveCitationEdges(tx, 'all');
  });
}

/** Memory per sort or hash of the resolution from scratch. */
const RESOLUTION_MEMORY = '128MB';

/**
 * The citation graph read model. References are stored as extracted (key as the grammar
 * normalised it, court and canton the wording names, pinpoints, the grammar's confidence), and
 * resolved when the graph projects (`citation-edges.ts`) against the graph's own copy of the
 * identifier rows, so an edge exists as soon as both decisions do, whatever their arrival order.
 * The citing side's date, court and canton are copied onto each reference and edge so that
 * incoming lookups and filters need no second join.
 *
 * - `citation_nodes`: one row per decision: the fields of its summary (citation strings,
 *   rule statement) and its reference counts.
 * - `decision_references`: per decision, one row per distinct case reference (role `citation`)
 *   and per lower-court decision it names (role `appeal_prior`).
 * - `statute_references`: per decision, one row per distinct act (SR number when federal) and
 *   article, with the number of mentions.
 * - `graph_keys`: the keys naming each decision (the rows of `decision_identifiers`).
 * - `reference_targets`, `citation_edges`, `citation_degrees`: the resolution (see
 *   `citation-edges.ts`). A generation created before these tables existed gets them at start,
 *   filled (`resolveOlderGeneration`); one before the confident in-degrees, those
 *   (`countConfidentDegrees`).
 * - `provision_decisions`, `provision_citations`, `graph_figures`, `group_citations`: counters
 *   for `/leading-cases` by statute and `/statistics` (`graph-counters.ts`), kept with the edges;
 *   counted once at start for a generation made before them (`countOlderGeneration`).
 */
const graphTables = postgresTables(
  [
    'citation_nodes',
    'decision_references',
    'statute_references',
    'graph_keys',
    'reference_targets',
    'citation_edges',
    'citation_degrees',
    ...COUNTER_TABLES,
  ],
  [
    `create table citation_nodes (
      decision_id text primary key,
      court text not null,
      canton text not null,
      language text not null,
      decision_date date,
      docket_number text not null,
      title text not null,
      chamber text,
      decision_type text,
      regeste text,
      rule_statement text not null,
      case_references integer not null,
      statute_references integer not null,
      event_position bigint not null
    )`,
    `create table decision_references (
      source_id text not null,
      ordinal integer not null,
      role text not null,
      kind text not null,
      origin text not null,
      level integer not null,
      raw text not null,
      ref_key text,
      docket text,
      ref_court text,
      ref_canton text,
      bge_volume integer,
      bge_part text,
      bge_page integer,
      pin_page integer,
      pinpoints text,
      stated_date date,
      match_confidence double precision not null,
      mentions integer not null,
      source_date date,
      source_court text not null,
      source_canton text not null,
      primary key (source_id, ordinal)
    )`,
    // the references naming a key: re-resolved when the keys of a decision change
    `create index decision_references_key on decision_references (ref_key)`,
    `create index decision_references_bge_page on decision_references (bge_volume, bge_part, bge_page) where kind = 'bge'`,
    `create table statute_references (
      source_id text not null,
      act_key text not null,
      article text not null,
      sr_number text,
      law text,
      canton text,
      raw text not null,
      mentions integer not null,
      match_confidence double precision not null,
      source_date date,
      source_court text not null,
      source_canton text not null,
      primary key (source_id, act_key, article)
    )`,
    ...GRAPH_KEYS_DDL,
    ...EDGES_DDL,
    ...COUNTER_DDL,
    DECISION_SOURCES_DDL,
    DEFERRED_DDL,
  ],
  [
    DECISION_SOURCES_DDL,
    ...GRAPH_KEYS_DDL,
    ...EDGES_DDL,
    countConfidentDegrees,
    ...COUNTER_DDL,
    DEFERRED_DDL,
    resolveOlderGeneration,
    countOlderGeneration,
  ],
  READER_INDEXES,
);

/**
 * The tables above; a generation created for a rebuild defers its resolution
 * ({@link DEFERRED_DDL}) until it is completed, or activated without having been completed.
 */
export const citationGraphStorage: ProjectionStorage = {
  ...graphTables,
  async create(ctx, options = {}) {
    await graphTables.create(ctx, options);
    if (options.forRebuild)
      await sql`insert into ${sql.id(ctx.schema, 'resolution_deferred')} default values on conflict do nothing`.execute(
        ctx.db,
      );
  },
  async complete(ctx) {
    await resolveDeferred(ctx);
    await graphTables.complete!(ctx);
  },
  async activate(ctx) {
    await resolveDeferred(ctx);
    await graphTables.activate(ctx);
  },
};
