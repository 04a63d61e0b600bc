import { sql } from 'kysely';
import type { StatisticsQuery, StatisticsResponse } from '../../contracts/api/corpus.schema.ts';
import { COURTS, type CourtLevel } from '../../contracts/courts/court-registry.ts';
import type { Database } from '../../infra/db/database.ts';
import { RequestValidationError } from '../validation.ts';
import { graphStatistics } from './graph-statistics.query.ts';

const KNOWN_COURTS_TTL_MS = 60_000;
let knownCourtsCache: { at: number; keys: Set<string> } | null = null;

/**
 * Is this a court the service knows: in the registry or present in the data? (Cached briefly so
 * a filter check costs no query per request.)
 */
export async function isKnownCourt(db: Database, court: string, now = Date.now()): Promise<boolean> {
  if (COURTS.some((c) => c.key === court)) return true;
  if (
    !knownCourtsCache ||
    now - knownCourtsCache.at > KNOWN_COURTS_TTL_MS ||
    !knownCourtsCache.keys.has(court)
  ) {
    const rows = await db.selectFrom('court_stats').select('court').execute();
    knownCourtsCache = { at: now, keys: new Set(rows.map((r) => r.court)) };
  }
  return knownCourtsCache.keys.has(court);
}

/** Rejects (422) a court filter naming a court the service does not know. */
export async function assertKnownCourt(db: Database, court: string | undefined): Promise<void> {
  if (court === undefined || (await isKnownCourt(db, court))) return;
  throw new RequestValidationError([
    {
      loc: ['query', 'court'],
      msg: 'Unknown court key; list the courts via /courts',
      type: 'value_error',
      input: court,
    },
  ]);
}

/** Every known court with its counts, date range and language coverage (zero when it has none yet). */
export async function listCourts(db: Database) {
  const stats = await db.selectFrom('court_stats').selectAll().execute();
  const byCourt = new Map(stats.map((s) => [s.court, s]));
  const known = new Set(COURTS.map((c) => c.key));
  const entries: {
    court: string;
    name_de: string;
    name_fr: string;
    name_it: string;
    canton: string;
    family: string;
    level: CourtLevel;
    known: boolean;
    signatures: string[];
    decision_count: number;
    earliest_date: string | null;
    latest_date: string | null;
    languages: Record<string, number>;
  }[] = COURTS.map((c) => {
    const s = byCourt.get(c.key);
    return {
      court: c.key,
      name_de: c.name.de,
      name_fr: c.name.fr,
      name_it: c.name.it,
      canton: c.canton,
      family: c.family,
      level: c.level,
      known: c.known,
      signatures: [...c.signatures],
      decision_count: s?.decision_count ?? 0,
      earliest_date: s?.earliest_date ?? null,
      latest_date: s?.latest_date ?? null,
      languages: s?.languages ?? {},
    };
  });
  // Courts present in the data but not (yet) in the registry are listed too, never hidden.
  for (const s of stats) {
    if (known.has(s.court)) continue;
    entries.push({
      court: s.court,
      name_de: s.court,
      name_fr: s.court,
      name_it: s.court,
      canton: s.canton,
      family: 'unknown',
      level: 'unknown',
      known: false,
      signatures: [],
      decision_count: s.decision_count,
      earliest_date: s.earliest_date,
      latest_date: s.latest_date,
      languages: s.languages,
    });
  }
  return { total_courts: entries.length, courts: entries };
}

function toRecord(rows: readonly { k: string | number | null; n: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) if (r.k !== null) out[String(r.k)] = Number(r.n);
  return out;
}

/** Corpus figures, optionally restricted to a court, a canton and a year. */
export async function corpusStatistics(
  db: Database,
  q: StatisticsQuery,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<StatisticsResponse> {
  let base = db.selectFrom('court_decisions');
  if (q.court) base = base.where('court', '=', q.court);
  if (q.canton) base = base.where('canton', '=', q.canton);
  if (q.year !== undefined) {
    base = base
      .where('decision_date', '>=', `${q.year}-01-01`)
      .where('decision_date', '<=', `${q.year}-12-31`);
  }
  const [totals, byLanguage, byYear, byCourt, byCanton, graph] = await Promise.all([
    base
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(distinct court)::int`.as('courts'),
        sql<string | null>`min(decision_date)`.as('earliest'),
        sql<string | null>`max(decision_date)`.as('latest'),
        sql<number>`count(*) filter (where decision_date is null)::int`.as('undated'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select(['language as k', sql<number>`count(*)::int`.as('n')])
      .groupBy('language')
      .orderBy('language')
      .execute(),
    base
      .select([
        sql<number | null>`extract(year from decision_date)::int`.as('k'),
        sql<number>`count(*)::int`.as('n'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
    base
      .select(['court as k', sql<number>`count(*)::int`.as('n')])
      .groupBy('court')
      .orderBy('court')
      .execute(),
    base
      .select(['canton as k', sql<number>`count(*)::int`.as('n')])
      .groupBy('canton')
      .orderBy('canton')
      .execute(),
    graphStatistics(db, q, today),
  ]);
  return {
    filters: { court: q.court ?? null, canton: q.canton ?? null, year: q.year ?? null },
    decisions: {
      total: Number(totals.total),
      courts: Number(totals.courts),
      earliest_date: totals.earliest,
      latest_date: totals.latest,
      undated: Number(totals.undated),
      by_language: toRecord(byLanguage),
      by_year: toRecord(byYear),
      by_court: toRecord(byCourt),
      by_canton: toRecord(byCanton),
    },
    ...graph,
  };
}
