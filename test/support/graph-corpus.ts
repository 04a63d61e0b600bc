/**
 * The citation-graph test corpus (API tests on PGlite and on PostgreSQL): a hub BGE, decisions
 * applying Art. 41 OR in de/fr/it and Art. 8 ZGB, ties for the authority ranking, an inner BGE
 * page, a stated date that differs, a later decision cited, an appeal chain. Loaded through the
 * real projections from the table event log, citing decisions first.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app.ts';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import { TableEventLog } from '../../infra/event-log/table-event-log.ts';
import { PostgresSearchIndex } from '../../infra/search/postgres/postgres-search-index.ts';
import { ProjectorHost } from '../../projector/projector-host.ts';
import { allProjections } from '../../projector/projections.ts';
import { decisionEvent, makeDecision } from './decisions.ts';

// ---------------------------------------------------------------------------------------------
// The corpus: a hub BGE, decisions applying Art. 41 OR (de/fr/it) and Art. 8 ZGB, an appeal chain

type Lang = 'de' | 'fr' | 'it';
const W = {
  de: {
    court: 'Bundesgericht',
    facts: 'Sachverhalt:',
    law: 'Erwägungen:',
    op: 'Demnach erkennt das Bundesgericht:',
    date: 'Urteil vom',
  },
  fr: {
    court: 'Tribunal fédéral',
    facts: 'Faits :',
    law: 'Considérant en droit :',
    op: 'Par ces motifs, le Tribunal fédéral prononce :',
    date: 'Arrêt du',
  },
  it: {
    court: 'Tribunale federale',
    facts: 'Fatti:',
    law: 'Diritto:',
    op: 'Per questi motivi, il Tribunale federale pronuncia:',
    date: 'Sentenza del',
  },
} as const;

function text(lang: Lang, docket: string, considerations: string[], lowerLine?: string): string {
  const w = W[lang];
  return [
    w.court,
    docket,
    `${w.date} …`,
    ...(lowerLine ? [lowerLine] : []),
    w.facts,
    'A. Die Parteien streiten.',
    w.law,
    ...considerations.map((c, i) => `${i + 1}. ${c}`),
    w.op,
    '1. Die Beschwerde wird abgewiesen.',
  ].join('\n\n');
}

const bger = (docket: string, date: string, lang: Lang, considerations: string[], lowerLine?: string) =>
  makeDecision({
    court: 'bger',
    docket_number: docket,
    decision_date: date,
    language: lang,
    full_text: text(lang, docket, considerations, lowerLine),
  });

export const HUB = makeDecision({
  court: 'bge',
  docket_number: 'BGE 140 III 86',
  decision_date: '2014-02-10',
  regeste: 'Art. 41 OR; Haftung aus unerlaubter Handlung (E. 2).',
  full_text: [
    'Auszug aus dem Urteil',
    'Erwägungen:',
    '2. Die Haftung setzt einen Schaden voraus.',
    'Seite 88',
    '2.1 Weiteres.',
    'Seite 95',
    '3. Schluss.',
  ].join('\n\n'),
});
export const SECOND = makeDecision({
  court: 'bge',
  docket_number: 'BGE 141 III 10',
  decision_date: '2015-03-01',
  full_text: 'Erwägungen:\n\n1. Text.',
});
export const THIRD = bger('4A_50/2014', '2014-06-01', 'de', ['Text.']);
export const TIE_A = bger('4A_60/2014', '2014-07-01', 'de', ['Text.']);
export const TIE_B = bger('4A_61/2014', '2014-07-02', 'de', ['Text.']);
export const LATER = bger('4A_900/2018', '2018-05-05', 'de', ['Text.']);

const OR41: Record<Lang, (pin: string) => string> = {
  de: (pin) =>
    `Nach BGE 140 III 86 E. ${pin} haftet, wer nach Art. 41 Abs. 1 OR widerrechtlich Schaden zufügt.`,
  fr: (pin) => `Selon l'ATF 140 III 86 consid. ${pin}, l'art. 41 al. 1 CO fonde la responsabilité.`,
  it: (pin) => `Secondo la DTF 140 III 86 consid. ${pin}, l'art. 41 cpv. 1 CO fonda la responsabilità.`,
};
const LANGS: readonly Lang[] = ['de', 'fr', 'it'];

// C1..C7 apply Art. 41 OR (in three languages) and cite the hub; some cite SECOND, THIRD, TIE_A/B.
export const C = Array.from({ length: 7 }, (_, i) => {
  const n = i + 1;
  const lang = LANGS[i % 3]!;
  const extra: string[] = [];
  // C1 with a page pin-cite
  if (n <= 3) extra.push(n === 1 ? 'Vgl. BGE 141 III 10 S. 12 E. 1.' : 'Vgl. BGE 141 III 10 E. 1.');
  if (n === 1)
    extra.push(
      'Ferner Urteil 4A_50/2014 vom 1. Juni 2014 E. 1.',
      'Siehe Urteil 4A_60/2014 vom 1. Juli 2014.',
      'Unbekannt: BGE 100 Ia 1.',
    );
  if (n === 2) extra.push('Siehe Urteil 4A_61/2014 vom 2. Juli 2014.');
  // a stated date that differs from the cited decision's: 0.95 × 0.6 = 0.57
  if (n === 7) extra.push('Siehe Urteil 4A_60/2014 vom 1. Januar 2013.');
  return bger(`4A_${n}/2016`, `2016-0${n}-1${n}`, lang, [OR41[lang](String(1 + (n % 2))), ...extra]);
});

// Z1..Z5 apply Art. 8 ZGB and cite THIRD; Z1 cites TIE_A; Z2 an inner page of the hub; Z5 a later decision.
export const Z = Array.from({ length: 5 }, (_, i) => {
  const n = i + 1;
  const cites = [`Nach Art. 8 ZGB trägt die Beweislast, wer …; vgl. Urteil 4A_50/2014 vom 1. Juni 2014.`];
  if (n === 1) cites.push('Ebenso Urteil 4A_60/2014 vom 1. Juli 2014.');
  if (n === 2) cites.push('Vgl. BGE 140 III 90.');
  if (n === 5) cites.push('Siehe Urteil 4A_900/2018 vom 5. Mai 2018.');
  return bger(`5A_${n}/2017`, `2017-0${n}-1${n}`, 'de', cites);
});

// Appeal chain: BGer ← Obergericht ZH (in the corpus) ← Bezirksgericht Zürich (not in the corpus).
export const LOWER = makeDecision({
  court: 'zh_obergericht',
  docket_number: 'LB190001',
  decision_date: '2020-03-03',
  full_text: [
    'Obergericht des Kantons Zürich',
    'I. Zivilkammer',
    'LB190001',
    'Urteil vom 3. März 2020',
    'Berufung gegen das Urteil des Bezirksgerichts Zürich vom 5. Mai 2019 (FV180099).',
    'Erwägungen:',
    '1. Die Berufung ist unbegründet.',
  ].join('\n\n'),
});
export const APPEAL = bger(
  '5A_10/2020',
  '2020-09-09',
  'de',
  ['Die Beschwerde ist unbegründet.'],
  'Beschwerde gegen das Urteil des Obergerichts des Kantons Zürich, I. Zivilkammer, vom 3. März 2020 (LB190001).',
);

// Arrival order: citing decisions before most of the decisions they cite.
export const ALL: readonly NormalisedDecision[] = [
  ...C,
  ...Z,
  APPEAL,
  HUB,
  SECOND,
  THIRD,
  TIE_A,
  TIE_B,
  LATER,
  LOWER,
];

const silent = { info() {}, warn() {}, error() {} };

/** Projects the corpus into the database (every projection, real runner) and builds the app on it. */
export async function graphApp(handle: DatabaseHandle): Promise<FastifyInstance> {
  const search = new PostgresSearchIndex(handle.db);
  const log = new TableEventLog(handle.db, { pollIntervalMs: 10 });
  const runner = new ProjectorHost(
    { db: handle.db, log, now: () => new Date().toISOString(), logger: silent },
    allProjections({ writer: search }),
    { batchSize: 5, watchIntervalMs: 0 },
  );
  await runner.start();
  await log.append(ALL.map(decisionEvent));
  await runner.waitUntilCaughtUp(undefined, 10);
  await runner.stop();
  await log.close();
  const dead = await handle.db.selectFrom('dead_letters').select(['reason']).execute();
  if (dead.length > 0) throw new Error(`events dead-lettered: ${dead.map((d) => d.reason).join('; ')}`);
  return buildApp({
    db: handle.db,
    search,
    settings: {
      basePath: '',
      publicBaseUrl: 'https://research.example.ch',
      staleAfterHours: 48,
      maxSearchResponseChars: 1_000_000,
    },
    today: () => '2026-01-15',
    now: () => new Date('2026-01-15T12:00:00.000Z'),
  });
}
