/**
 * GET /commentaries/search and GET /commentaries/{abbreviation}: commentary paragraphs, verbatim,
 * each with its margin number (N.), authors, title, edition, licence and URL. Law names resolve
 * as GET /laws resolves them (OR = CO = 220); a miss is the /laws miss, with the commentaries held
 * on the act as candidates.
 */
import { sql } from 'kysely';
import type {
  CommentaryMissBody,
  CommentaryQuery,
  CommentaryResponse,
  CommentarySearchQuery,
  CommentarySearchResponse,
} from '../../contracts/api/commentaries.schema.ts';
import { COMMENTARY_OVERVIEW_PARAGRAPHS } from '../../contracts/api/commentaries.schema.ts';
import type { LawQuery } from '../../contracts/api/laws.schema.ts';
import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import type { LawMiss, LawResolved } from '../../contracts/laws/resolve-law.ts';
import type { Database } from '../../infra/db/database.ts';
import type { DB } from '../../infra/db/schema.ts';
import type { CommentarySearchIndex, CommentarySource } from '../../infra/search/commentary-search.port.ts';
import { PostgresCommentarySearch } from '../../infra/search/postgres/postgres-commentary-search.ts';
import type { ApiDeps } from '../api-deps.ts';
import { parseSearchText, referencesAsWords } from '../search-text.ts';
import type { ValidationDetail } from '../validation.ts';
import { invalidArticle, missBody, resolve } from './law-lookup.query.ts';

type Meta = DB['commentaries'];
/** missBody copies the code to `miss_code`, which the routes then set to commentary_not_held. */
const NOT_HELD = 'not_held' as LawMiss['code'];

/** "Authors, Title, N. 3": the citation of one paragraph. */
function paragraphCitation(
  meta: Pick<CommentarySource, 'authors' | 'title' | 'language'>,
  margin: string | null,
): string {
  const who = meta.authors.length > 0 ? `${meta.authors.join('/')}, ` : '';
  const n = margin !== null ? `, ${meta.language === 'de' ? 'N.' : 'n.'} ${margin}` : '';
  return `${who}${meta.title}${n}`;
}

function sourceFields(m: CommentarySource) {
  return {
    commentary_id: m.commentary_id,
    title: m.title,
    abbreviation: m.abbreviation,
    sr_number: m.sr_number,
    article: m.article_num,
    language: m.language,
    authors: [...m.authors],
    editors: [...m.editors],
    edition_date: m.edition_date,
    licence: m.licence,
    licence_url: m.licence_url,
    url: m.url,
    pdf_url: m.pdf_url,
    suggested_citation: m.suggested_citation,
    sample: m.sample,
  };
}

const META_COLUMNS = [
  'c.commentary_id',
  'c.title',
  'c.abbreviation',
  'c.sr_number',
  'c.article_num',
  'c.language',
  'c.authors',
  'c.editors',
  'c.edition_date',
  'c.licence',
  'c.licence_url',
  'c.url',
  'c.pdf_url',
  'c.suggested_citation',
  'c.sample',
  'c.legal_text',
  'c.paragraph_count',
] as const;

type Resolution =
  | { kind: 'resolved'; r: LawResolved }
  | { kind: 'miss'; body: CommentaryMissBody }
  | { kind: 'invalid'; details: ValidationDetail[] };

/** The act resolved, but no commentary of it (or of the article) is held: the /laws miss with candidates. */
function notHeld(
  r: LawResolved,
  reason: string,
  candidates: CommentaryMissBody['commentary_candidates'],
): { kind: 'miss'; body: CommentaryMissBody } {
  const miss = { code: NOT_HELD, input: r.input, normalised_key: r.normalised_key, reason, candidates: [] };
  return {
    kind: 'miss',
    body: {
      ...missBody(r.note ? { ...miss, note: r.note } : miss, { sr_number: r.sr_number, canton: r.canton }),
      miss_code: 'commentary_not_held',
      commentary_candidates: candidates,
    },
  };
}

async function resolveAct(
  db: Database,
  name: string,
  q: { sr_number?: string | undefined; article?: string | undefined; language: 'de' | 'fr' | 'it' },
  today: string,
): Promise<Resolution> {
  const query: LawQuery = {
    language: q.language,
    ...(q.sr_number !== undefined ? { sr_number: q.sr_number } : {}),
    ...(q.article !== undefined ? { article: q.article } : {}),
  };
  const r = await resolve(db, { abbreviation: name, query, today }, name, undefined);
  if (r.status === 'miss') return { kind: 'miss', body: { ...missBody(r), commentary_candidates: [] } };
  if (r.canton !== 'CH')
    return notHeld(
      r,
      `Commentaries are held on federal acts only; ${r.input} is an act of canton ${r.canton}.`,
      [],
    );
  return { kind: 'resolved', r };
}

/** The commentary search of the deployment: OpenSearch in distributed mode, else the Postgres vectors. */
export function commentarySearchOf(deps: Pick<ApiDeps, 'db' | 'commentarySearch'>): CommentarySearchIndex {
  return deps.commentarySearch ?? new PostgresCommentarySearch(deps.db);
}

/** Runs the search; throws RequestValidationError for an unparseable query. */
export async function searchCommentaries(
  deps: Pick<ApiDeps, 'db' | 'commentarySearch' | 'today'>,
  q: CommentarySearchQuery,
): Promise<{ kind: 'found'; body: CommentarySearchResponse } | Exclude<Resolution, { kind: 'resolved' }>> {
  let sr: string | null = null;
  if (q.abbreviation !== undefined) {
    const act = await resolveAct(deps.db, q.abbreviation, { language: q.language ?? 'de' }, deps.today());
    if (act.kind !== 'resolved') return act;
    sr = act.r.sr_number;
  }
  const found = await commentarySearchOf(deps).search({
    query: referencesAsWords(parseSearchText(q.query, 'query', q.query)),
    text: q.query,
    limit: q.limit,
    ...(q.language !== undefined ? { language: q.language } : {}),
    ...(sr !== null ? { srNumber: sr } : {}),
  });
  const results = found.hits.map((hit) => ({
    ...sourceFields(hit),
    margin_number: hit.margin,
    text: hit.text,
    citation: paragraphCitation(hit, hit.margin),
    snippet: hit.snippet,
    score: hit.score,
  }));
  return {
    kind: 'found',
    body: {
      query: q.query,
      language: q.language ?? null,
      sr_number: sr,
      total: found.total,
      returned: results.length,
      limit: q.limit,
      results,
    },
  };
}

/** The /commentaries lookup of one act (and article) in one language. */
export function lookupUrl(basePath: string, sr: string, article: string | null, language: string): string {
  const art = article !== null ? `&article=${encodeURIComponent(article)}` : '';
  return `${basePath}/commentaries/_?sr_number=${encodeURIComponent(sr)}${art}&language=${language}`;
}

/** The commentaries of an act (or one article) in one language; a miss with candidates otherwise. */
export async function lookupCommentaries(
  db: Database,
  input: { abbreviation: string; query: CommentaryQuery; today: string; basePath: string },
): Promise<{ kind: 'found'; body: CommentaryResponse } | Exclude<Resolution, { kind: 'resolved' }>> {
  const act = await resolveAct(db, input.abbreviation, input.query, input.today);
  if (act.kind !== 'resolved') return act;
  const { r } = act;
  let articleNum: string | null = null;
  if (r.article !== undefined) {
    const n = normaliseArticleNum(r.article);
    if (n === undefined) return { kind: 'invalid', details: invalidArticle(r.article) };
    articleNum = n;
  }
  const language = input.query.language;
  let query = db
    .selectFrom('commentaries as c')
    .select(META_COLUMNS)
    .where('c.sr_number', '=', r.sr_number)
    .where('c.language', '=', language);
  if (articleNum !== null) query = query.where('c.article_num', '=', articleNum);
  const metas = (await query
    .orderBy('c.kind')
    .orderBy('c.title')
    .orderBy('c.commentary_id')
    .execute()) as unknown as (Meta & {
    legal_text: string | null;
  })[];
  if (metas.length === 0) {
    const held = await db
      .selectFrom('commentaries')
      .select(['article_num', 'title', 'language'])
      .where('sr_number', '=', r.sr_number)
      .orderBy(sql`language = ${language}`, 'desc')
      .orderBy('title')
      .limit(20)
      .execute();
    const what = articleNum !== null ? `Art. ${articleNum} of ` : '';
    return notHeld(
      r,
      `No commentary on ${what}SR ${r.sr_number} (${r.abbreviation ?? r.input}) is held in ${language}.`,
      held.map((h) => ({
        article: h.article_num,
        title: h.title,
        language: h.language,
        url: lookupUrl(input.basePath, r.sr_number, h.article_num, h.language),
      })),
    );
  }
  const ids = metas.map((m) => m.commentary_id);
  let paragraphs = db
    .selectFrom('commentary_paragraphs')
    .select(['commentary_id', 'ordinal', 'margin', 'text'])
    .where('commentary_id', 'in', ids);
  if (articleNum === null) paragraphs = paragraphs.where('ordinal', '<', COMMENTARY_OVERVIEW_PARAGRAPHS);
  const byId = new Map<string, { margin: string | null; text: string }[]>();
  for (const p of await paragraphs.orderBy('commentary_id').orderBy('ordinal').execute()) {
    const list = byId.get(p.commentary_id) ?? [];
    list.push(p);
    byId.set(p.commentary_id, list);
  }
  return {
    kind: 'found',
    body: {
      input: r.input,
      sr_number: r.sr_number,
      abbreviation: r.abbreviation ?? metas[0]!.abbreviation,
      article: articleNum,
      language,
      resolved_via: r.via,
      note: r.note ?? null,
      commentaries: metas.map((m) => ({
        ...sourceFields(m),
        legal_text: m.legal_text,
        paragraphs_total: m.paragraph_count,
        paragraphs: (byId.get(m.commentary_id) ?? []).map((p) => ({
          margin_number: p.margin,
          text: p.text,
          citation: paragraphCitation(m, p.margin),
        })),
      })),
    },
  };
}
