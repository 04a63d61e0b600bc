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

interface GroupSum {
  readonly set: 'total' | 'language' | 'year' | 'court' | 'canton';
  readonly k: string | number | null;
  readonly n: number;
  readonly courts: number;
  readonly earliest: string | null;
  readonly latest: string | null;
  readonly undated: number;
}

/**
 * Corpus figures, optionally restricted to a court, a canton and a year: summed from the
 * decisions the courts projection keeps per court, canton, year and language
 * (`decision_groups`), in one statement, never counted over the decisions per request.
 */
export async function corpusStatistics(
  db: Database,
  q: StatisticsQuery,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<StatisticsResponse> {
  const where = sql`true
    ${q.court ? sql`and court = ${q.court}` : sql``}
    ${q.canton ? sql`and canton = ${q.canton}` : sql``}
    ${q.year !== undefined ? sql`and year = ${q.year}` : sql``}`;
  const [sums, graph] = await Promise.all([
    sql<GroupSum>`
      select
        case
          when grouping(language) = 0 then 'language' when grouping(year) = 0 then 'year'
          when grouping(court) = 0 then 'court' when grouping(canton) = 0 then 'canton' else 'total'
        end as set,
        coalesce(language, nullif(year, 0)::text, court, canton) as k,
        sum(n)::int as n, count(distinct court)::int as courts, min(earliest_date) as earliest,
        max(latest_date) as latest, coalesce(sum(n) filter (where year = 0), 0)::int as undated
      from decision_groups where ${where}
      group by grouping sets ((language), (year), (court), (canton), ())
    `.execute(db),
    graphStatistics(db, q, today),
  ]);
  const record = (set: GroupSum['set']): Record<string, number> => {
    const rows = sums.rows.filter((r) => r.set === set && r.k !== null);
    const keys = rows.map((r) => String(r.k));
    const sorted = set === 'year' ? keys.sort((a, b) => Number(a) - Number(b)) : keys.sort();
    const byKey = new Map(rows.map((r) => [String(r.k), Number(r.n)]));
    return Object.fromEntries(sorted.map((k) => [k, byKey.get(k)!]));
  };
  const totals = sums.rows.find((r) => r.set === 'total');
  const byLanguage = record('language');
  const byYear = record('year');
  const byCourt = record('court');
  const byCanton = record('canton');
  return {
    filters: { court: q.court ?? null, canton: q.canton ?? null, year: q.year ?? null },
    decisions: {
      total: Number(totals?.n ?? 0),
      courts: Number(totals?.courts ?? 0),
      earliest_date: totals?.earliest ?? null,
      latest_date: totals?.latest ?? null,
      undated: Number(totals?.undated ?? 0),
      by_language: byLanguage,
      by_year: byYear,
      by_court: byCourt,
      by_canton: byCanton,
    },
    ...graph,
  };
}
