/**
 * GET /laws/search: full-text search over the newest consolidation of every federal and cantonal
 * act (the query language of /decisions, compiled by the Postgres tsquery compiler), with
 * snippets. A query that starts with a single-article reference ("Art. 60 OR", "art. 190 al. 2
 * let. e LDIP", "§ 12 StG ZH") returns that article first; the words after it search as usual.
 */
import { sql } from 'kysely';
import type { LawSearchQuery, LawSearchResponse } from '../../contracts/api/laws.schema.ts';
import { statuteRunAt, type StatuteRef } from '../../contracts/citation/grammar/statutes.ts';
import { normaliseArticleNum } from '../../contracts/laws/article-numbers.ts';
import { normaliseLawKey } from '../../contracts/laws/law-key.ts';
import { resolveLawName } from '../../contracts/laws/resolve-law.ts';
import type { Database } from '../../infra/db/database.ts';
import { compileTsQuery } from '../../infra/search/postgres/tsquery-compiler.ts';
import { RequestValidationError } from '../validation.ts';
import { cantonalCandidatesByKey, versionArticles } from './statutes.query.ts';
import { parseSearchText, referencesAsWords } from '../search-text.ts';

type Hit = LawSearchResponse['results'][number];
type Reference = NonNullable<LawSearchResponse['reference']>;

const TS_CONFIG: Readonly<Record<string, string>> = { de: 'german', fr: 'french', it: 'italian' };
const HEADLINE = 'MaxFragments=1, MaxWords=35, MinWords=15, StartSel=<b>, StopSel=</b>';

/** Statute search knows no decision references: a docket or BGE number is searched as a phrase. */
function lawUrl(
  basePath: string,
  jurisdiction: string,
  sr: string,
  language: string,
  article: string,
): string {
  const canton = jurisdiction !== 'CH' ? `&canton=${jurisdiction}` : '';
  return `${basePath}/laws/_?sr_number=${encodeURIComponent(sr)}${canton}&language=${language}&article=${encodeURIComponent(article)}`;
}

/** The query's leading single-article reference, if it is one. */
function leadingReference(text: string): { ref: StatuteRef; rest: string } | undefined {
  const run = statuteRunAt(text, 0);
  if (!run || run.refs.length !== 1 || run.refs[0]!.law === null) return undefined;
  return {
    ref: run.refs[0]!,
    rest: text
      .slice(run.end)
      .replace(/^[\s,;:.]+/, '')
      .trim(),
  };
}

async function referencedArticle(
  db: Database,
  q: LawSearchQuery,
  ref: StatuteRef,
  basePath: string,
): Promise<{ reference: Reference; hit: Hit | null }> {
  const law = ref.law!;
  const base: Reference = {
    law,
    sr_number: null,
    canton: null,
    article: ref.article,
    paragraphs: [...ref.paragraphs],
    letters: [...ref.letters],
    found: false,
    note: null,
  };
  const candidates = await cantonalCandidatesByKey(db, [normaliseLawKey(law)]);
  const resolution = resolveLawName({
    abbreviation: law,
    ...(ref.canton !== null && ref.canton !== 'CH' ? { canton: ref.canton } : {}),
    language: q.language,
    cantonalCandidates: (k) => candidates.get(k) ?? [],
  });
  if (resolution.status === 'miss') return { reference: { ...base, note: resolution.reason }, hit: null };
  const act = { jurisdiction: resolution.canton, sr_number: resolution.sr_number, language: q.language };
  const version = await db
    .selectFrom('statute_versions')
    .select(['consolidation_date', 'title', 'abbreviation'])
    .where('jurisdiction', '=', act.jurisdiction)
    .where('sr_number', '=', act.sr_number)
    .where('language', '=', act.language)
    .where('is_latest', '=', true)
    .executeTakeFirst();
  const located = { ...base, sr_number: act.sr_number, canton: act.jurisdiction };
  const num = normaliseArticleNum(ref.article);
  if (!version || num === undefined)
    return {
      reference: { ...located, note: `${law} (SR ${act.sr_number}) is not held in ${q.language}.` },
      hit: null,
    };
  const rows = await versionArticles(db, act, version.consolidation_date, {
    articleNum: num,
    ...(resolution.section ? { block: resolution.section.id } : {}),
  });
  const row = rows[0];
  if (!row)
    return {
      reference: {
        ...located,
        note: `Art. ${num} is not in ${law} (SR ${act.sr_number}) as consolidated on ${version.consolidation_date}.`,
      },
      hit: null,
    };
  return {
    reference: { ...located, found: true, note: resolution.note ?? null },
    hit: {
      sr_number: act.sr_number,
      canton: act.jurisdiction,
      abbreviation: version.abbreviation,
      title: version.title,
      language: q.language,
      consolidation_date: version.consolidation_date,
      article_num: row.article_num,
      heading: row.heading,
      snippet: row.text.length > 300 ? `${row.text.slice(0, 297)}…` : row.text,
      score: 1,
      exact_reference: true,
      url: lawUrl(basePath, act.jurisdiction, act.sr_number, q.language, row.article_num),
    },
  };
}

function jurisdictionFilter(q: LawSearchQuery): { equal?: string; cantonal?: boolean } {
  if (q.canton !== undefined) {
    const federal = q.canton === 'CH';
    if ((q.jurisdiction === 'federal' && !federal) || (q.jurisdiction === 'cantonal' && federal)) {
      throw new RequestValidationError([
        {
          loc: ['query', 'canton'],
          msg: `canton ${q.canton} contradicts jurisdiction=${q.jurisdiction}`,
          type: 'value_error',
          input: q.canton,
        },
      ]);
    }
    return { equal: q.canton };
  }
  if (q.sr_number !== undefined || q.jurisdiction === 'federal') return { equal: 'CH' };
  return q.jurisdiction === 'cantonal' ? { cantonal: true } : {};
}

/** Runs the search; throws RequestValidationError for an unparseable query or contradicting filters. */
export async function searchLaws(
  db: Database,
  q: LawSearchQuery,
  basePath: string,
): Promise<LawSearchResponse> {
  const where = jurisdictionFilter(q);
  const leading = leadingReference(q.query);
  const first = leading ? await referencedArticle(db, q, leading.ref, basePath) : undefined;
  const text = first?.hit ? leading!.rest : q.query;
  const results: Hit[] = first?.hit ? [first.hit] : [];
  let total = results.length;
  if (text.length > 0) {
    const ast = referencesAsWords(parseSearchText(text, 'query', q.query));
    const compiled = compileTsQuery(ast, { columns: { tsv: 'a.tsv', language: 'a.language' } });
    const cfg = sql.lit(TS_CONFIG[q.language] ?? 'simple');
    let query = db
      .selectFrom('statute_articles as a')
      .innerJoin('statute_versions as v', (j) =>
        j
          .onRef('v.jurisdiction', '=', 'a.jurisdiction')
          .onRef('v.sr_number', '=', 'a.sr_number')
          .onRef('v.language', '=', 'a.language')
          .onRef('v.consolidation_date', '=', 'a.consolidation_date'),
      )
      .select([
        'a.jurisdiction',
        'a.sr_number',
        'a.consolidation_date',
        'a.article_num',
        'a.heading',
        'v.title',
        'v.abbreviation',
        compiled.rank.as('score'),
        sql<string>`ts_headline(${cfg}::regconfig, a.text, websearch_to_tsquery(${cfg}::regconfig, ${text}), ${HEADLINE})`.as(
          'snippet',
        ),
        sql<number>`count(*) over ()`.as('total'),
      ])
      .where('a.is_latest', '=', true)
      .where('a.language', '=', q.language)
      .where(compiled.sql);
    if (where.equal !== undefined) query = query.where('a.jurisdiction', '=', where.equal);
    if (where.cantonal) query = query.where('a.jurisdiction', '<>', 'CH');
    if (q.sr_number !== undefined) query = query.where('a.sr_number', '=', q.sr_number);
    const rows = await query
      .orderBy('score', 'desc')
      .orderBy('a.jurisdiction')
      .orderBy('a.sr_number')
      .orderBy('a.ordinal')
      .limit(q.limit + 1)
      .execute();
    const already = results[0];
    let duplicate = false;
    for (const row of rows) {
      if (
        already &&
        row.sr_number === already.sr_number &&
        row.jurisdiction === already.canton &&
        row.article_num === already.article_num
      ) {
        duplicate = true;
        continue;
      }
      results.push({
        sr_number: row.sr_number,
        canton: row.jurisdiction,
        abbreviation: row.abbreviation,
        title: row.title,
        language: q.language,
        consolidation_date: row.consolidation_date,
        article_num: row.article_num,
        heading: row.heading,
        snippet: row.snippet,
        score: Number(row.score),
        exact_reference: false,
        url: lawUrl(basePath, row.jurisdiction, row.sr_number, q.language, row.article_num),
      });
    }
    // The referenced article counts once even when the full-text part finds it too.
    total += Number(rows[0]?.total ?? 0) - (duplicate ? 1 : 0);
  }
  const page = results.slice(0, q.limit);
  return {
    query: q.query,
    language: q.language,
    total: Math.max(total, page.length),
    returned: page.length,
    limit: q.limit,
    reference: first?.reference ?? null,
    results: page,
  };
}
