import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  CommentarySearchHit,
  CommentarySearchIndex,
  CommentarySearchRequest,
  CommentarySearchResult,
} from '../commentary-search.port.ts';
import { compileTsQuery } from './tsquery-compiler.ts';

const HEADLINE = 'MaxFragments=1, MaxWords=35, MinWords=15, StartSel=<b>, StopSel=</b>';
const REGCONFIG = sql`(case p.language when 'de' then 'german' when 'fr' then 'french' when 'it' then 'italian' else 'simple' end)::regconfig`;

/**
 * Commentary search on the Postgres full-text vectors of the commentaries read model
 * (`commentary_paragraphs.tsv`: the commentary title weighted B, the paragraph A), with
 * `ts_headline` snippets.
 */
export class PostgresCommentarySearch implements CommentarySearchIndex {
  constructor(private readonly db: Database) {}

  async search(q: CommentarySearchRequest): Promise<CommentarySearchResult> {
    const compiled = compileTsQuery(q.query, { columns: { tsv: 'p.tsv', language: 'p.language' } });
    let query = this.db
      .selectFrom('commentary_paragraphs as p')
      .innerJoin('commentaries as c', 'c.commentary_id', 'p.commentary_id')
      .select([
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
        'p.ordinal',
        'p.margin',
        'p.text',
        compiled.rank.as('score'),
        sql<string>`ts_headline(${REGCONFIG}, p.text, websearch_to_tsquery(${REGCONFIG}, ${q.text}), ${sql.lit(HEADLINE)})`.as(
          'snippet',
        ),
        sql<number>`count(*) over ()`.as('total'),
      ])
      .where(compiled.sql);
    if (q.language !== undefined) query = query.where('p.language', '=', q.language);
    if (q.srNumber !== undefined) query = query.where('p.sr_number', '=', q.srNumber);
    const rows = await query
      .orderBy('score', 'desc')
      .orderBy('c.sr_number')
      .orderBy('c.commentary_id')
      .orderBy('p.ordinal')
      .limit(q.limit)
      .execute();
    const hits: CommentarySearchHit[] = rows.map(({ total: _total, score, ...row }) => ({
      ...row,
      score: Number(score),
    }));
    return { total: Math.max(Number(rows[0]?.total ?? 0), hits.length), hits };
  }
}
