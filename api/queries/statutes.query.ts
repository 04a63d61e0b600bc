import { sql } from 'kysely';
import type { StatuteBlock } from '../../contracts/events/index.ts';
import type { CantonalCandidate } from '../../contracts/laws/resolve-law.ts';
import type { CantonCode } from '../../contracts/courts/cantons.ts';
import type { Database } from '../../infra/db/database.ts';

/** Reads of the statutes read model (statute_versions, statute_articles) and the catalogue's names. */

export interface VersionRow {
  readonly consolidation_date: string;
  readonly title: string;
  readonly abbreviation: string | null;
  readonly eli: string | null;
  readonly blocks: readonly StatuteBlock[];
}

export interface ArticleRow {
  readonly article_num: string;
  readonly heading: string | null;
  readonly text: string;
  readonly main_body: boolean;
  readonly ordinal: number;
  readonly repealed: unknown;
  readonly footnotes: unknown;
}

/** An article as the API serves it: number, heading, text, the repeal when repealed, the footnotes. */
export function servedArticle(a: ArticleRow) {
  return {
    article_num: a.article_num,
    heading: a.heading,
    text: a.text,
    repealed: (a.repealed ?? null) as { date: string | null; by: string | null } | null,
    footnotes: (a.footnotes ?? []) as { marker: string | null; text: string }[],
  };
}

export interface ActId {
  readonly jurisdiction: string;
  readonly sr_number: string;
  readonly language: string;
}

/** Every consolidation of an act in a language, oldest first. */
export async function actVersions(db: Database, act: ActId): Promise<VersionRow[]> {
  const rows = await db
    .selectFrom('statute_versions')
    .select(['consolidation_date', 'title', 'abbreviation', 'eli', 'blocks'])
    .where('jurisdiction', '=', act.jurisdiction)
    .where('sr_number', '=', act.sr_number)
    .where('language', '=', act.language)
    .orderBy('consolidation_date')
    .execute();
  return rows.map((r) => ({
    ...r,
    blocks: (typeof r.blocks === 'string' ? JSON.parse(r.blocks) : r.blocks) as StatuteBlock[],
  }));
}

/** The languages an act is held in. */
export async function actLanguages(db: Database, jurisdiction: string, srNumber: string): Promise<string[]> {
  const rows = await db
    .selectFrom('statute_versions')
    .select('language')
    .distinct()
    .where('jurisdiction', '=', jurisdiction)
    .where('sr_number', '=', srNumber)
    .orderBy('language')
    .execute();
  return rows.map((r) => r.language);
}

/** The version in force on `asOf`: the latest consolidation on or before it. */
export function versionOn<T extends { consolidation_date: string }>(
  versions: readonly T[],
  asOf: string,
): T | undefined {
  let found: T | undefined;
  for (const v of versions) if (v.consolidation_date <= asOf) found = v;
  return found;
}

export interface ArticleFilter {
  /** Only articles inside this block (or its sub-blocks). */
  readonly block?: string;
  /** Only this article number. */
  readonly articleNum?: string;
}

/** Articles of one version in reading order (main-body articles first for a number lookup). */
export async function versionArticles(
  db: Database,
  act: ActId,
  date: string,
  filter: ArticleFilter = {},
): Promise<ArticleRow[]> {
  let q = db
    .selectFrom('statute_articles')
    .select(['article_num', 'heading', 'text', 'main_body', 'ordinal', 'repealed', 'footnotes'])
    .where('jurisdiction', '=', act.jurisdiction)
    .where('sr_number', '=', act.sr_number)
    .where('language', '=', act.language)
    .where('consolidation_date', '=', date);
  if (filter.block !== undefined) q = q.where(sql<boolean>`${filter.block} = any(block_path)`);
  if (filter.articleNum !== undefined)
    q = q.where('article_num', '=', filter.articleNum).orderBy('main_body', 'desc');
  return q.orderBy('ordinal').execute();
}

/** Article numbers of a version that share the numeric part of `num` (41 -> 41, 41a, 41b): hints for a miss. */
export async function neighbourArticles(
  db: Database,
  act: ActId,
  date: string,
  num: string,
): Promise<string[]> {
  const digits = /^\d+/.exec(num)?.[0] ?? num;
  const rows = await db
    .selectFrom('statute_articles')
    .select('article_num')
    .where('jurisdiction', '=', act.jurisdiction)
    .where('sr_number', '=', act.sr_number)
    .where('language', '=', act.language)
    .where('consolidation_date', '=', date)
    .where(sql<boolean>`substring(article_num from '^[0-9]+') = ${digits}`)
    .orderBy('ordinal')
    .limit(20)
    .execute();
  return [...new Set(rows.map((r) => r.article_num))];
}

/**
 * Cantonal acts whose abbreviation or title has one of these normalised keys (rule 1), from the
 * held cantonal texts and the legislation catalogue (which also knows acts without a text).
 */
export async function cantonalCandidatesByKey(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, CantonalCandidate[]>> {
  const wanted = [...new Set(keys.filter((k) => k.length > 0))];
  const out = new Map<string, CantonalCandidate[]>();
  if (wanted.length === 0) return out;
  const held = await db
    .selectFrom('statute_versions')
    .select(['jurisdiction', 'sr_number', 'title', 'abbreviation', 'abbreviation_key', 'title_key'])
    .where('jurisdiction', '<>', 'CH')
    .where('is_latest', '=', true)
    .where((eb) => eb.or([eb('abbreviation_key', 'in', wanted), eb('title_key', 'in', wanted)]))
    .orderBy('jurisdiction')
    .orderBy('sr_number')
    .execute();
  const listed = await db
    .selectFrom('legislation_catalog')
    .select([
      'jurisdiction',
      'systematic_number as sr_number',
      'title',
      'abbreviation',
      'abbreviation_key',
      'title_key',
      'is_active',
    ])
    .where('jurisdiction', '<>', 'CH')
    .where((eb) => eb.or([eb('abbreviation_key', 'in', wanted), eb('title_key', 'in', wanted)]))
    .orderBy('is_active', 'desc')
    .orderBy('jurisdiction')
    .orderBy('systematic_number')
    .execute();
  for (const row of [...held, ...listed]) {
    for (const key of [row.abbreviation_key, row.title_key]) {
      if (key === null || !wanted.includes(key)) continue;
      const list = out.get(key) ?? [];
      if (!list.some((c) => c.canton === row.jurisdiction && c.sr_number === row.sr_number)) {
        list.push({
          canton: row.jurisdiction as CantonCode,
          sr_number: row.sr_number,
          title: row.title,
          ...(row.abbreviation !== null ? { abbreviation: row.abbreviation } : {}),
        });
      }
      out.set(key, list);
    }
  }
  return out;
}
