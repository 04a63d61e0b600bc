/**
 * GET /materialien and /materialien/{law_code}: verbatim passages of the Federal Council's
 * messages and the parliamentary changes (materials read model), each with its gazette citation
 * and page. Act names resolve as /laws resolves them; a name that is no act, or an act without
 * materials, is the /laws miss (404).
 */
import { sql } from 'kysely';
import type { LawMissBody } from '../../contracts/api/laws.schema.ts';
import type {
  MaterialsLawQuery,
  MaterialsLawResponse,
  MaterialsSearchQuery,
  MaterialsSearchResponse,
  VerbatimMaterialItem,
} from '../../contracts/api/materials.schema.ts';
import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import { eliUrl } from '../../contracts/laws/gazette-refs.ts';
import type { LawMiss, LawResolved } from '../../contracts/laws/resolve-law.ts';
import type { Database } from '../../infra/db/database.ts';
import { compileTsQuery } from '../../infra/search/postgres/tsquery-compiler.ts';
import { ApiError } from '../errors.ts';
import { parseSearchText, referencesAsWords } from '../search-text.ts';
import { RequestValidationError } from '../validation.ts';
import { missBody, resolveActName } from './law-lookup.query.ts';

const HEADLINE = 'MaxFragments=1, MaxWords=35, MinWords=15, StartSel=<b>, StopSel=</b>';
const ROW_CONFIG = sql`(case p.language when 'de' then 'german' when 'fr' then 'french' when 'it' then 'italian' else 'simple' end)::regconfig`;
/** Passages per category of /materialien/{law_code}. */
const PER_CATEGORY = 20;

interface PassageRow {
  eli: string;
  language: string;
  sr_number: string;
  ordinal: number;
  page: number;
  section: string | null;
  topic: string;
  articles: string[];
  text: string;
  kind: string;
  title: string;
  document_date: string | null;
  ref_type: string;
  gazette_year: number;
  gazette_page: number;
  sample: boolean;
  source_url: string | null;
}

/** `BBl 2019 8001` for the first page, `BBl 2019 8001, 8003` with a later pinpoint page. */
export function gazetteCitation(refType: string, year: number, firstPage: number, page: number): string {
  return `${refType} ${year} ${firstPage}${page !== firstPage ? `, ${page}` : ''}`;
}

function located(r: PassageRow) {
  return {
    citation: gazetteCitation(r.ref_type, r.gazette_year, r.gazette_page, r.page),
    ref_type: r.ref_type as 'BBl' | 'FF',
    year: r.gazette_year,
    first_page: r.gazette_page,
    page: r.page,
    eli: r.eli,
    eli_url: eliUrl(r.eli),
    document_title: r.title,
    kind: r.kind as 'botschaft' | 'parliamentary_change',
    document_date: r.document_date === null ? null : String(r.document_date).slice(0, 10),
    language: r.language,
    sr_number: r.sr_number,
    section: r.section,
    topic: r.topic,
    articles: r.articles,
    sample: r.sample,
    source_url: r.source_url,
  };
}

const miss = (body: LawMissBody) => new ApiError(404, 'LAW_MISS', body.detail, body);

/** The federal act a law code names, or the /laws miss. */
async function federalAct(db: Database, name: string, language: MaterialsLawQuery['language']): Promise<LawResolved> {
  const resolution = await resolveActName(db, name, language);
  if (resolution.kind === 'miss') throw miss(resolution.body);
  const act = resolution.act;
  if (act.canton !== 'CH') {
    throw miss(
      missBody(
        { code: 'not_held' as LawMiss['code'], input: act.input, normalised_key: act.normalised_key, candidates: [], reason: `Preparatory materials are held for federal acts only; ${act.input} is an act of canton ${act.canton}.` },
        { sr_number: act.sr_number, canton: act.canton },
      ),
    );
  }
  return act;
}

function passages(db: Database) {
  return db
    .selectFrom('material_passages as p')
    .innerJoin('materials as m', (j) =>
      j.onRef('m.eli', '=', 'p.eli').onRef('m.language', '=', 'p.language').onRef('m.sr_number', '=', 'p.sr_number'),
    )
    .select([
      'p.eli',
      'p.language',
      'p.sr_number',
      'p.ordinal',
      'p.page',
      'p.section',
      'p.topic',
      'p.articles',
      'p.text',
      'm.kind',
      'm.title',
      'm.document_date',
      'm.ref_type',
      'm.gazette_year',
      'm.gazette_page',
      'm.sample',
      'm.source_url',
    ]);
}

/** GET /materialien. Throws RequestValidationError (bad query) or the /laws miss (unknown law_code). */
export async function searchMaterials(db: Database, q: MaterialsSearchQuery): Promise<MaterialsSearchResponse> {
  const ast = referencesAsWords(parseSearchText(q.query, 'query'));
  const act = q.law_code !== undefined ? await federalAct(db, q.law_code, q.language ?? 'de') : null;
  const compiled = compileTsQuery(ast, { columns: { tsv: 'p.tsv', language: 'p.language' } });
  let query = passages(db)
    .select([
      compiled.rank.as('score'),
      sql<string>`ts_headline(${ROW_CONFIG}, p.text, websearch_to_tsquery(${ROW_CONFIG}, ${q.query}), ${HEADLINE})`.as('snippet'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where(compiled.sql);
  if (act) query = query.where('p.sr_number', '=', act.sr_number);
  if (q.language !== undefined) query = query.where('p.language', '=', q.language);
  const rows = await query
    .orderBy('score', 'desc')
    .orderBy('p.eli')
    .orderBy('p.language')
    .orderBy('p.ordinal')
    .limit(q.limit)
    .execute();
  return {
    query: q.query,
    law_code: q.law_code ?? null,
    sr_number: act?.sr_number ?? null,
    total: Number(rows[0]?.total ?? 0),
    returned: rows.length,
    limit: q.limit,
    results: rows.map((r) => ({
      ...located(r),
      passage: r.text,
      snippet: r.snippet,
      score: Number(r.score),
    })),
  };
}

/** The five lists of /materialien/{law_code}. */
export const MATERIAL_CATEGORIES = [
  'legislative_intent',
  'key_arguments',
  'design_choices',
  'rejected_alternatives',
  'parliamentary_modifications',
] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

/** The id of a stored passage: its document and place in it. */
export const passageId = (eli: string, ordinal: number): string => `${eli}#p${ordinal}`;

const CATEGORY_OF: Readonly<Record<string, MaterialCategory>> = {
  intent: 'legislative_intent',
  arguments: 'key_arguments',
  other: 'key_arguments',
  design: 'design_choices',
  alternatives: 'rejected_alternatives',
  modifications: 'parliamentary_modifications',
};

/** GET /materialien/{law_code}: the passages of the act's materials, by what they say. */
export async function materialsForLaw(
  db: Database,
  lawCode: string,
  q: MaterialsLawQuery,
): Promise<MaterialsLawResponse> {
  let article: string | null = null;
  if (q.article !== undefined) {
    article = normaliseArticleNum(q.article) ?? null;
    if (article === null) {
      throw new RequestValidationError([
        { loc: ['query', 'article'], msg: 'Input should be an article number such as 8, 41a, 266l or 6bis', type: 'value_error', input: q.article },
      ]);
    }
  }
  const act = await federalAct(db, lawCode, q.language);
  const name = act.abbreviation ?? `SR ${act.sr_number}`;
  const all = await passages(db)
    .where('p.sr_number', '=', act.sr_number)
    .where('p.language', '=', q.language)
    .orderBy('m.gazette_year')
    .orderBy('p.eli')
    .orderBy('p.ordinal')
    .execute();
  const actMiss = (code: string, reason: string) =>
    miss(missBody({ code: code as LawMiss['code'], input: act.input, normalised_key: act.normalised_key, candidates: [], reason }, { sr_number: act.sr_number, canton: 'CH' }));
  if (all.length === 0) {
    const held = await db.selectFrom('materials').select('language').distinct().where('sr_number', '=', act.sr_number).execute();
    throw held.length > 0
      ? actMiss('language_unavailable', `No preparatory materials of ${name} (SR ${act.sr_number}) are held in ${q.language}; they are held in ${held.map((h) => h.language).sort().join(', ')}.`)
      : actMiss('not_held', `No preparatory materials of ${name} (SR ${act.sr_number}) are held.`);
  }
  let chosen = all;
  let note: string | null = null;
  if (article !== null) {
    const about = all.filter((r) => r.articles.includes(article));
    if (about.length === 0) throw actMiss('article_not_found', `No passage of the materials of ${name} discusses Art. ${article}.`);
    // The general parts (intent, design, alternatives) of the documents that discuss the article.
    const docs = new Set(about.map((r) => r.eli));
    chosen = all.filter((r) => r.articles.includes(article) || (docs.has(r.eli) && r.articles.length === 0));
    note = `Passages naming Art. ${article} ${name}, with the general parts (intent, design, alternatives) of the documents they stand in.`;
  }
  const body: MaterialsLawResponse = {
    law_code: lawCode,
    sr_number: act.sr_number,
    abbreviation: act.abbreviation ?? null,
    title: act.title ?? null,
    article,
    language: q.language,
    note: [act.note, note].filter((n) => n).join(' ') || null,
    summaries: { status: 'not_configured', generator: null, reason: null },
    documents: [],
    legislative_intent: [],
    key_arguments: [],
    design_choices: [],
    rejected_alternatives: [],
    parliamentary_modifications: [],
  };
  const seen = new Set<string>();
  for (const r of chosen) {
    if (!seen.has(r.eli)) {
      seen.add(r.eli);
      body.documents.push({
        eli: r.eli,
        citation: gazetteCitation(r.ref_type, r.gazette_year, r.gazette_page, r.gazette_page),
        title: r.title,
        kind: r.kind,
        document_date: r.document_date === null ? null : String(r.document_date).slice(0, 10),
        sample: r.sample,
      });
    }
    const list = body[CATEGORY_OF[r.topic] ?? 'key_arguments'];
    if (list.length >= PER_CATEGORY) continue;
    const item: VerbatimMaterialItem = { passage_id: passageId(r.eli, r.ordinal), ...located(r), paraphrase: false, text: r.text };
    list.push(item);
  }
  return body;
}
