/**
 * The rank vector of the PostgreSQL decision search (`rankVectorOf`): long decisions keep for
 * scoring only the title, the Regeste and their most frequent lexemes, and a match whose rank
 * vector lacks the query word follows the scored matches, newest first. The conformance suite's
 * documents are shorter than the rank vector's lexeme budget, so this file supplies long ones.
 */
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceKeysOf } from '../../../contracts/search/reference-keys.ts';
import { decisionSearchPostgresStorage } from '../../../projector/decision-search/decision-search.storage.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { olderPhrasePairs } from '../../../test/support/older-phrase-pairs.ts';
import {
  type Ask,
  astOf,
  CORPUS,
  postgresSearchFixture,
  requestOf,
  type SearchFixture,
} from '../../../test/support/search.suite.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { SearchDocument, SearchRequest } from '../search.port.ts';
import {
  PAIRS_WITH_APART,
  PAIRS_WITH_TRIPLES,
  PostgresSearchIndex,
  RANK_TEXT_LEXEMES,
  analysePhrase,
} from './postgres-search-index.ts';
import {
  APART_KEY,
  GAPPED_KEY,
  TRIPLE_KEY,
  type TsQueryCompileOptions,
  adjacentPairsOf,
  compileTsQuery,
  isApart,
  isGappedTriple,
  isTriple,
  phraseTextsOf,
} from './tsquery-compiler.ts';

/** 100 filler words, the i-th repeated 120 − i times: the 64 most frequent lexemes of every text. */
const FILLER = Array.from(
  { length: 100 },
  (_, i) => `Füllwort${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}x`,
);
const fillerText = FILLER.flatMap((w, i) => Array.from({ length: 120 - i }, () => w)).join(' ');

function longDecision(
  id: string,
  docket: string,
  date: string,
  title: string,
  extra: string,
): SearchDocument {
  const base = CORPUS[0]!;
  return {
    ...base,
    decision_id: id,
    decision_date: date,
    language: 'de',
    docket_number: docket,
    title,
    regeste: null,
    full_text: `${extra} ${fillerText} ${extra}`,
    ref_keys: referenceKeysOf(id, docket),
  };
}

const DOCS: readonly SearchDocument[] = [
  // the word in the title: scored (title lexemes are always kept)
  longDecision('t_title', '4A_1/2001', '2001-01-01', 'Mietzins und Nebenkosten', 'Sachverhalt'),
  // the word 200 times in the text: among the most frequent lexemes, scored
  longDecision(
    't_often',
    '4A_2/2002',
    '2002-01-01',
    'Entscheid',
    Array.from({ length: 100 }, () => 'Mietzins').join(' '),
  ),
  // the word once or a few times in a long text: matches, not scored, ordered by date
  longDecision('t_once_new', '4A_3/2024', '2024-05-01', 'Entscheid', 'Mietzins'),
  longDecision('t_once_old', '4A_4/2010', '2010-05-01', 'Entscheid', 'Mietzins'),
  longDecision('t_thrice', '4A_5/2015', '2015-05-01', 'Entscheid', 'Mietzins Mietzins Mietzins'),
  // no match
  longDecision('t_none', '4A_6/2020', '2020-01-01', 'Entscheid', 'Sachverhalt'),
];

describe('rank vector (PostgreSQL search on PGlite)', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle);
    await fixture.load(DOCS);
  });
  afterAll(async () => {
    await fixture.close();
  });

  const request = (query: string, page: Partial<Ask> = {}): SearchRequest =>
    requestOf({ query, limit: 50, ...page });

  it('keeps the title, the Regeste and the most frequent lexemes of the text, with all their positions', async () => {
    const rows = await sql<{ id: string; full: number; kept: number; title: boolean; often: string }>`
      select decision_id as id, length(tsv) as full, length(rank_tsv) as kept,
        rank_tsv @@ to_tsquery('german', 'nebenkost') as title,
        ts_rank_cd(rank_tsv, to_tsquery('german', 'mietzin'), 32)::text
          = ts_rank_cd(tsv, to_tsquery('german', 'mietzin'), 32)::text as often
      from decision_search order by decision_id`.execute(handle.db);
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    // 101–102 distinct lexemes in the text; the rank vector keeps 64 of them plus the title's
    expect(byId.get('t_none')!.full).toBeGreaterThan(100);
    expect(byId.get('t_none')!.kept).toBe(RANK_TEXT_LEXEMES + 1); // + "entscheid" of the title
    expect(byId.get('t_title')!.title).toBe(true);
    // a kept lexeme scores exactly as in the full vector
    expect(byId.get('t_often')!.often).toBe(true);
  });

  it('scored matches first by rank, then the other matches newest first, all counted', async () => {
    const postgres = new PostgresSearchIndex(handle.db);
    const result = await fixture.index.search(request('Mietzins'));
    expect(result.total).toBe(5);
    const ids = result.hits.map((h) => h.decision_id);
    expect(new Set(ids.slice(0, 2))).toEqual(new Set(['t_title', 't_often']));
    expect(ids.slice(2)).toEqual(['t_once_new', 't_thrice', 't_once_old']);
    expect(result.hits[0]!.score).toBeGreaterThan(0);
    expect(result.hits[1]!.score).toBeLessThanOrEqual(result.hits[0]!.score!);
    expect(result.hits.slice(2).map((h) => h.score)).toEqual([0, 0, 0]);
    // an AND with a word every decision holds, a NOT and an OR keep the same sets
    const and = await postgres.search(request('Mietzins AND Sachverhalt'));
    expect(and.hits.map((h) => h.decision_id)).toEqual(['t_title']);
    const not = await postgres.search(request('Mietzins NOT Nebenkosten'));
    expect(not.hits.map((h) => h.decision_id)).toEqual(['t_often', 't_once_new', 't_thrice', 't_once_old']);
    const or = await postgres.search(request('Mietzins OR Sachverhalt'));
    expect(or.total).toBe(6);
    expect(or.hits.slice(-4).map((h) => h.decision_id)).toEqual([
      't_once_new',
      't_none',
      't_thrice',
      't_once_old',
    ]);
  });

  it('every (offset, limit) page is a slice of the whole order, across the scored and the date part', async () => {
    const whole = (await fixture.index.search(request('Mietzins OR 4A_4/2010'))).hits.map(
      (h) => h.decision_id,
    );
    // the query's own decision comes first, though its rank vector lacks the word
    expect(whole[0]).toBe('t_once_old');
    expect(whole).toHaveLength(5);
    for (let offset = 0; offset <= 6; offset++) {
      for (let limit = 1; limit <= 6; limit++) {
        const page = await fixture.index.search(request('Mietzins OR 4A_4/2010', { offset, limit }));
        const where = `offset ${offset} limit ${limit}`;
        expect(
          page.hits.map((h) => h.decision_id),
          where,
        ).toEqual(whole.slice(offset, offset + limit));
        expect(page.hasMore, where).toBe(offset + limit < whole.length);
      }
    }
    // a candidate pool smaller than the scored part and the date part together
    const pooled = new PostgresSearchIndex(handle.db, { candidatePool: 3 });
    const first = await pooled.search(request('Mietzins', { limit: 2 }));
    const second = await pooled.search(request('Mietzins', { offset: 2, limit: 2 }));
    expect([...first.hits, ...second.hits].map((h) => h.decision_id)).toEqual(
      (await fixture.index.search(request('Mietzins'))).hits.slice(0, 3).map((h) => h.decision_id),
    );
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
  });

  it.each([
    ['two adjacent words', '"Mietzins Füllworta0x"', ['t_once_new', 't_once_old', 't_thrice', 't_often']],
    ['a repeated word', '"Mietzins Mietzins"', ['t_thrice', 't_often']],
    [
      'the end of one text and the title',
      '"Füllwortv3x Mietzins"',
      ['t_once_new', 't_once_old', 't_thrice', 't_often'],
    ],
    [
      'three adjacent words',
      '"Mietzins Füllworta0x Füllworta0x"',
      ['t_once_new', 't_once_old', 't_thrice', 't_often'],
    ],
    ['three words, not in this order', '"Füllworta0x Mietzins Füllworta0x"', []],
    // each pair occurs (at the start and at the end of the texts), never the three words in a row
    ['three words whose pairs occur apart', '"Füllwortv3x Mietzins Füllworta0x"', []],
    // under an SQL-level AND (beside a reference) a phrase of stop words only is left out (rule 7)
    ['a phrase of stop words AND a docket', '"der die" AND 4A_4/2010', ['t_once_old']],
    // the stop word's slot takes any one word (rule 4)
    ['a stop word inside', '"Mietzins der Füllworta0x"', ['t_once_new', 't_once_old', 't_thrice', 't_often']],
    ['a stop word inside, no word between', '"Nebenkosten der Sachverhalt"', []],
    ['one word', '"Nebenkosten"', ['t_title']],
    ['only stop words', '"der die das"', []],
    ['a phrase AND a word', '"Mietzins Mietzins" AND Sachverhalt', []],
    ['a docket cited in no text', '4A_4/2010', ['t_once_old']],
  ])('phrases on adjacent pairs find what the full vector finds: %s', async (_what, query, expected) => {
    const ast = astOf(query);
    const ids = async (options?: TsQueryCompileOptions) =>
      (
        await sql<{ id: string }>`select decision_id as id from decision_search
          where ${compileTsQuery(ast, options).sql} order by decision_id`.execute(handle.db)
      ).rows.map((r) => r.id);
    const onVectors = await ids();
    expect(onVectors).toEqual([...expected].sort());
    // analysed beforehand: the statement names each arm's test
    const phrases = new Map(
      await Promise.all(
        phraseTextsOf(ast!).map(async (t) => [t, await analysePhrase(handle.db, t)] as const),
      ),
    );
    expect(phrases.size).toBeGreaterThan(0);
    expect(await ids({ phrases })).toEqual(onVectors);
    // the search counts and collects them from the phrase pairs where it can (a phrase, a
    // reference, an OR with a reference), in date order and by relevance
    for (const sort of ['date_desc', 'relevance'] as const) {
      const found = await fixture.index.searchIds(request(query, { sort, limit: 100 }));
      expect([...found.ids].sort(), sort).toEqual(onVectors);
      expect(found.total, sort).toBe(onVectors.length);
    }
  });

  it('words, prefixes and their OR read from the term postings give the order and the scores of ranking the rank vectors', async () => {
    // the whole conformance corpus beside the long decisions; "OR" a phrase found nowhere takes
    // the ranking path over the rank vectors, with the same scores
    await fixture.load(CORPUS);
    const lexemeByLexeme = new PostgresSearchIndex(handle.db, { prefixLexemesInOrder: 1 });
    const queries = [
      'Mietzins',
      'Kündigung',
      'Vertrag',
      'contrat',
      'contrats',
      'Hauswart',
      'Betrug',
      'diritto',
      'Füllworta0x',
      // disjunctions: their rank is the sum of what each lexeme alone scores
      'Mietzins OR Vertrag',
      'contrat OR bail OR diritto',
      'Kündig*',
      'contra*',
      'Füllwort*',
      // a prefix's lexemes end before the next one's (Füllworta1x follows Füllworta0x)
      'Füllworta0*',
      'Füllwortb1*',
      'Miet* OR Vertrag OR Füllworta0x',
      // the same lexeme twice counts once; a stop word is left out in its language
      'Vertrag OR Verträge OR Vertr*',
      'Mietzins OR und OR le',
    ];
    for (const query of queries) {
      for (const filters of [
        {},
        { court: 'bger' },
        { language: 'de' },
        { language: 'rm' },
        { dateFrom: '2015-01-01' },
      ]) {
        for (const page of [{ limit: 50 }, { offset: 1, limit: 3 }]) {
          const where = `${query} ${JSON.stringify(filters)} ${JSON.stringify(page)}`;
          const postings = await fixture.index.search(request(query, { filters, ...page }));
          // a prefix's single postings read lexeme by lexeme, or (more lexemes than that) all of them
          const allSingles = await lexemeByLexeme.search(request(query, { filters, ...page }));
          const ranked = await fixture.index.search(
            request(`${query} OR "Zzqxwv Yyqxwv"`, { filters, ...page }),
          );
          for (const found of [postings, allSingles]) {
            expect(
              found.hits.map((h) => [h.decision_id, h.score]),
              where,
            ).toEqual(ranked.hits.map((h) => [h.decision_id, h.score]));
            expect(found.total, where).toBe(ranked.total);
            expect(found.hasMore, where).toBe(ranked.hasMore);
          }
        }
      }
    }
    // a stop word in every language: nothing, from either path
    expect((await fixture.index.search(request('und'))).hits.filter((h) => h.language === 'de')).toEqual([]);
  });

  it.each([
    ['a word', 'Mietzins'],
    ['an AND, one operand rare in some texts', 'Mietzins AND Füllworta0x'],
    ['an AND of rare words', 'Mietzins AND Sachverhalt'],
    ['a phrase', '"Mietzins Füllworta0x"'],
    ['a NOT', 'Mietzins NOT Nebenkosten'],
    ['an OR with a NOT', 'Mietzins OR NOT Füllworta0x'],
    ['a docket AND a word', '4A_4/2010 AND Mietzins'],
    ['a decision id AND a word', 't_often AND Mietzins'],
    ['two references', '4A_100/2020 BGE 140 III 86'],
    ['a reference OR a word', 'BGE 140 III 86 OR Kündigung'],
    ['a statute OR a word', 'Art. 97 OR OR Vertrag'],
  ])(
    'the rankable rows are those ranked above 0, and match the query when it says so: %s',
    async (_what, query) => {
      await fixture.load(CORPUS);
      const compiled = compileTsQuery(astOf(query), { columns: { rankTsv: 'rank_tsv' } });
      const ids = async (where: unknown) =>
        (
          await sql<{ id: string }>`select decision_id as id from decision_search
          where ${where} order by decision_id`.execute(handle.db)
        ).rows.map((r) => r.id);
      const rankable = await ids(compiled.rankable);
      expect(rankable).toEqual(await ids(sql`${compiled.rank} > 0`));
      const claimed = await ids(sql`(${compiled.rankable} or ${compiled.ownRefMatch})`);
      const matching = new Set(await ids(compiled.sql));
      if (compiled.rankImpliesMatch) expect(claimed.filter((id) => !matching.has(id))).toEqual([]);
    },
  );

  it('pages in date order are the same whether the matches are collected and sorted or found by walking the date index', async () => {
    await fixture.load(CORPUS);
    const walking = new PostgresSearchIndex(handle.db, { dateOrder: 'walk' });
    const collecting = new PostgresSearchIndex(handle.db, { dateOrder: 'collect' });
    const queries = [
      'Mietzins',
      'Mietzins NOT Nebenkosten',
      'Vertrag OR Kündigung',
      'NOT Vertrag',
      '"Mietzins Füllworta0x"',
      // three adjacent words, and references: collected by their pairs, walked on the full vector
      '"Mietzins Füllworta0x Füllworta0x"',
      'BGE 140 III 86',
      '4A_4/2010 OR BGE 140 III 86',
      '',
    ];
    for (const query of queries) {
      for (const sort of ['relevance', 'date_desc', 'date_asc'] as const) {
        for (const page of [{ limit: 50 }, { offset: 2, limit: 3 }]) {
          const ask = request(query, { sort, ...page });
          const where = `${query} ${sort} ${JSON.stringify(page)}`;
          const walked = await walking.search(ask);
          expect(walked.hits.length, where).toBeGreaterThan(0);
          expect(await collecting.search(ask), where).toEqual(walked);
          // the filters hold on either path
          const filtered = request(query, { sort, filters: { language: 'de' }, ...page });
          const walkedFiltered = await walking.search(filtered);
          expect(
            walkedFiltered.hits.every((h) => h.language === 'de'),
            where,
          ).toBe(true);
          expect(await collecting.search(filtered), `${where} de`).toEqual(walkedFiltered);
        }
      }
    }
  });

  it('references: the page read while the matches are counted is the page read after the scored rows', async () => {
    // long decisions citing BGE 140 III 86 twice among many words: not in their rank vectors,
    // so unscored, by date (two of the same day, one before 2015)
    const dates = ['2020-03-01', '2018-07-09', '2018-07-09', '2016-01-15', '2021-11-30', '2012-05-05'];
    const citing = dates.map((date, i) =>
      longDecision(
        `t_cites_${i}`,
        `4A_${900 + i}/2020`,
        date,
        'Werkvertrag',
        'wie in BGE 140 III 86 erwogen',
      ),
    );
    await fixture.load([...CORPUS, ...citing]);
    const firstScored = new PostgresSearchIndex(handle.db, { scoredRowsFirst: true });
    let unscored = 0;
    for (const query of ['BGE 140 III 86', '4A_4/2010', '4A_4/2010 OR BGE 140 III 86', 'Art. 97 OR']) {
      for (const filters of [{}, { language: 'de' }, { dateFrom: '2015-01-01' }]) {
        for (const page of [{ limit: 50 }, { offset: 1, limit: 2 }, { limit: 1 }]) {
          const ask = request(query, { filters, ...page });
          const where = `${query} ${JSON.stringify(filters)} ${JSON.stringify(page)}`;
          const found = await fixture.index.search(ask);
          expect(found, where).toEqual(await firstScored.search(ask));
          expect((await fixture.index.searchIds(ask)).ids, where).toEqual(
            found.hits.map((h) => h.decision_id),
          );
          unscored += found.hits.filter((h) => h.score === 0).length;
        }
      }
    }
    // matches beyond the scored rows, by date, were on the pages
    expect(unscored).toBeGreaterThan(20);
  });

  it('the term postings and the phrase pairs follow a newer version of a decision and its withdrawal', async () => {
    const postings = async (id: string) =>
      (
        await sql<{ lexeme: string }>`select lexeme from decision_search_terms
          where decision_id = ${id} order by lexeme`.execute(handle.db)
      ).rows.map((r) => r.lexeme);
    // the decision's phrase pairs row, and whether it holds its search row's columns and the keys
    // of that row's vector
    const keySet = (keys: RawBuilder<unknown>) =>
      sql`array(select distinct k from unnest(${keys}) k order by k)`;
    const phrasePairs = async (id: string) =>
      (
        await sql<{ pairs: string[]; same: boolean }>`select p.tsv_pairs as pairs,
            (p.court, p.canton, p.chamber, p.decision_type, p.decision_date, p.language)
              is not distinct from (s.court, s.canton, s.chamber, s.decision_type, s.decision_date, s.language)
            and ${keySet(sql.ref('p.tsv_pairs'))} = ${keySet(adjacentPairsOf(sql.ref('s.tsv')))} as same
          from decision_search_pairs p left join decision_search s using (decision_id)
          where p.decision_id = ${id}`.execute(handle.db)
      ).rows;
    const index = new PostgresSearchIndex(handle.db);
    const base = longDecision('t_versions', '4A_7/2021', '2021-01-01', 'Pachtzins', "l'arrêt a\\b");
    await fixture.load([base], [1000]);
    expect(await postings('t_versions')).toContain('pachtzin');
    expect((await index.search(request('Pachtzins'))).hits.map((h) => h.decision_id)).toEqual(['t_versions']);
    // the title's word and the text's first word are adjacent (positions 1 and 2)
    const fromTitle = (pairs: readonly string[]) => pairs.filter((p) => /^pachtzin [^ ]+$/.test(p));
    const written = await phrasePairs('t_versions');
    expect(written).toEqual([{ pairs: expect.any(Array), same: true }]);
    expect(fromTitle(written[0]!.pairs)).toHaveLength(1);
    // a newer version without the word, then an older one with it (ignored)
    await fixture.load([{ ...base, title: 'Entscheid' }], [1001]);
    await fixture.load([base], [999]);
    expect(await postings('t_versions')).not.toContain('pachtzin');
    expect((await index.search(request('Pachtzins'))).hits).toEqual([]);
    const replaced = await phrasePairs('t_versions');
    expect(replaced).toEqual([{ pairs: expect.any(Array), same: true }]);
    expect(fromTitle(replaced[0]!.pairs)).toEqual([]);
    await handle.db.transaction().execute(async (tx) => {
      const live = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables
        where table_name = 'decision_search' and table_type = 'BASE TABLE' and table_schema like '%decision_search%'`.execute(
        tx,
      );
      await sql`select set_config('search_path', ${`"${live.rows[0]!.schema}"`}, true)`.execute(tx);
      await index.remove([{ decision_id: 't_versions', position: 1002 }], { tx });
    });
    expect(await postings('t_versions')).toEqual([]);
    expect(await phrasePairs('t_versions')).toEqual([]);
  });

  it('a generation written before the rank vector, the pairs, the term postings (or their code-point order or shared prefixes) and the phrase pairs (or their code-point order) gets them (and pairs written before the digit triples get those), equal to newly written ones, at its next start', async () => {
    const schema = 'rank_vector_upgrade';
    const ctx = { db: handle.db, base: 'rank_vector_live', schema, generation: 1 };
    await decisionSearchPostgresStorage.create(ctx);
    await handle.db.transaction().execute(async (tx) => {
      await sql`select set_config('search_path', ${`"${schema}"`}, true)`.execute(tx);
      await new PostgresSearchIndex(handle.db).upsert(
        DOCS.map((doc, i) => ({ doc, position: i + 1 })),
        { tx },
      );
    });
    // the pairs of a row are a set (written in no particular order)
    const sortedPairs = sql`array(select x from unnest(tsv_pairs) x order by x)`;
    const vectors = async () => ({
      rows: (
        await sql<{ id: string; v: string }>`select decision_id as id, rank_tsv::text as v
          from ${sql.id(schema)}.decision_search order by decision_id`.execute(handle.db)
      ).rows,
      postings: (
        await sql`select * from ${sql.id(schema)}.decision_search_terms
          order by decision_id, lexeme`.execute(handle.db)
      ).rows,
      phrasePairs: (
        await sql<{
          row: unknown;
          pairs: string[];
        }>`select to_jsonb(p) - 'tsv_pairs' as row, ${sortedPairs} as pairs
          from ${sql.id(schema)}.decision_search_pairs p order by decision_id`.execute(handle.db)
      ).rows,
    });
    const written = await vectors();
    expect(written.postings.length).toBeGreaterThan(6 * RANK_TEXT_LEXEMES);
    // the shape of an older generation: no rank vector, one index over every language, the pairs
    // in the search rows too (indexed there)
    await sql`drop index ${sql.id(schema)}.decision_search_tsv_de`.execute(handle.db);
    await sql`alter table ${sql.id(schema)}.decision_search drop column rank_tsv`.execute(handle.db);
    await sql`alter table ${sql.id(schema)}.decision_search
      add column tsv_pairs text[] not null default '{}'`.execute(handle.db);
    for (const arm of ['de', 'other']) {
      await sql`create index ${sql.id(`decision_search_tsv_pairs_${arm}`)}
        on ${sql.id(schema)}.decision_search using gin (tsv_pairs)`.execute(handle.db);
    }
    await sql`drop table ${sql.id(schema)}.decision_search_terms`.execute(handle.db);
    await sql`drop table ${sql.id(schema)}.decision_search_pairs`.execute(handle.db);
    await sql`create index decision_search_tsv on ${sql.id(schema)}.decision_search using gin (tsv)`.execute(
      handle.db,
    );
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vectors()).toEqual(written);
    const searchColumns = async () =>
      (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = ${schema} and table_name = 'decision_search'`.execute(handle.db)
      ).rows.map((r) => r.name);
    expect(await searchColumns()).toContain('rank_tsv');
    expect(await searchColumns()).not.toContain('tsv_pairs');
    // pairs written before the digit triples (the filler words hold digits), the lexemes two apart
    // and the triples after a gap, before the lexemes two apart (marked so), or before the triples
    // after a gap (marked so), get them
    const triples = (pairs: readonly string[]) => pairs.filter(isTriple);
    const apart = (pairs: readonly string[]) => pairs.filter(isApart);
    const gapped = (pairs: readonly string[]) => pairs.filter(isGappedTriple);
    expect(written.phrasePairs.every((r) => triples(r.pairs).length > 0 && apart(r.pairs).length > 0)).toBe(
      true,
    );
    expect(written.phrasePairs.some((r) => gapped(r.pairs).length > 0)).toBe(true);
    const olderPairs = (without: string, mark: string | null) =>
      olderPhrasePairs(handle.db, schema, without, mark);
    await olderPairs(GAPPED_KEY, PAIRS_WITH_APART);
    expect(
      (await vectors()).phrasePairs.every((r) => gapped(r.pairs).length === 0 && apart(r.pairs).length > 0),
    ).toBe(true);
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vectors()).toEqual(written);
    await olderPairs(`${APART_KEY}|${GAPPED_KEY}`, PAIRS_WITH_TRIPLES);
    expect(
      (await vectors()).phrasePairs.every(
        (r) => apart(r.pairs).length === 0 && gapped(r.pairs).length === 0 && triples(r.pairs).length > 0,
      ),
    ).toBe(true);
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vectors()).toEqual(written);
    await olderPairs(`${TRIPLE_KEY}|${APART_KEY}|${GAPPED_KEY}`, null);
    expect(
      (await vectors()).phrasePairs.every(
        (r) => triples(r.pairs).length === 0 && apart(r.pairs).length === 0 && gapped(r.pairs).length === 0,
      ),
    ).toBe(true);
    // every row updated: the tables are vacuumed and analysed after the upgrade
    const vacuums = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(handle.db);
      await sql`select pg_stat_clear_snapshot()`.execute(handle.db);
      return (
        await sql<{ name: string; vacuums: number; analyses: number }>`
          select relname as name, vacuum_count::int as vacuums, analyze_count::int as analyses
          from pg_stat_user_tables where schemaname = ${schema}
            and relname in ('decision_search', 'decision_search_pairs') order by relname`.execute(handle.db)
      ).rows;
    };
    const before = await vacuums();
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vectors()).toEqual(written);
    const upgraded = await vacuums();
    expect(upgraded).toEqual(before.map((t) => ({ ...t, vacuums: t.vacuums + 1, analyses: t.analyses + 1 })));
    // a start with nothing to bring up to date vacuums nothing
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vacuums()).toEqual(upgraded);
    // postings written before `shared` (in the rank order's index of before) get it, and the index
    // that holds it; a prefix query reads it to tell apart the decisions it names one lexeme of
    const shares = (postings: readonly unknown[]) =>
      new Set((postings as { shared: number }[]).map((p) => Number(p.shared)));
    expect(shares(written.postings).size).toBeGreaterThan(1);
    await sql`drop index ${sql.id(schema)}.decision_search_terms_ranked`.execute(handle.db);
    await sql`alter table ${sql.id(schema)}.decision_search_terms drop column shared`.execute(handle.db);
    await sql`create index decision_search_terms_rank on ${sql.id(schema)}.decision_search_terms
      (arm, lexeme, score desc, ranked_date desc nulls last, decision_id)`.execute(handle.db);
    await decisionSearchPostgresStorage.create(ctx);
    expect(await vectors()).toEqual(written);
    const postingsIndexes = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = ${schema} and tablename = 'decision_search_terms' order by 1`.execute(handle.db);
    expect(postingsIndexes.rows.map((r) => r.name)).toEqual([
      'decision_search_terms_pkey',
      'decision_search_terms_ranked',
    ]);
    // the search rows' vectors are indexed per language arm, their pairs (gone) nowhere
    const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = ${schema} and indexname like 'decision_search_%tsv%' order by 1`.execute(handle.db);
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'decision_search_rank_tsv_de',
      'decision_search_rank_tsv_fr',
      'decision_search_rank_tsv_it',
      'decision_search_rank_tsv_other',
      'decision_search_tsv_de',
      'decision_search_tsv_fr',
      'decision_search_tsv_it',
      'decision_search_tsv_other',
    ]);
    const pairsIndexes = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = ${schema} and tablename = 'decision_search_pairs' order by 1`.execute(handle.db);
    expect(pairsIndexes.rows.map((r) => r.name)).toEqual([
      'decision_search_pairs_de',
      'decision_search_pairs_fr',
      'decision_search_pairs_it',
      'decision_search_pairs_other',
      'decision_search_pairs_pkey',
    ]);
    // postings' lexemes and phrase pairs compared in the database's collation are compared by code
    // point, in a live generation too (its readers' views hold the columns' types)
    await sql`create schema if not exists ${sql.id(ctx.base)}`.execute(handle.db);
    await decisionSearchPostgresStorage.activate(ctx);
    const views = sql<{ view: string; table: string }>`select view_name as view, table_name as table
      from information_schema.view_table_usage where view_schema = ${ctx.base} and table_schema = ${schema}
      order by 1`;
    const live = (await views.execute(handle.db)).rows;
    expect(live.map((v) => v.view)).toEqual([
      'decision_search',
      'decision_search_pairs',
      'decision_search_terms',
    ]);
    for (const [table, column, type] of [
      ['decision_search_terms', 'lexeme', 'text'],
      ['decision_search_pairs', 'tsv_pairs', 'text[]'],
    ] as const) {
      const collation = async () =>
        (
          await sql<{ c: string | null }>`select collation_name as c from information_schema.columns
            where table_schema = ${schema} and table_name = ${table} and column_name = ${column}`.execute(
            handle.db,
          )
        ).rows[0]?.c;
      expect(await collation()).toBe('C');
      // (the live view of an older generation, over the column as it was)
      await sql`drop view ${sql.id(ctx.base, table)}`.execute(handle.db);
      await sql`alter table ${sql.id(schema)}.${sql.id(table)}
        alter column ${sql.id(column)} type ${sql.raw(type)} collate "default"`.execute(handle.db);
      await sql`create view ${sql.id(ctx.base, table)} as select * from ${sql.id(schema, table)}`.execute(
        handle.db,
      );
      expect(await collation()).toBeNull();
      await decisionSearchPostgresStorage.create(ctx);
      expect(await collation()).toBe('C');
      expect(await vectors()).toEqual(written);
      expect((await views.execute(handle.db)).rows).toEqual(live);
      const viewColumn = await sql<{
        c: string | null;
      }>`select collation_name as c from information_schema.columns
        where table_schema = ${ctx.base} and table_name = ${table} and column_name = ${column}`.execute(
        handle.db,
      );
      expect(viewColumn.rows).toEqual([{ c: 'C' }]);
    }
  });
});
