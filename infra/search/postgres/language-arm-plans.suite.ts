/**
 * The matches of a search are counted from the per-language partial indexes alone
 * (`decision-search.storage.ts`): the planner proves each language arm of a count's condition
 * from its index, so no candidate's vector (full, or the pairs, out of line in TOAST) is read to
 * test it again, which at 1,161 matches of 3,000 decisions costs 42 ms instead of 1 ms on PGlite.
 * An arm whose condition the index's predicate does not imply keeps the whole condition as a
 * filter on every row. Run on PGlite and on a PostgreSQL server.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORPUS,
  type SearchFixture,
  postgresSearchFixture,
  requestOf,
  statementsSent,
} from '../../../test/support/search.suite.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { SearchDocument } from '../search.port.ts';

/**
 * Decisions in each language arm (and in one the compiler knows no configuration for) holding
 * none of the searched words: the searched ones are then few, and the planner reads them from the
 * indexes, as it does at scale.
 */
const FILLER: SearchDocument[] = Array.from({ length: 1_200 }, (_, i) => ({
  ...CORPUS[0]!,
  decision_id: `filler_${i}`,
  docket_number: `9X_${i}/2015`,
  language: ['de', 'fr', 'it', 'rm'][i % 4]!,
  title: `Verwaltungssache ${i}`,
  regeste: null,
  full_text: `Gewässerschutz Baubewilligung Zonenplan Gemeinde ${i} Rekurs ${i % 97}`,
  ref_keys: [`filler_${i}`],
}));

/** A line of a plan that tests a vector column on each row it reads. */
const VECTOR_FILTER = /Filter:.*\b(tsv|rank_tsv|tsv_pairs)\b/;

export function languageArmPlansSuite(name: string, open: () => Promise<DatabaseHandle | null>): void {
  describe(`Search counts on ${name}: each language arm proven from its partial index`, () => {
    let handle: DatabaseHandle | null = null;
    let fixture: SearchFixture;
    const { plugin: recorder, sent } = statementsSent(() => handle!.db);

    beforeAll(async () => {
      handle = await open();
      if (!handle) return;
      fixture = postgresSearchFixture(handle, undefined, handle.db.withPlugin(recorder));
      await fixture.load([...CORPUS, ...FILLER]);
      await sql`analyze`.execute(handle.db);
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it.for([
      ['a phrase of two words (its pairs)', '"fristlose Kündigung"'],
      ['a word', 'Kündigung'],
      ['two words', 'Kündigung AND Mietvertrag'],
      ['words in French, either', 'contrat OR bail'],
      ['a BGE reference (its triple)', 'BGE 140 III 86'],
    ] as const)('%s: %s', async ([, query], ctx) => {
      if (!handle) ctx.skip();
      const db = handle!.db;
      sent.length = 0;
      const result = await fixture.index.search(requestOf({ query, limit: 20 }));
      expect(result.total).toBeGreaterThan(0);
      const counts = sent.filter((s) => s.sql.includes('count(*)::int as n'));
      expect(counts.length, sent.map((s) => s.sql).join('\n')).toBeGreaterThan(0);
      for (const count of counts) {
        const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (costs off) ${count.sql}`, [...count.parameters]),
        );
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text, text).toContain('Bitmap Index Scan');
        expect(text, text).not.toMatch(VECTOR_FILTER);
      }
    });
  });
}
