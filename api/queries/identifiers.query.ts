import {
  bgePageHolder,
  docketCloseMatches,
  parseReference,
  resolveAmong,
  type IdentifierRow,
  type ParsedReference,
} from '../../contracts/citation/decision-identifiers.ts';
import type { Database } from '../../infra/db/database.ts';

const ROW_COLUMNS = [
  'ref_key',
  'kind',
  'decision_id',
  'court',
  'canton',
  'docket_register',
  'docket_year',
  'docket_serial',
  'bge_volume',
  'bge_part',
  'page_start',
  'page_end',
] as const;

/** Identifier rows whose key is one of `keys` (exact equality: never a prefix). */
export async function identifierRows(db: Database, keys: readonly string[]): Promise<IdentifierRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('decision_identifiers')
    .select(ROW_COLUMNS)
    .where('ref_key', 'in', [...new Set(keys)])
    .execute();
}

/** Per reference, the decisions it names, best first (one query for all of them). */
export async function resolveReferences(
  db: Database,
  refs: readonly (ParsedReference | null)[],
): Promise<(readonly string[] | null)[]> {
  const rows = await identifierRows(
    db,
    refs.flatMap((r) => r?.keys ?? []),
  );
  return refs.map((r) => (r ? resolveAmong(r, rows) : null));
}

export interface CloseMatchRow {
  readonly row: IdentifierRow;
  readonly reason: 'page_range' | 'same_register_year';
}

/**
 * Close matches of a reference that names no decision: the BGE whose page range holds a cited
 * inner page; dockets of the same register and year (never another year) a typo away.
 */
export async function closeMatchRows(db: Database, ref: ParsedReference): Promise<CloseMatchRow[]> {
  if (ref.bge) {
    const rows = await db
      .selectFrom('decision_identifiers')
      .select(ROW_COLUMNS)
      .where('kind', '=', 'bge')
      .where('bge_volume', '=', ref.bge.volume)
      .where('bge_part', '=', ref.bge.part)
      .where('page_start', '<', ref.bge.page)
      .orderBy('page_start', 'desc')
      .limit(3)
      .execute();
    const holder = bgePageHolder(ref, rows);
    return holder ? [{ row: holder, reason: 'page_range' }] : [];
  }
  if (ref.docket) {
    const rows = await db
      .selectFrom('decision_identifiers')
      .select(ROW_COLUMNS)
      .where('docket_register', '=', ref.docket.register)
      .where('docket_year', '=', ref.docket.year)
      .limit(5000)
      .execute();
    return docketCloseMatches(ref, rows).map((row) => ({ row, reason: 'same_register_year' }));
  }
  return [];
}

/** BGE page ranges of decisions, by id. */
export async function bgePages(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { start: number; end: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('decision_identifiers')
    .select(['decision_id', 'page_start', 'page_end'])
    .where('kind', '=', 'bge')
    .where('decision_id', 'in', [...new Set(ids)])
    .execute();
  const out = new Map<string, { start: number; end: number }>();
  for (const r of rows) {
    if (r.page_start !== null)
      out.set(r.decision_id, { start: r.page_start, end: r.page_end ?? r.page_start });
  }
  return out;
}

/** A decision row's citation-relevant columns. */
export interface DecisionCore {
  readonly decision_id: string;
  readonly court: string;
  readonly canton: string;
  readonly docket_number: string;
  readonly decision_date: string | null;
  readonly language: string;
  readonly title: string;
  readonly regeste: string | null;
}

const CORE = [
  'decision_id',
  'court',
  'canton',
  'docket_number',
  'decision_date',
  'language',
  'title',
  'regeste',
] as const;

export async function decisionCores(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, DecisionCore>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('decisions')
    .select(CORE)
    .where('decision_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.decision_id, r]));
}

export interface FoundDecision {
  readonly decision: DecisionCore;
  /** Further decisions the reference names. */
  readonly others: readonly string[];
  /** The reference as parsed (null when the text was an exact decision id). */
  readonly ref: ParsedReference | null;
}

/**
 * The decision a path parameter names: its exact id, else any reference form (docket with or
 * without spaces, BGE/ATF/DTF, decorated text, decision id in another case). Null when none.
 */
export async function findByReference(db: Database, text: string): Promise<FoundDecision | null> {
  const exact = await db
    .selectFrom('decisions')
    .select(CORE)
    .where('decision_id', '=', text)
    .executeTakeFirst();
  if (exact) return { decision: exact, others: [], ref: null };
  const ref = parseReference(text);
  if (!ref) return null;
  const [ids] = await resolveReferences(db, [ref]);
  const first = ids?.[0];
  if (!first) return null;
  const cores = await decisionCores(db, [first]);
  const decision = cores.get(first);
  return decision ? { decision, others: ids.slice(1), ref } : null;
}
