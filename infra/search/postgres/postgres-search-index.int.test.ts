import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/engines.ts';
import {
  CORPUS,
  type SearchFixture,
  postgresSearchFixture,
  requestOf,
  searchConformance,
} from '../../../test/support/search.suite.ts';

searchConformance('PostgreSQL full-text search on PGlite', async (limits) =>
  postgresSearchFixture(await openTestDatabase('pglite'), limits),
);

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
