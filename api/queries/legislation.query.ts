/**
 * GET /legislation/search, /legislation/changes, /legislation/{catalog_id}: the legislation
 * catalogue read model, joined with the statutes read model for "is the text held" and for the
 * parsed texts of fetch_top_n_texts.
 */
import { sql } from 'kysely';
import type {
  LegislationDetail,
  LegislationRecord,
  LegislationSearchQuery,
  LegislationSearchResponse,
} from '../../contracts/api/legislation.schema.ts';
import { LEGISLATION_CHANGES_LIMIT } from '../../contracts/api/legislation.schema.ts';
import { normaliseLawKey } from '../../contracts/laws/law-key.ts';
import type { Database } from '../../infra/db/database.ts';
import { compileTsQuery } from '../../infra/search/postgres/tsquery-compiler.ts';
import { parseSearchText, referencesAsWords } from '../search-text.ts';
import { actVersions, servedArticle, versionArticles, versionOn } from './statutes.query.ts';

interface CatalogRow {
  catalog_id: number;
  language: string;
  jurisdiction: string;
  systematic_number: string;
  title: string;
  abbreviation: string | null;
  is_active: boolean;
  version_active_since: string | null;
  inactive_since: string | null;
  keywords: string[];
  original_url: string | null;
  source_url: string | null;
  text_available: boolean;
}

const CATALOG_COLUMNS = [
  'c.catalog_id',
  'c.language',
  'c.jurisdiction',
  'c.systematic_number',
  'c.title',
  'c.abbreviation',
  'c.is_active',
  'c.version_active_since',
  'c.inactive_since',
  'c.keywords',
  'c.original_url',
  'c.source_url',
] as const;

/** Whether the statutes read model holds the text of a catalogue row (same act and language). */
const textHeld = sql<boolean>`exists (select 1 from statute_versions s where s.jurisdiction = c.jurisdiction and s.sr_number = c.systematic_number and s.language = c.language)`;

/** The date whose text a catalogue entry stands for: today for texts in force, the last day for repealed ones. */
function textDate(row: Pick<CatalogRow, 'is_active' | 'inactive_since'>, today: string): string {
  return !row.is_active && row.inactive_since !== null ? row.inactive_since : today;
}

export function toRecord(row: CatalogRow, basePath: string, today: string): LegislationRecord {
  const canton = row.jurisdiction !== 'CH' ? `&canton=${row.jurisdiction}` : '';
  const asOf = row.is_active ? '' : `&as_of=${textDate(row, today)}`;
  return {
    catalog_id: row.catalog_id,
    canton: row.jurisdiction,
    systematic_number: row.systematic_number,
    title: row.title,
    abbreviation: row.abbreviation,
    language: row.language,
    is_active: row.is_active,
    version_active_since: row.version_active_since,
    inactive_since: row.inactive_since,
    keywords: row.keywords,
    original_url: row.original_url,
    source_url: row.source_url,
    text_available: row.text_available,
    law_url: row.text_available
      ? `${basePath}/laws/_?sr_number=${encodeURIComponent(row.systematic_number)}${canton}&language=${row.language}${asOf}`
      : null,
  };
}

async function parsedText(db: Database, row: CatalogRow, today: string) {
  if (!row.text_available) return null;
  const act = { jurisdiction: row.jurisdiction, sr_number: row.systematic_number, language: row.language };
  const version = versionOn(await actVersions(db, act), textDate(row, today));
  if (!version) return null;
  const articles = await versionArticles(db, act, version.consolidation_date);
  return {
    consolidation_date: version.consolidation_date,
    language: row.language,
    article_count: articles.length,
    articles: articles.map(servedArticle),
  };
}

export async function searchLegislation(
  db: Database,
  q: LegislationSearchQuery,
  basePath: string,
  today: string,
): Promise<LegislationSearchResponse> {
  const ast = referencesAsWords(parseSearchText(q.query, 'query'));
  const title = compileTsQuery(ast, { columns: { tsv: 'c.tsv', language: 'c.language' } });
  const content = compileTsQuery(ast, { columns: { tsv: 'a.tsv', language: 'a.language' } });
  const key = normaliseLawKey(q.query);
  // An abbreviation or systematic number typed as the whole query finds that text first.
  const exact = sql<boolean>`(c.abbreviation_key = ${key} or c.systematic_number = ${q.query.trim()})`;
  const inContent = q.search_in_content
    ? sql<boolean>`exists (select 1 from statute_articles a where a.is_latest and a.jurisdiction = c.jurisdiction and a.sr_number = c.systematic_number and a.language = c.language and ${content.sql})`
    : sql<boolean>`false`;
  let query = db
    .selectFrom('legislation_catalog as c')
    .select([
      ...CATALOG_COLUMNS,
      textHeld.as('text_available'),
      exact.as('exact'),
      title.sql.as('in_title'),
      inContent.as('in_content'),
      title.rank.as('rank'),
    ])
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('c.language', '=', q.language)
    .where(sql<boolean>`(${exact} or ${title.sql} or ${inContent})`);
  if (q.canton !== undefined) query = query.where('c.jurisdiction', '=', q.canton);
  if (q.active_only) query = query.where('c.is_active', '=', true);
  const rows = await query
    .orderBy('exact', 'desc')
    .orderBy('in_title', 'desc')
    .orderBy('rank', 'desc')
    .orderBy('c.is_active', 'desc')
    .orderBy('c.jurisdiction')
    .orderBy('c.systematic_number')
    .limit(q.limit)
    .execute();
  const results = [];
  for (const [i, row] of rows.entries()) {
    const record = toRecord(row, basePath, today);
    const matched: ('title' | 'content')[] = [];
    if (row.exact || row.in_title) matched.push('title');
    if (row.in_content) matched.push('content');
    results.push({
      ...record,
      score: row.exact ? 1 : Number(row.rank),
      matched_in: matched,
      snippet: null,
      ...(i < q.fetch_top_n_texts ? { text: await parsedText(db, row, today) } : {}),
    });
  }
  return {
    query: q.query,
    total: Number(rows[0]?.total ?? 0),
    returned: results.length,
    limit: q.limit,
    results,
  };
}

/** Recent changes of a canton's (or the federal) catalogue: new texts, new versions, repeals. */
export async function legislationChanges(db: Database, canton: string, language: string) {
  const rows = await sql<{
    catalog_id: number;
    jurisdiction: string;
    systematic_number: string;
    title: string;
    abbreviation: string | null;
    change_type: 'new' | 'amended' | 'repealed';
    date: string;
    is_active: boolean;
  }>`
    select c.catalog_id, c.jurisdiction, c.systematic_number, c.title, c.abbreviation, c.is_active,
           case when v.active_since = (select min(f.active_since) from legislation_catalog_versions f
                                       where f.catalog_id = v.catalog_id and f.language = v.language)
                then 'new' else 'amended' end as change_type,
           v.active_since as date
      from legislation_catalog_versions v
      join legislation_catalog c on c.catalog_id = v.catalog_id and c.language = v.language
     where c.jurisdiction = ${canton} and c.language = ${language}
    union all
    select c.catalog_id, c.jurisdiction, c.systematic_number, c.title, c.abbreviation, c.is_active, 'repealed', c.inactive_since
      from legislation_catalog c
     where c.jurisdiction = ${canton} and c.language = ${language} and not c.is_active and c.inactive_since is not null
     order by date desc, catalog_id
     limit ${LEGISLATION_CHANGES_LIMIT}
  `.execute(db);
  return rows.rows.map((r) => ({
    catalog_id: r.catalog_id,
    canton: r.jurisdiction,
    systematic_number: r.systematic_number,
    title: r.title,
    abbreviation: r.abbreviation,
    change_type: r.change_type,
    date: r.date,
    is_active: r.is_active,
  }));
}

export interface DetailRequest {
  readonly catalogId: number;
  readonly systematicNumber?: string;
  readonly canton: string;
  readonly language: string;
  readonly includeVersions: boolean;
}

/** One catalogue entry, in the asked language when the catalogue has it (else another, said in `note`). */
export async function legislationDetail(
  db: Database,
  req: DetailRequest,
  basePath: string,
  today: string,
): Promise<LegislationDetail | null> {
  let q = db
    .selectFrom('legislation_catalog as c')
    .select([...CATALOG_COLUMNS, textHeld.as('text_available')]);
  q =
    req.systematicNumber !== undefined
      ? q.where('c.jurisdiction', '=', req.canton).where('c.systematic_number', '=', req.systematicNumber)
      : q.where('c.catalog_id', '=', req.catalogId);
  const rows = await q
    .orderBy(sql`c.language = ${req.language}`, 'desc')
    .orderBy('c.is_active', 'desc')
    .orderBy('c.version_active_since', (ob) => ob.desc().nullsLast())
    .orderBy('c.catalog_id')
    .execute();
  const row = rows[0];
  if (!row) return null;
  const languages = [
    ...new Set(rows.filter((r) => r.catalog_id === row.catalog_id).map((r) => r.language)),
  ].sort();
  const notes: string[] = [];
  if (row.language !== req.language)
    notes.push(`The catalogue has this text in ${languages.join(', ')}, not in ${req.language}.`);
  if (req.systematicNumber !== undefined && req.catalogId !== 0 && req.catalogId !== row.catalog_id) {
    notes.push(
      `Looked up by systematic number ${req.canton} ${req.systematicNumber}: catalogue id ${row.catalog_id} (the path id ${req.catalogId} was not used).`,
    );
  }
  const detail: LegislationDetail = {
    ...toRecord(row, basePath, today),
    available_languages: languages,
    note: notes.length > 0 ? notes.join(' ') : null,
  };
  if (!req.includeVersions) return detail;
  const versions = await db
    .selectFrom('legislation_catalog_versions as v')
    .select(['v.active_since', 'v.active_until', 'v.original_url'])
    .select(
      sql<boolean>`exists (select 1 from statute_versions s where s.jurisdiction = ${row.jurisdiction} and s.sr_number = ${row.systematic_number} and s.language = v.language and s.consolidation_date = v.active_since)`.as(
        'text_available',
      ),
    )
    .where('v.catalog_id', '=', row.catalog_id)
    .where('v.language', '=', row.language)
    .orderBy('v.active_since', 'desc')
    .execute();
  return { ...detail, versions };
}
