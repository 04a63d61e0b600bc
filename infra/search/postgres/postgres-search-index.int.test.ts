import { CompiledQuery, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decisionSearchPostgresStorage } from '../../../projector/decision-search/decision-search.storage.ts';
import { openTestDatabase } from '../../../test/support/engines.ts';
import { olderPhrasePairs } from '../../../test/support/older-phrase-pairs.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { embeddedPlanning, isPlannedPerExecution } from '../../db/statement-hints.ts';
import type { SearchDocument } from '../search.port.ts';
import { PAIRS_WITH_APART, PAIRS_WITH_TRIPLES, PostgresSearchIndex } from './postgres-search-index.ts';
import { APART_KEY, GAPPED_KEY, TRIPLE_KEY, compileTsQuery } from './tsquery-compiler.ts';
import {
  CORPUS,
  type SearchFixture,
  astOf,
  postgresSearchFixture,
  requestOf,
  searchConformance,
  statementsSent,
} from '../../../test/support/search.suite.ts';

searchConformance('PostgreSQL full-text search on PGlite', async (limits) =>
  postgresSearchFixture(await openTestDatabase('pglite'), limits),
);

/**
 * Records the SQL of each statement sent through its plugin (the fixture's writes go through the
 * plain handle), whitespace folded; `sent` is emptied between requests.
 */
function statementRecorder(db: () => DatabaseHandle['db']): { plugin: KyselyPlugin; sent: string[] } {
  const sent: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(db().getExecutor().compileQuery(args.node, args.queryId).sql.replace(/\s+/g, ' '));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { plugin, sent };
}

/** The schema of the search generation the views of `public` show. */
async function liveSearchSchema(handle: DatabaseHandle): Promise<string> {
  const generation = await sql<{ schema: string }>`select table_schema as schema
    from information_schema.view_table_usage
    where view_schema = 'public' and view_name = 'decision_search' and table_name = 'decision_search'`.execute(
    handle.db,
  );
  return generation.rows[0]!.schema;
}

describe('PostgreSQL search: the analysis of a disjunction of words is asked once', () => {
  let fixture: SearchFixture;
  let statements = 0;
  // counts the statements the index sends (the fixture's writes go through the plain handle)
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const searched = async (query: string) => {
    const before = statements;
    const result = await fixture.index.search(requestOf({ query, limit: 20 }));
    return {
      ids: result.hits.map((h) => h.decision_id),
      total: result.total,
      statements: statements - before,
    };
  };

  beforeAll(async () => {
    const handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(counter));
    await fixture.load(CORPUS);
  });
  afterAll(() => fixture.close());

  it.each([
    ['a word', 'Kündigung'],
    ['a prefix', 'Arbeits*'],
    ['words or prefixes', 'Kündigung OR Straf*'],
  ])('%s: the same query again gives the same page with one statement fewer', async (_, query) => {
    const first = await searched(query);
    const again = await searched(query);
    expect(first.ids.length).toBeGreaterThan(0);
    expect(again).toEqual({ ...first, statements: first.statements - 1 });
  });

  it('a word searched as a prefix is analysed as a prefix, not served the word’s analysis', async () => {
    const word = await searched('Straf');
    const prefix = await searched('Straf*');
    // the prefix reaches "Strafrecht", "Strafverfahren", …, the word alone does not
    expect(prefix.statements).toBe(word.statements);
    expect(prefix.ids.length).toBeGreaterThan(word.ids.length);
  });
});

/** A node of a plan as `explain (format json)` gives it. */
interface PlanNode {
  readonly Plan: PlanNode;
  readonly 'Index Cond'?: string;
  readonly Filter?: string;
  readonly 'Actual Loops'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** Whether a plan executed a scan testing the full vectors (`tsv @@`, not the rank vectors'). */
function scansFullVectors(node: PlanNode): boolean {
  const tests = /(^|[^_])tsv @@/.test(`${node['Index Cond'] ?? ''} ${node.Filter ?? ''}`);
  return (tests && (node['Actual Loops'] ?? 0) > 0) || (node.Plans ?? []).some(scansFullVectors);
}

describe('PostgreSQL search: a disjunction whose postings exceed the count cap is not counted again', () => {
  const CAP = 2;
  let handle: DatabaseHandle;
  let wide: SearchFixture;
  let narrow: SearchFixture;
  let narrowFirst: SearchFixture;
  // each statement the capped indexes send
  const statements: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(handle.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  /**
   * The counts run: a count alone, or the count in the statement of the scored rows where its plan
   * executed a test of the full vectors (that statement counts only when the postings do not
   * already name more decisions than the cap, a subquery of a case's branch not taken).
   */
  const countsRun = async (): Promise<number> => {
    let run = 0;
    for (const statement of statements) {
      if (
        statement.sql
          .replace(/\s+/g, ' ')
          .includes('select count(*)::int as n from ( select 1 from decision_search')
      ) {
        run += 1;
      } else if (statement.sql.includes('select count(*)::int as n from m')) {
        const explained = await handle.db.executeQuery<{ 'QUERY PLAN': PlanNode[] }>(
          CompiledQuery.raw(`explain (analyze, format json) ${statement.sql}`, [...statement.parameters]),
        );
        if (scansFullVectors(explained.rows[0]!['QUERY PLAN'][0]!.Plan)) run += 1;
      }
    }
    return run;
  };
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    // one table, three indexes over it: the default cap, a cap of 2, and a cap of 2 reading the
    // scored rows first (one connection: the count in their statement)
    wide = postgresSearchFixture(handle);
    const limits = { countCap: CAP, candidatePool: 10_000 };
    narrow = postgresSearchFixture(handle, limits, handle.db.withPlugin(recorder));
    narrowFirst = postgresSearchFixture(handle, limits, handle.db.withPlugin(recorder), {
      scoredRowsFirst: true,
    });
    await wide.load(CORPUS);
  });
  afterAll(() => wide.close());

  it.each([
    ['several words and prefixes, more postings than the cap', 'Kündigung OR Straf*', 0, true],
    ['a prefix of several lexemes, more postings than the cap', 'Kündig*', 0, true],
    ['a prefix of several lexemes, as many postings as the cap', 'Straf*', 1, false],
    ['one word (read in rank order, not summed)', 'Kündigung', 1, true],
  ] as const)('%s (%s): %i counts run', async (_, query, counted, lowerBound) => {
    // a page of 1: the decisions are counted before the page is cut
    for (const limit of [1, 20]) {
      const exact = await wide.index.search(requestOf({ query, limit }));
      expect(exact.totalIsLowerBound).toBe(false);
      expect(exact.total).toBeGreaterThanOrEqual(CAP);
      for (const index of [narrow.index, narrowFirst.index]) {
        statements.length = 0;
        const capped = await index.search(requestOf({ query, limit }));
        expect(await countsRun(), `limit ${limit}`).toBe(counted);
        expect({ total: capped.total, lowerBound: capped.totalIsLowerBound }).toEqual({
          total: CAP,
          lowerBound,
        });
        expect(capped.hits.map((h) => [h.decision_id, h.score])).toEqual(
          exact.hits.map((h) => [h.decision_id, h.score]),
        );
      }
    }
  });
});

describe('PostgreSQL search: a phrase of adjacent words is counted from the phrase pairs', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  const fromPairs = () => statements.filter((s) => /from decision_search_pairs p\b/.test(s)).length;
  // every pair of the three-word phrase, but not as one chain: "… Mietvertrag fristlos. Die fristlose Kündigung …"
  const apart: SearchDocument = {
    ...CORPUS[0]!,
    decision_id: 'bger_4A_101_2020',
    docket_number: '4A_101/2020',
    decision_date: '2020-05-04',
    title: 'Mietrecht',
    regeste: null,
    full_text: 'Die Vermieterin kündigte den Mietvertrag fristlos. Die fristlose Kündigung war gültig.',
    ref_keys: [],
  };

  // a citation, and the pairs of another one apart: "BGE 121 III 12 … BGE 120 III 58"
  const citing: SearchDocument = {
    ...apart,
    decision_id: 'bger_4A_102_2020',
    docket_number: '4A_102/2020',
    full_text: 'Die Kündigung ist missbräuchlich (BGE 121 III 58 E. 3). Art. 41 Abs. 2 OR ist anwendbar.',
  };
  const citingApart: SearchDocument = {
    ...apart,
    decision_id: 'bger_4A_103_2020',
    docket_number: '4A_103/2020',
    full_text: 'Vgl. BGE 121 III 12 und BGE 120 III 58. Art. 41 OR und Abs. 2 des Vertrags.',
  };

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    await fixture.load([...CORPUS, apart, citing, citingApart]);
  });
  afterAll(() => fixture.close());

  it.each([
    ['two adjacent words', '"fristlose Kündigung"', {}, true],
    ['two adjacent words, another court', '"fristlose Kündigung"', { court: 'bge' }, true],
    ['two adjacent words, another language', '"fristlose Kündigung"', { language: 'fr' }, true],
    [
      'two adjacent words, a chamber and dates',
      '"fristlose Kündigung"',
      { chamber: 'zivil', dateFrom: '2020-04-01', dateTo: '2020-12-31' },
      true,
    ],
    [
      'three adjacent words: every pair, then the phrase on the vector',
      '"Mietvertrag fristlose Kündigung"',
      {},
      true,
    ],
    // a stop word's gap in French: there on the full vectors, in the other arms from the pairs
    ['French', '"contrat de bail"', {}, true],
    ['Italian, two words', '"contratto locazione"', {}, true],
    ['a stop word inside (German)', '"Kündigung des Mietvertrags"', {}, true],
    ['one word', '"Kündigung"', {}, false],
    ['stop words only', '"der die"', {}, true],
  ] as const)('%s (%s): the total is the number of matches', async (_, query, filters, pairs) => {
    // the date order reads every match from the full vectors
    const all = await fixture.index.search(requestOf({ query, filters, sort: 'date_desc', limit: 1000 }));
    for (const sort of ['relevance', 'date_desc'] as const) {
      statements.length = 0;
      const page = await fixture.index.search(requestOf({ query, filters, sort, limit: 1 }));
      expect({ total: page.total, lowerBound: page.totalIsLowerBound }, sort).toEqual({
        total: all.hits.length,
        lowerBound: false,
      });
      // counted, and the newest matches beyond the scored rows collected, from the pairs
      expect(fromPairs() > 0, sort).toBe(pairs);
      // planned with its pairs on a server (kept without sequential scans on the embedded
      // database): a generic plan, costed as usual, may read every row's pairs
      const counts = statements.filter((s) => /from decision_search_pairs p\b/.test(s));
      expect(
        counts.every((s) => isPlannedPerExecution(s)),
        sort,
      ).toBe(true);
    }
  });

  it.each([
    ['under an AND', 'Kündigung AND BGE 121 III 58'],
    ['under a NOT', 'missbräuchlich NOT BGE 121 III 58'],
    ['beside a word, under an OR', 'Sperrfrist OR BGE 121 III 58'],
  ] as const)('a reference %s (%s): its citing decisions read from the phrase pairs', async (_, query) => {
    // what the query compiler matches on the full vectors
    const ids = (
      await sql<{ id: string }>`select decision_id as id from decision_search
        where ${compileTsQuery(astOf(query)).sql} order by decision_id`.execute(handle.db)
    ).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const sort of ['relevance', 'date_desc'] as const) {
      statements.length = 0;
      const found = await fixture.index.search(requestOf({ query, sort, limit: 50 }));
      expect(found.hits.map((h) => h.decision_id).sort(), sort).toEqual(ids);
      expect(found.total, sort).toBe(ids.length);
      // the citation's triple from the pairs' index; no statement tests it on the full vectors
      expect(fromPairs(), sort).toBeGreaterThan(0);
      const onVectors = statements.filter((s) => /tsv"? @@ phraseto_tsquery/.test(s));
      expect(onVectors, sort).toEqual([]);
    }
  });

  it('three words whose pairs all occur apart are no match', async () => {
    const found = await fixture.index.search(
      requestOf({ query: '"Mietvertrag fristlose Kündigung"', sort: 'date_desc' }),
    );
    expect(found.hits.map((h) => h.decision_id)).toEqual(['bger_4A_100_2020']);
    expect(found.total).toBe(1);
    const words = await fixture.index.search(
      requestOf({ query: '"fristlose Kündigung"', sort: 'date_desc' }),
    );
    expect(words.hits.map((h) => h.decision_id).sort()).toEqual(['bger_4A_100_2020', 'bger_4A_101_2020']);
  });

  it.each([
    [
      'three words without a digit: every pair, then the phrase on the vector',
      '"Mietvertrag fristlose Kündigung"',
      ['bger_4A_100_2020'],
      true,
    ],
    ['a citation of three lexemes: its triple alone', '"121 III 58"', ['bger_4A_102_2020'], false],
    ['a BGE reference: its triple alone', 'BGE 121 III 58', ['bger_4A_102_2020'], false],
    [
      'three lexemes, one with a digit: every pair, then the phrase on the vector',
      '"Art. 41 Abs"',
      ['bger_4A_102_2020'],
      true,
    ],
    [
      'four lexemes with digits: pairs and triples, then the phrase on the vector',
      '"Art. 41 Abs. 2"',
      ['bger_4A_102_2020'],
      true,
    ],
  ] as const)('%s (%s): only the decisions holding the phrase', async (_, query, ids, recheck) => {
    for (const sort of ['relevance', 'date_desc'] as const) {
      statements.length = 0;
      const found = await fixture.index.search(requestOf({ query, sort, limit: 50 }));
      expect(found.hits.map((h) => h.decision_id).sort(), sort).toEqual(ids);
      expect(found.total, sort).toBe(ids.length);
      // rechecked: the phrase tested on the rows' full vectors, beside their pairs
      const pairsTests = statements.filter((s) => /tsv_pairs"? @>/.test(s));
      expect(pairsTests.length, sort).toBeGreaterThan(0);
      expect(
        pairsTests.some((s) => /\btsv"? @@ phraseto_tsquery/.test(s)),
        sort,
      ).toBe(recheck);
    }
  });

  it('pairs written before the triples (an older generation) are matched by their pairs and rechecked until the projection brings them up to date', async () => {
    const schema = await liveSearchSchema(handle);
    const pairsOf = async () =>
      (
        await sql<{ pairs: string[] }>`select array(select k from unnest(tsv_pairs) k order by k) as pairs
          from ${sql.id(schema)}.decision_search_pairs where decision_id = ${citing.decision_id}`.execute(
          handle.db,
        )
      ).rows[0]!.pairs;
    const written = await pairsOf();
    expect(written).toContain('121 iii 58');
    await olderPhrasePairs(handle.db, schema, TRIPLE_KEY, null);
    const index = new PostgresSearchIndex(handle.db.withPlugin(recorder));
    const found = async (query: string) => {
      statements.length = 0;
      const page = await index.search(requestOf({ query, limit: 50 }));
      const rechecked = statements.some(
        (s) => /tsv_pairs"? @>/.test(s) && /\btsv"? @@ phraseto_tsquery/.test(s),
      );
      return { ids: page.hits.map((h) => h.decision_id), total: page.total, rechecked };
    };
    const citation = { ids: [citing.decision_id], total: 1 };
    for (const query of ['"121 III 58"', 'BGE 121 III 58'])
      expect(await found(query), query).toEqual({ ...citation, rechecked: true });
    await decisionSearchPostgresStorage.create({ db: handle.db, base: 'public', schema, generation: 1 });
    expect(await pairsOf()).toEqual(written);
    // the mark is asked for again a minute later
    expect(await found('"121 III 58"')).toEqual({ ...citation, rechecked: true });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      for (const query of ['"121 III 58"', 'BGE 121 III 58'])
        expect(await found(query), query).toEqual({ ...citation, rechecked: false });
    } finally {
      clock.mockRestore();
    }
  });
});

describe('PostgreSQL search: a phrase with a stop word between its words is matched by the keys of lexemes two apart', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  const base = { ...CORPUS[0]!, title: 'Vertragsrecht', regeste: null, ref_keys: [] };
  const docs: SearchDocument[] = [
    ['4A_301/2021', 'de', 'Die Parteien handelten nach Treu und Glauben. Verletzung des rechtlichen Gehörs.'],
    // another word between them: `'treu' <2> 'glaub'` matches it, on the full vector as by the key
    ['4A_302/2021', 'de', 'Sie blieb treu guten Glaubens. Die Verletzung ihres rechtlichen Anspruchs.'],
    // every lexeme and key of the three words, but not in one place
    ['4A_303/2021', 'de', 'Eine Verletzung der rechtlichen Ordnung. Das rechtliche Gehör wurde gewährt.'],
    // two stop words in a row: not two apart
    ['4A_304/2021', 'de', 'Treu und auch Glauben.'],
    ['4A_305/2021', 'fr', "Le recourant invoque le droit d'être entendu. La bonne foi fut respectée."],
    ['4A_306/2021', 'fr', "Le droit d'être payé, puis entendu."],
    ['4A_307/2021', 'it', 'Il diritto di essere sentito è stato violato.'],
    // a word in the gap: a match of `'droit' <2> 'être' <-> 'entendu'`, without its triple after the gap
    ['4A_308/2021', 'fr', 'Le droit fondamental être entendu.'],
    // every key of the phrase but its triple after the gap, and no match
    ['4A_309/2021', 'fr', "Le droit d'être payé. Être entendu suffit."],
  ].map(([docket, language, full_text], i) => ({
    ...base,
    decision_id: `bger_${docket!.replace('/', '_')}`,
    docket_number: docket!,
    decision_date: `2021-${String(i + 1).padStart(2, '0')}-15`,
    language: language!,
    full_text: full_text!,
  }));

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    await fixture.load([...CORPUS, ...docs]);
  });
  afterAll(() => fixture.close());

  /** What the query compiler matches on the full vectors, by id. */
  const onFullVectors = async (query: string) =>
    (
      await sql<{ id: string }>`select decision_id as id from decision_search
        where ${compileTsQuery(astOf(query)).sql} order by decision_id`.execute(handle.db)
    ).rows.map((r) => r.id);

  /**
   * A search's page, and how its statements match the phrase in the arm of `language`: by its keys
   * alone, by its keys then on the full vectors, or on the full vectors alone; and whether a
   * statement rechecks the rows holding all but some key on their full vectors (a triple after a
   * gap: the rest of its rows).
   */
  const searched = async (
    index: PostgresSearchIndex | SearchFixture['index'],
    query: string,
    sort: 'relevance' | 'date_desc',
    language: string,
  ) => {
    statements.length = 0;
    const page = await index.search(requestOf({ query, sort, limit: 50 }));
    const arm = `"language" = '${language}' and`;
    const ways = new Set<string>(
      statements.flatMap((s) =>
        s
          .split(arm)
          .slice(1)
          .map((rest) => {
            if (/^ p\.tsv_pairs @> \$\d+::text\[\] and exists/.test(rest)) return 'keys, then rechecked';
            if (/^ p\.tsv_pairs @> \$\d+::text\[\] \)/.test(rest)) return 'keys';
            if (/^ tsv @@ phraseto_tsquery/.test(rest)) return 'full vectors';
            return 'other';
          }),
      ),
    );
    if (
      statements.some((s) =>
        / except select .*\) r where exists \(select 1 from decision_search d where d\.decision_id = "r"\."id"/.test(
          s,
        ),
      )
    )
      ways.add('the rest rechecked');
    return { ids: page.hits.map((h) => h.decision_id).sort(), total: page.total, ways: [...ways].sort() };
  };

  it.each([
    ['two words a stop word apart: their key alone', '"Treu und Glauben"', 'de', 2, 'keys'],
    [
      'three words, a stop word after the first: the triple after the gap, then the rest rechecked',
      '"Verletzung des rechtlichen Gehörs"',
      'de',
      1,
      'keys',
      'the rest rechecked',
    ],
    ['a gap and a word that is nowhere', '"Treu und Zauber"', 'de', 0, 'keys'],
    [
      "French: a stop word's gap, then two adjacent words; a match with another word in the gap",
      '"droit d\'être entendu"',
      'fr',
      2,
      'keys',
      'the rest rechecked',
    ],
    ['Italian', '"diritto di essere sentito"', 'it', 1, 'keys', 'the rest rechecked'],
    [
      'a gap after the second word: keys, then the phrase on the vector',
      '"rechtlichen Gehörs der Parteien"',
      'de',
      0,
      'keys, then rechecked',
    ],
    // two stop words in a row: no key holds lexemes three apart
    ['two stop words in a row', '"Treu und auch Glauben"', 'de', 1, 'full vectors'],
  ] as const)('%s (%s): the matches of the full vectors', async (_, query, language, n, ...ways) => {
    const ids = await onFullVectors(query);
    expect(ids).toHaveLength(n);
    for (const sort of ['relevance', 'date_desc'] as const) {
      expect(await searched(fixture.index, query, sort, language), sort).toEqual({
        ids,
        total: n,
        ways: [...ways].sort(),
      });
    }
  });

  /** The keys of 4A_301/2021's phrase pairs, sorted. */
  const keysOf = async (schema: string) =>
    (
      await sql<{ pairs: string[] }>`select array(select k from unnest(tsv_pairs) k order by k) as pairs
        from ${sql.id(schema)}.decision_search_pairs where decision_id = 'bger_4A_301_2021'`.execute(
        handle.db,
      )
    ).rows[0]!.pairs;

  /** `search`, a minute later (the format of the pairs is asked for again). */
  const aMinuteLater = async <T>(search: () => Promise<T>): Promise<T> => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      return await search();
    } finally {
      clock.mockRestore();
    }
  };

  it('pairs written before the lexemes two apart (an older generation) are read without them until the projection brings them up to date', async () => {
    const schema = await liveSearchSchema(handle);
    const written = await keysOf(schema);
    expect(written).toContain('treu  glaub');
    expect(written).toContain('verletz  rechtlich');
    await olderPhrasePairs(handle.db, schema, `${APART_KEY}|${GAPPED_KEY}`, PAIRS_WITH_TRIPLES);
    const index = new PostgresSearchIndex(handle.db.withPlugin(recorder));
    const treu = { ids: ['bger_4A_301_2021', 'bger_4A_302_2021'], total: 2 };
    // the gap is matched on the full vectors; a citation's triple is still read alone
    expect(await searched(index, '"Treu und Glauben"', 'date_desc', 'de')).toEqual({
      ...treu,
      ways: ['full vectors'],
    });
    expect(await searched(index, '"121 III 58"', 'date_desc', 'de')).toMatchObject({ ways: ['keys'] });
    await decisionSearchPostgresStorage.create({ db: handle.db, base: 'public', schema, generation: 1 });
    expect(await keysOf(schema)).toEqual(written);
    expect(await aMinuteLater(() => searched(index, '"Treu und Glauben"', 'date_desc', 'de'))).toEqual({
      ...treu,
      ways: ['keys'],
    });
  });

  it('pairs written before the triples after a gap (an older generation) are read by their other keys and rechecked until the projection brings them up to date', async () => {
    const schema = await liveSearchSchema(handle);
    const written = await keysOf(schema);
    expect(written).toContain('verletz  rechtlich gehor');
    await olderPhrasePairs(handle.db, schema, GAPPED_KEY, PAIRS_WITH_APART);
    expect(await keysOf(schema)).not.toContain('verletz  rechtlich gehor');
    const index = new PostgresSearchIndex(handle.db.withPlugin(recorder));
    const query = '"droit d\'être entendu"';
    const droit = { ids: ['bger_4A_305_2021', 'bger_4A_308_2021'], total: 2 };
    // the two words a stop word apart still by their key alone
    expect(await searched(index, '"Treu und Glauben"', 'relevance', 'de')).toMatchObject({ ways: ['keys'] });
    expect(await searched(index, query, 'relevance', 'fr')).toEqual({
      ...droit,
      ways: ['keys, then rechecked'],
    });
    await decisionSearchPostgresStorage.create({ db: handle.db, base: 'public', schema, generation: 1 });
    expect(await keysOf(schema)).toEqual(written);
    expect(await aMinuteLater(() => searched(index, query, 'relevance', 'fr'))).toEqual({
      ...droit,
      ways: ['keys', 'the rest rechecked'],
    });
  });
});

describe('PostgreSQL search: ids asked without a total are not counted when the scored rows fill the page', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  // a count alone, or the count that reads the matches beyond the scored rows with it
  const countsSent = () =>
    statements.filter(
      (s) => s.includes('select count(*)::int as n from (') || s.includes('select count(*)::int as n from m'),
    ).length;

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    await fixture.load(CORPUS);
  });
  afterAll(() => fixture.close());

  it.each([
    ['one word, a page the scored rows fill', 'Kündigung', 1, 0],
    ['one word, the second page', 'Kündigung', 1, 1],
    ['a disjunction of words and prefixes', 'Kündigung OR Straf*', 1, 0],
  ] as const)(
    '%s (%s, limit %i, offset %i): the ids of the counted request, no count',
    async (_, query, limit, offset) => {
      const counted = await fixture.index.searchIds(requestOf({ query, limit, offset }));
      expect(counted.hasMore).toBe(true);
      statements.length = 0;
      const uncounted = await fixture.index.searchIds({
        ...requestOf({ query, limit, offset }),
        total: false,
      });
      expect(countsSent()).toBe(0);
      expect(uncounted).toEqual({
        total: offset + limit + 1,
        totalIsLowerBound: true,
        ids: counted.ids,
        scores: counted.scores,
        hasMore: true,
      });
      expect(uncounted.total).toBeLessThanOrEqual(counted.total);
    },
  );

  it.each([
    ['one word, every match on the page', 'Kündigung', 1000, {}],
    ['a word in no rank vector', 'Zitronenfalter', 20, {}],
    ['one word with a filter', 'Kündigung', 1000, { court: 'bger' }],
  ] as const)('%s (%s, limit %i): counted as with a total', async (_, query, limit, filters) => {
    const counted = await fixture.index.searchIds(requestOf({ query, limit, filters }));
    expect(counted.hasMore).toBe(false);
    statements.length = 0;
    const asked = await fixture.index.searchIds({ ...requestOf({ query, limit, filters }), total: false });
    expect(countsSent()).toBe(1);
    expect(asked).toEqual(counted);
  });
});

describe('PostgreSQL search: a write leaves no pending entries in the GIN indexes', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle);
  });
  afterAll(() => fixture.close());

  /** Per GIN index of the search tables, the pending-list pages it held (moved into it by the call). */
  const pendingPages = async () => {
    const rows = await sql<{ index: string; pages: number }>`
      select c.relname as index, gin_clean_pending_list(i.indexrelid)::int as pages
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
      join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
      where a.amname = 'gin' and t.relname in ('decision_search', 'decision_search_pairs')
        and n.nspname like '%decision_search%'
      order by 1`.execute(handle.db);
    return rows.rows;
  };

  it('after the first load and after a batch of new versions, every pending list is empty', async () => {
    await fixture.load(CORPUS);
    const first = await pendingPages();
    // the full vector, the rank vector and the phrase pairs per language arm, the reference keys
    expect(first.length).toBeGreaterThanOrEqual(13);
    expect(first.filter((r) => r.pages > 0)).toEqual([]);
    await fixture.load(CORPUS.slice(0, 10).map((d) => ({ ...d, title: `${d.title} (berichtigt)` })));
    expect((await pendingPages()).filter((r) => r.pages > 0)).toEqual([]);
  });
});

describe('PostgreSQL search: the count of a reference search reads the indexes, planned for its values', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  // each statement with its parameters, as the index sends it
  const { plugin: recorder, sent: statements } = statementsSent(() => handle.db);

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    await fixture.load(CORPUS);
    // 3,000 more decisions of about 1 kB each (as the inline rank vectors make them), written
    // straight into the table: the plan needs their number and size, not their postings (a
    // sequential scan of a few pages is the best plan for the corpus alone)
    await sql`insert into decision_search (decision_id, court, canton, chamber, decision_type,
        decision_date, language, docket_number, title, regeste, rule_statement, ref_keys, tsv,
        rank_tsv, event_position)
      select 'bger_9C_' || i || '_2019', 'bger', 'CH', null, null, date '2019-01-01' + (i % 365), 'de',
        '9C_' || i || '/2019', repeat('Invalidenversicherung, Rente. ', 40), null, '',
        array['bger_9C_' || i || '_2019', '9C_' || i || '/2019'], v, v, 100000 + i
      from generate_series(1, 3000) i,
        lateral (select to_tsvector('german', 'Invalidenversicherung Rente Urteil ' || i) as v) t`.execute(
      handle.db,
    );
    // and their pairs (a reference's citation phrase is matched through them)
    await sql`insert into decision_search_pairs (decision_id, court, canton, chamber, decision_type,
        decision_date, language, tsv_pairs)
      select decision_id, court, canton, chamber, decision_type, decision_date, language,
        array['invalidenversicher rent']
      from decision_search where decision_id like 'bger_9C_%'`.execute(handle.db);
    await sql`analyze`.execute(handle.db);
  });
  afterAll(() => fixture.close());

  it.each([
    ['a docket', '4A_100/2020'],
    ['a BGE reference', '140 III 86'],
  ])('%s (%s): a bitmap of the index scans, no sequential scan', async (_, query) => {
    statements.length = 0;
    await fixture.index.search(requestOf({ query, limit: 20 }));
    // the decisions the reference names, and those citing it, by their phrase pairs
    const count = statements.find((s) => s.sql.includes('select count(*)::int as n'));
    expect(count, statements.map((s) => s.sql).join('\n')).toBeDefined();
    expect(count!.sql).toMatch(/from decision_search where ref_keys @>/);
    expect(count!.sql).toMatch(/from decision_search_pairs p/);
    // a generic plan, costed for pairs it does not know, would read the pairs sequentially: the
    // count is never kept prepared on a server, and kept without sequential scans on the embedded
    // database
    expect(isPlannedPerExecution(count!.sql)).toBe(true);
    expect(embeddedPlanning(count!.sql)).toBe('kept-index-scans');
    const literal = (v: unknown): string =>
      Array.isArray(v)
        ? `ARRAY[${v.map(literal).join(', ')}]::text[]`
        : typeof v === 'number'
          ? String(v)
          : `'${String(v).replaceAll("'", "''")}'`;
    const types = count!.parameters.map((v) =>
      Array.isArray(v) ? 'text[]' : typeof v === 'number' ? 'integer' : 'text',
    );
    // the plan made for the values at hand (a server's), and the generic one the embedded
    // database keeps, made without sequential scans
    const session = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(
      handle.db,
    );
    for (const [mode, seqscan] of [
      ['force_custom_plan', 'on'],
      ['force_generic_plan', 'off'],
    ] as const) {
      await sql.raw(`set plan_cache_mode = ${mode}`).execute(handle.db);
      await sql.raw(`set enable_seqscan = ${seqscan}`).execute(handle.db);
      let plan: { rows: { 'QUERY PLAN': string }[] };
      try {
        await sql.raw(`prepare kept_count(${types.join(', ')}) as ${count!.sql}`).execute(handle.db);
        plan = await sql
          .raw<{ 'QUERY PLAN': string }>(
            `explain (costs off) execute kept_count(${count!.parameters.map(literal).join(', ')})`,
          )
          .execute(handle.db);
      } finally {
        await sql.raw('deallocate kept_count').execute(handle.db);
        await sql.raw(`set plan_cache_mode = ${session.rows[0]!.mode}`).execute(handle.db);
        await sql.raw('reset enable_seqscan').execute(handle.db);
      }
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text, `${mode}\n${text}`).toContain('Bitmap Index Scan');
      expect(text, mode).not.toMatch(/Seq Scan on decision_search/);
    }
  });
});

/**
 * Decisions naming "Haftung": 6 in their title (scored: the title's lexemes are in the rank
 * vector), 30 once in a text of more than the rank vector's lexemes, each repeated (unscored: the
 * others by date), some on the same day, two undated; every fifth also "Halter".
 */
const LIABILITY: SearchDocument[] = Array.from({ length: 36 }, (_, i) => {
  const scored = i < 6;
  const filler = Array.from(
    { length: 70 },
    (_, w) => `zq${String.fromCharCode(97 + (w % 26))}${String.fromCharCode(97 + Math.floor(w / 26))}x`,
  );
  return {
    ...CORPUS[0]!,
    decision_id: `bger_4A_${700 + i}_2019`,
    docket_number: `4A_${700 + i}/2019`,
    court: i % 3 === 0 ? 'bger' : 'zh_obergericht',
    decision_date:
      i % 17 === 16
        ? null
        : `2019-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 7)).padStart(2, '0')}`,
    title: scored ? `Haftung des Werkeigentümers ${i}` : `Werkeigentümer ${i}`,
    regeste: null,
    rule_statement: `Regel ${i}`,
    // "Pflicht zur Sorgfalt" (a stop word's gap) in 9, its words further apart in 9 others
    full_text: `${[...filler, ...filler].join(' ')} Haftung${i % 5 === 0 ? ' Halter' : ''}.${
      i % 4 === 1 ? ' Pflicht zur Sorgfalt.' : i % 4 === 3 ? ' Pflicht und keine Sorgfalt.' : ''
    }`,
    ref_keys: [],
  };
});

describe('PostgreSQL search: a page reaching past its scored rows counts the matches and reads the others in one pass', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  let capped: SearchFixture;
  let first: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  const sent = (marker: string) => statements.filter((s) => s.includes(marker)).length;
  const ONE_PASS = 'select count(*)::int as n from m';
  const COUNT_ALONE = 'select count(*)::int as n from (';

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    // the same table, counted up to 2
    capped = postgresSearchFixture(
      handle,
      { countCap: 2, candidatePool: 10_000 },
      handle.db.withPlugin(recorder),
    );
    // the same table, every page's scored rows read first (one connection)
    first = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder), {
      scoredRowsFirst: true,
    });
    await fixture.load([...CORPUS, ...LIABILITY]);
  });
  afterAll(() => fixture.close());

  it('the decisions naming "Haftung": 36, of which 6 scored; "Haftung Halter" as a phrase: 8, none scored; "Pflicht zur Sorgfalt": 9', async () => {
    const page = await fixture.index.search(requestOf({ query: 'Haftung', limit: 100 }));
    expect(page.total).toBe(36);
    expect(page.hits.filter((h) => (h.score ?? 0) > 0)).toHaveLength(6);
    const phrase = await fixture.index.search(requestOf({ query: '"Haftung Halter"', limit: 100 }));
    expect(phrase.total).toBe(8);
    expect(phrase.hits.filter((h) => (h.score ?? 0) > 0)).toHaveLength(0);
    const gap = await fixture.index.search(requestOf({ query: '"Pflicht zur Sorgfalt"', limit: 100 }));
    expect(gap.total).toBe(9);
    expect(gap.hits.map((h) => h.decision_id).sort()).toEqual(
      LIABILITY.filter((_, i) => i % 4 === 1).map((d) => d.decision_id),
    );
  });

  /** Every page of `limit` (small pages read their scored rows while the matches are counted). */
  async function pagesOf(index: SearchFixture['index'], ask: Parameters<typeof requestOf>[0], limit: number) {
    const hits: [string, number | undefined][] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await index.search(requestOf({ ...ask, limit, offset }));
      hits.push(...page.hits.map((h) => [h.decision_id, h.score] as [string, number | undefined]));
      if (!page.hasMore) return { hits, total: page.total, lowerBound: page.totalIsLowerBound };
    }
  }

  it.each([
    ['one word, scored and unscored matches', { query: 'Haftung' }, true],
    ['a word in no rank vector (every match unscored)', { query: 'Halter' }, true],
    ['a disjunction of words and prefixes', { query: 'Haftung OR Werkeigen*' }, true],
    ['a conjunction', { query: 'Haftung AND Halter' }, true],
    ['a negation', { query: 'Haftung NOT Halter' }, true],
    ['one word with a filter', { query: 'Haftung', filters: { court: 'bger' } }, true],
    ['one word with a date filter', { query: 'Haftung', filters: { dateFrom: '2019-06-01' } }, true],
    ['a word of the shared corpus', { query: 'Kündigung' }, true],
    ['a phrase of adjacent words (from its pairs)', { query: '"Haftung Halter"' }, true],
    ['a phrase with a filter', { query: '"Haftung Halter"', filters: { court: 'bger' } }, true],
    ['a phrase of three words (checked on the vectors)', { query: '"zqaax zqbax zqcax"' }, true],
    ["a phrase with a stop word's gap (checked on the vectors)", { query: '"Pflicht zur Sorgfalt"' }, true],
    [
      "a phrase with a stop word's gap and a filter",
      { query: '"Pflicht zur Sorgfalt"', filters: { court: 'zh_obergericht' } },
      true,
    ],
    [
      'a phrase inside a conjunction (counted on its own)',
      { query: 'Werkeigentümer "Haftung Halter"' },
      false,
    ],
  ] as const)(
    '%s: one statement counts and reads the rest, the page is the small pages joined',
    async (_, ask, onePass) => {
      const reference = await pagesOf(fixture.index, ask, 4);
      for (const index of [fixture.index, capped.index, first.index]) {
        const small = index === first.index ? reference : await pagesOf(index, ask, 4);
        statements.length = 0;
        const large = await index.search(requestOf({ ...ask, limit: 150 }));
        // (capped, the disjunction's postings alone exceed the cap: nothing is counted)
        const counted = onePass && !(index === capped.index && ask.query.includes(' OR '));
        expect(sent(ONE_PASS), statements.join('\n')).toBe(counted ? 1 : 0);
        expect(sent(COUNT_ALONE)).toBe(onePass ? 0 : 1);
        expect(large.hasMore).toBe(false);
        expect({
          hits: large.hits.map((h) => [h.decision_id, h.score]),
          total: large.total,
          lowerBound: large.totalIsLowerBound,
        }).toEqual(small);
        // ids without a total: the same rows
        statements.length = 0;
        const ids = await index.searchIds({ ...requestOf({ ...ask, limit: 150 }), total: false });
        expect(sent(COUNT_ALONE)).toBe(onePass ? 0 : 1);
        expect(ids.ids).toEqual(small.hits.map(([id]) => id));
        // and a page at a time: the one pass cuts the others to what each page lacks
        const paged: string[] = [];
        for (let offset = 0; ; offset += 4) {
          const page = await index.searchIds({ ...requestOf({ ...ask, limit: 4, offset }), total: false });
          paged.push(...page.ids);
          if (!page.hasMore) break;
        }
        expect(paged).toEqual(small.hits.map(([id]) => id));
      }
      // scored rows first: the small pages are the same, and those reaching past their scored rows
      // are counted in the one pass
      statements.length = 0;
      expect(await pagesOf(first.index, ask, 4)).toEqual(reference);
      if (onePass) expect(sent(ONE_PASS)).toBeGreaterThan(0);
    },
  );

  it.each([
    ['one word (its postings)', { query: 'Haftung' }],
    ['a prefix (its postings)', { query: 'Werkeigen*' }],
    ['a disjunction of words and prefixes (their postings)', { query: 'Haftung OR Werkeigen*' }],
    ['a conjunction', { query: 'Haftung AND Halter' }],
    ['a conjunction whose scored rows fill a small page', { query: 'Haftung AND Werkeigentümer' }],
    ['a negation', { query: 'Haftung NOT Halter' }],
    ['a phrase of adjacent words (from its pairs)', { query: '"Haftung Halter"' }],
    [
      "a phrase with a stop word's gap and a filter",
      { query: '"Pflicht zur Sorgfalt"', filters: { court: 'bger' } },
    ],
    ['a BGE reference (its own decision and the decisions citing it)', { query: 'BGE 140 III 86' }],
  ] as const)(
    '%s: on one connection, the scored rows are read in the statement that counts the matches and reads the newest others',
    async (_, ask) => {
      for (const limit of [4, 150]) {
        const request = requestOf({ ...ask, limit });
        await first.index.search(request); // the phrases' analyses, kept by the index
        statements.length = 0;
        const page = await first.index.search(request);
        expect(statements, statements.join('\n')).toHaveLength(1);
        expect(sent(ONE_PASS)).toBe(1);
        const all = await pagesOf(fixture.index, ask, 4);
        expect(all.hits.length).toBeGreaterThan(0);
        expect({
          hits: page.hits.map((h) => [h.decision_id, h.score]),
          total: page.total,
          lowerBound: page.totalIsLowerBound,
          hasMore: page.hasMore,
        }).toEqual({ ...all, hits: all.hits.slice(0, limit), hasMore: all.hits.length > limit });
        // ids alone (a compact page) in one statement too, with the same order, scores and count
        statements.length = 0;
        const ids = await first.index.searchIds(request);
        expect(statements, statements.join('\n')).toHaveLength(1);
        expect(ids).toEqual({
          total: page.total,
          totalIsLowerBound: page.totalIsLowerBound,
          ids: page.hits.map((h) => h.decision_id),
          scores: page.hits.map((h) => h.score),
          hasMore: page.hasMore,
        });
      }
    },
  );
});

describe('PostgreSQL search: matches the indexes alone decide are collected for a date page where others are walked', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  const decision = (i: number, text: string): SearchDocument => ({
    ...CORPUS[0]!,
    decision_id: `bger_4A_${500 + i}_2020`,
    docket_number: `4A_${500 + i}/2020`,
    decision_date: `2020-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    title: 'Mietrecht',
    regeste: null,
    full_text: text,
    ref_keys: [],
  });
  // 30 of 80 decisions cite BGE 121 III 58 and hold "Sperrfrist": a date page of one (two rows
  // read) walks, as 30² = 900 > 2 × 80 rows, unless the indexes decide the matches (900 ≤ 8 × 160)
  const docs = Array.from({ length: 80 }, (_, i) =>
    decision(
      i,
      i < 30 ? `Die Sperrfrist gilt (BGE 121 III 58 E. ${i}).` : `Der Mietzins ist missbräuchlich (${i}).`,
    ),
  );

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
    await fixture.load(docs);
  });
  afterAll(() => fixture.close());

  it.each([
    ['a BGE reference', 'BGE 121 III 58', true],
    ['a citation phrase', '"121 III 58"', true],
    ['a word', 'Sperrfrist', false],
    ['a phrase rechecked on the vectors', '"Sperrfrist gilt BGE"', false],
  ] as const)('%s (%s): collected %s', async (_, query, collected) => {
    const walked = new PostgresSearchIndex(handle.db, { dateOrder: 'walk' });
    for (const sort of ['date_desc', 'date_asc'] as const) {
      statements.length = 0;
      const page = await fixture.index.search(requestOf({ query, sort, limit: 1 }));
      expect(page.total, sort).toBe(30);
      expect(
        statements.some((s) => /with m as materialized \(+select/.test(s)),
        sort,
      ).toBe(collected);
      expect(page, sort).toEqual(await walked.search(requestOf({ query, sort, limit: 1 })));
    }
  });
});

describe('PostgreSQL search: a date page of many matches walks a bounded prefix of the date order', () => {
  let handle: DatabaseHandle;
  let fixture: SearchFixture;
  const { plugin: recorder, sent: statements } = statementRecorder(() => handle.db);
  // 600 decisions a month apart (some undated), every third on a court of its own; every third
  // holds a phrase with a stop word inside, and 34 of those, all among the oldest 200, a word too
  const docs = Array.from({ length: 600 }, (_, i): SearchDocument => {
    const damage = i % 6 === 0 && i < 200 ? ', der Schaden ist zu ersetzen' : '';
    return {
      ...CORPUS[0]!,
      decision_id: `bger_5A_${600 + i}_2020`,
      docket_number: `5A_${600 + i}/2020`,
      court: i % 3 === 1 ? 'zh_obergericht' : 'bger',
      decision_date: i % 50 === 7 ? null : new Date(Date.UTC(2000, i, 15)).toISOString().slice(0, 10),
      title: 'Haftpflicht',
      regeste: null,
      full_text:
        i % 3 === 0
          ? `Die Haftung des Werkeigentümers ist gegeben${damage} (${i}).`
          : `Der Werkvertrag ist erfüllt (${i}).`,
      ref_keys: [],
    };
  });
  const query = '"Haftung des Werkeigentümers" AND Schaden';
  /** A statement of the walk reading a bounded prefix of the date order. */
  const BOUNDED = /\(select \* from decision_search where .* limit \$\d+\) decision_search where/;
  // beyond a cap of 20 the matches are not counted exactly: their date pages are walked
  const limits = { countCap: 20, candidatePool: 1000 };

  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    fixture = postgresSearchFixture(handle, limits, handle.db.withPlugin(recorder));
    await fixture.load(docs);
  });
  afterAll(() => fixture.close());

  it.each([
    // the newest rows hold no match: the prefix is read again four times as long (the whole table)
    ['the newest', { sort: 'date_desc', limit: 5 }, 2, true],
    ['the oldest, past the first', { sort: 'date_asc', limit: 5, offset: 3 }, 1, true],
    [
      'before a date (a prefix of the rows passing the filter)',
      { sort: 'date_desc', limit: 4, filters: { dateTo: '2012-12-31' } },
      1,
      true,
    ],
    ['the oldest of one court', { sort: 'date_asc', limit: 3, filters: { court: 'bger' } }, 1, true],
    ['deep: every row', { sort: 'date_desc', limit: 5, offset: 25 }, 1, false],
    ['past the last match', { sort: 'date_asc', limit: 5, offset: 32 }, 1, false],
  ] as const)('%s: the page that collecting every match gives', async (_, ask, walks, bounded) => {
    const request = requestOf({ query, ...ask });
    const collected = new PostgresSearchIndex(handle.db, { ...limits, dateOrder: 'collect' });
    const expected = await collected.search(request);
    statements.length = 0;
    const page = await fixture.index.search(request);
    expect(page.hits.map((h) => h.decision_id)).toEqual(expected.hits.map((h) => h.decision_id));
    expect(page.hits.length).toBeGreaterThan(0);
    expect(page.totalIsLowerBound).toBe(true);
    const walked = statements.filter((s) => /order by decision_date/.test(s) && !/materialized/.test(s));
    expect(walked.length, walked.join('\n')).toBe(walks);
    expect(BOUNDED.test(walked[0]!), walked[0]).toBe(bounded);
  });
});
