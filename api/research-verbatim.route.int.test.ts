/**
 * Every quotation the research routes hand out is in the stored source: a fixed query set against
 * /commentaries/search, /commentaries/{abbreviation}, /materialien, /materialien/{law_code},
 * /doctrine, /exam-question and /mock-decision over the embedded read models (statute, materials
 * and commentary samples, the citation corpus and the Art. 41 OR line), and each field presented
 * as verbatim text (excerpts, passages, statute text, decision quotes, rule statements) looked up
 * in the read-model tables or the decision text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQuotations, isVerbatimExcerpt, quotedVerbatim } from '../contracts/citation/quotations.ts';
import { openDoctrineWorld } from '../test/support/research-world.ts';
import type { StatuteWorld } from '../test/support/statutes.ts';

let world: StatuteWorld;
let paragraphs: Map<string, { margin: string | null; text: string }[]>;
let legalTexts: Map<string, string | null>;
let passages: Map<string, string[]>;
let articleTexts: Set<string>;

beforeAll(async () => {
  world = await openDoctrineWorld();
  const db = world.handle.db;
  paragraphs = new Map();
  for (const p of await db
    .selectFrom('commentary_paragraphs')
    .select(['commentary_id', 'margin', 'text'])
    .execute())
    paragraphs.set(p.commentary_id, [
      ...(paragraphs.get(p.commentary_id) ?? []),
      { margin: p.margin, text: p.text },
    ]);
  legalTexts = new Map(
    (await db.selectFrom('commentaries').select(['commentary_id', 'legal_text']).execute()).map((c) => [
      c.commentary_id,
      c.legal_text,
    ]),
  );
  passages = new Map();
  for (const p of await db.selectFrom('material_passages').select(['eli', 'language', 'text']).execute()) {
    const key = `${p.eli}|${p.language}`;
    passages.set(key, [...(passages.get(key) ?? []), p.text]);
  }
  articleTexts = new Set(
    (await db.selectFrom('statute_articles').select('text').execute()).map((a) => a.text),
  );
}, 240_000);

afterAll(async () => {
  await world?.close();
});

const enc = encodeURIComponent;
const get = async (url: string) => {
  const res = await world.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return { body: res.json() };
};
const fullTexts = new Map<string, string>();
async function decisionText(id: string): Promise<string> {
  const known = fullTexts.get(id);
  if (known !== undefined) return known;
  const row = await world.handle.db
    .selectFrom('decisions')
    .select(['full_text', 'regeste'])
    .where('decision_id', '=', id)
    .executeTakeFirstOrThrow();
  // The decision as stored: its text and the head-note its source record gives.
  const stored = `${row.full_text}\n\n${row.regeste ?? ''}`;
  fullTexts.set(id, stored);
  return stored;
}

let checked = 0;
function expectParagraph(commentaryId: string, margin: string | null, text: string): void {
  expect(paragraphs.get(commentaryId) ?? [], `${commentaryId} N. ${margin}`).toContainEqual({ margin, text });
  checked++;
}
function expectPassage(eli: string, language: string, text: string): void {
  expect(passages.get(`${eli}|${language}`) ?? [], eli).toContain(text);
  checked++;
}
async function expectFromDecision(id: string, text: string): Promise<void> {
  expect(isVerbatimExcerpt(text, await decisionText(id)), `${id}: ${text.slice(0, 80)}`).toBe(true);
  checked++;
}
/** A rule statement is verbatim from its decision (the citation fields of every listed decision). */
async function expectRuleStatement(d: { decision_id: string; rule_statement?: string }): Promise<void> {
  if (d.rule_statement) await expectFromDecision(d.decision_id, d.rule_statement);
}

describe('every quotation of the research routes is in its stored source', () => {
  it('commentaries: search hits, snippets, article lookups (OR = CO = SR 220)', async () => {
    for (const q of [
      'Widerrechtlichkeit',
      'Beweis',
      'bonne foi',
      'arbitrio',
      '"rechtliches Gehör"',
      'Art. 41 OR',
    ])
      for (const language of ['de', 'fr', 'it']) {
        const { body } = await get(`/commentaries/search?query=${enc(q)}&language=${language}&limit=50`);
        for (const hit of body.results) {
          expectParagraph(hit.commentary_id, hit.margin_number, hit.text);
          expect(hit.text).toContain(hit.snippet.replace(/<\/?b>/g, ''));
        }
      }
    for (const language of ['de', 'fr', 'it']) {
      const answers = [];
      for (const name of ['OR', 'CO', '220'])
        answers.push((await get(`/commentaries/${name}?article=41&language=${language}`)).body);
      expect(answers[1].commentaries).toEqual(answers[0].commentaries);
      expect(answers[2].commentaries).toEqual(answers[0].commentaries);
      for (const body of [...answers, (await get(`/commentaries/BV?language=${language}`)).body])
        for (const c of body.commentaries) {
          expect(c.legal_text).toBe(legalTexts.get(c.commentary_id));
          for (const p of c.paragraphs) expectParagraph(c.commentary_id, p.margin_number, p.text);
        }
    }
  });

  it('materials: search passages and the items of an act or article', async () => {
    for (const q of ['Rechtssicherheit', 'Rechtsprechung', '"droit cantonal"', 'giurisprudenza']) {
      const { body } = await get(`/materialien?query=${enc(q)}&limit=50`);
      for (const hit of body.results) {
        expectPassage(hit.eli, hit.language, hit.passage);
        expect(hit.passage).toContain(hit.snippet.replace(/<\/?b>/g, ''));
      }
    }
    for (const url of [
      '/materialien/BV?article=8',
      '/materialien/OR',
      '/materialien/CO?article=41&language=fr',
      '/materialien/ZGB?language=it',
    ]) {
      const { body } = await get(url);
      for (const group of [
        'legislative_intent',
        'key_arguments',
        'design_choices',
        'rejected_alternatives',
        'parliamentary_modifications',
      ])
        for (const item of body[group]) {
          expect(item.paraphrase).toBe(false);
          expectPassage(item.eli, item.language, item.text);
        }
    }
  });

  it('doctrine: statute text, commentary paragraph, change-of-practice excerpts and rule statements', async () => {
    for (const q of [
      'Art. 41 OR',
      'art. 41 CO',
      'Art. 271 OR',
      'Treu und Glauben',
      'bonne foi',
      'Mietrecht',
      'Kündigung',
      'falsche Auskunft',
    ]) {
      const { body } = await get(`/doctrine?query=${enc(q)}`);
      if (body.statute) {
        expect(articleTexts, q).toContain(body.statute.text);
        checked++;
      }
      if (body.commentary)
        expectParagraph(body.commentary.commentary_id, body.commentary.margin_number, body.commentary.text);
      for (const d of body.leading_decisions) await expectRuleStatement(d);
      for (const year of body.timeline)
        for (const e of year.events)
          if (e.change) await expectFromDecision(e.decision.decision_id, e.change.excerpt);
    }
  });

  it('exam questions: the fact pattern and every passage of the hidden analysis', async () => {
    for (const topic of ['Kündigung', 'Mietvertrag', 'Haftpflicht', 'Widerrechtlichkeit']) {
      const res = await world.app.inject({ url: `/exam-question?topic=${enc(topic)}` });
      if (res.statusCode === 404) continue;
      const body = res.json();
      const id = body.decision.decision_id as string;
      expect(body.fact_pattern.source).toBe('verbatim_facts');
      await expectFromDecision(id, body.fact_pattern.text);
      await expectRuleStatement(body.decision);
      for (const p of [...body.hidden_analysis.decisive_erwaegungen, body.hidden_analysis.result].filter(
        Boolean,
      ))
        await expectFromDecision(id, p.text);
    }
  });

  it('mock decisions: statute text, the «…» quotations of the outline and the rule statements of the decisions', async () => {
    const facts = [
      'Die Vermieterin kündigte dem Mieter die Wohnung, nachdem er Mängel gerügt hatte. Der Mieter hält die Kündigung für missbräuchlich (Art. 271 OR).',
      'La banque a donné sciemment un renseignement erroné au client, qui a subi un dommage purement économique (art. 41 CO).',
      'Il locatore ha disdetto il contratto dopo che il conduttore aveva segnalato difetti.',
    ];
    for (const [i, f] of facts.entries()) {
      const language = ['de', 'fr', 'it'][i]!;
      const { body } = await get(`/mock-decision?facts=${enc(f)}&preferred_language=${language}`);
      const sources = [
        ...articleTexts,
        ...(await Promise.all(
          body.decisions.map((d: { decision_id: string }) => decisionText(d.decision_id)),
        )),
      ];
      for (const s of body.statutes)
        if (s.text !== null) {
          expect(articleTexts).toContain(s.text);
          checked++;
        }
      for (const d of body.decisions) await expectRuleStatement(d);
      const texts = [...body.issues, ...body.erwaegungen_outline.map((p: { text: string }) => p.text)];
      for (const quote of texts.flatMap((t: string) => findQuotations(t, 10))) {
        expect(
          sources.some((source) => quotedVerbatim(quote.text, source)),
          quote.text,
        ).toBe(true);
        checked++;
      }
    }
  });

  it('checked a real number of quotations (the walk cannot pass empty)', () => {
    expect(checked).toBeGreaterThan(200);
  });
});
