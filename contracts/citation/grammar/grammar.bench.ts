/**
 * Throughput of the citation finder on generated decision-like text (prints figures, asserts
 * nothing). Usage: `npx tsx contracts/citation/grammar/grammar.bench.ts [megabytes]` (default 5).
 *
 * The text mixes German, French and Italian paragraphs of the kind found in decisions: running
 * prose with BGE references and lists, dockets with dates and pinpoints, statute references,
 * cantonal courts, amounts, dates, phone numbers and numbered Erwägungen.
 */
import { findCitations } from './find-citations.ts';

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = prng(2026);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));

const PART = ['I', 'Ia', 'II', 'III', 'IV', 'V'];
const bge = (prefix: string): string => `${prefix} ${int(110, 151)} ${pick(PART)} ${int(1, 600)}`;
const docket = (): string =>
  `${pick(['1C', '2C', '4A', '5A', '6B', '7B', '8C', '9C'])}_${int(1, 1200)}/${int(2008, 2025)}`;
const pin = (): string => `${int(1, 8)}.${int(1, 6)}`;

const PROSE = {
  de: [
    'Die Beschwerdeführerin rügt eine Verletzung des rechtlichen Gehörs und macht geltend, die Vorinstanz habe ihre Beweisanträge willkürlich abgewiesen.',
    'Nach der Rechtsprechung ist eine Begründung hinreichend, wenn die Betroffenen die Tragweite des Entscheids erkennen und ihn sachgerecht anfechten können.',
    "Die Gerichtskosten von Fr. 3'000.-- werden der Beschwerdeführerin auferlegt; sie hat den Beschwerdegegner mit CHF 2'500.– zu entschädigen.",
    'Der Vertreter ist unter 044 123 45 67 erreichbar; die Verhandlung findet am 3.5.2022 um 14.30 Uhr in 8001 Zürich statt.',
    'Es besteht kein Anlass, von dieser Praxis abzuweichen, zumal die Vorinstanz den Sachverhalt nicht offensichtlich unrichtig festgestellt hat.',
  ],
  fr: [
    "La recourante se plaint d'une violation de son droit d'être entendue et reproche à l'autorité précédente d'avoir écarté ses offres de preuve.",
    "Selon la jurisprudence, la motivation est suffisante lorsque l'intéressé peut se rendre compte de la portée de la décision et l'attaquer en connaissance de cause.",
    "Les frais judiciaires, arrêtés à 3000 fr., sont mis à la charge de la recourante, qui versera à l'intimé une indemnité de 2500 fr.",
    "Il n'y a pas lieu de s'écarter de cette pratique, d'autant que l'autorité précédente n'a pas établi les faits de manière manifestement inexacte.",
  ],
  it: [
    "La ricorrente lamenta una violazione del diritto di essere sentita e rimprovera all'autorità inferiore di avere respinto arbitrariamente le sue offerte di prova.",
    "Secondo la giurisprudenza, la motivazione è sufficiente quando l'interessato può rendersi conto della portata della decisione e impugnarla con cognizione di causa.",
    "Le spese giudiziarie di fr. 3'000.-- sono poste a carico della ricorrente, che rifonderà all'opponente fr. 2'500.-- a titolo di ripetibili.",
  ],
} as const;

const CITES = {
  de: [
    () =>
      `(BGE 140 III 86 E. ${pin()}; ${int(110, 150)} III ${int(1, 500)} E. ${int(1, 5)} S. ${int(1, 600)})`,
    () =>
      `vgl. Urteil ${docket()} vom ${int(1, 28)}. ${pick(['Januar', 'März', 'Mai', 'Juli', 'Oktober', 'Dezember'])} ${int(2008, 2025)} E. ${pin()}`,
    () =>
      `Art. ${int(1, 400)} Abs. ${int(1, 3)} lit. ${pick(['a', 'b', 'c'])} ${pick(['BV', 'OR', 'ZGB', 'StGB', 'BGG', 'StPO'])}`,
    () => `Art. ${int(1, 100)} i.V.m. Art. ${int(1, 100)} ${pick(['BV', 'EMRK'])}`,
    () =>
      `Urteil des Obergerichts des Kantons Zürich LB${int(100000, 259999)} vom ${int(1, 28)}. Juni ${int(2010, 2025)}`,
    () => `${bge('BGE')} E. ${pin()}`,
    () => `§ ${int(1, 200)} Abs. ${int(1, 3)} StG ZH`,
  ],
  fr: [
    () => `(ATF ${int(110, 150)} III ${int(1, 500)} consid. ${pin()} et les arrêts cités)`,
    () =>
      `arrêt ${docket()} du ${int(2, 28)} ${pick(['janvier', 'mars', 'mai', 'août', 'décembre'])} ${int(2008, 2025)} consid. ${pin()}`,
    () =>
      `art. ${int(1, 400)} al. ${int(1, 3)} let. ${pick(['a', 'b'])} ${pick(['Cst.', 'CO', 'CC', 'CP', 'LTF', 'CPP'])}`,
    () => `arrêt de la Cour de justice de Genève ACJC/${int(1, 1700)}/${int(2010, 2025)} du 1er mars 2021`,
    () => `${bge('ATF')} p. ${int(1, 600)}`,
  ],
  it: [
    () => `(DTF ${int(110, 150)} III ${int(1, 500)} consid. ${pin()})`,
    () =>
      `sentenza ${docket()} del ${int(2, 28)} ${pick(['gennaio', 'marzo', 'maggio', 'agosto'])} ${int(2008, 2025)} consid. ${pin()}`,
    () =>
      `art. ${int(1, 400)} cpv. ${int(1, 3)} lett. ${pick(['a', 'b'])} ${pick(['Cost.', 'CO', 'CC', 'CP', 'LTF'])}`,
    () => `sentenza del Tribunale d'appello del Cantone Ticino 12.${int(2010, 2025)}.${int(1, 150)}`,
  ],
};

function decisionLikeText(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  let n = 1;
  while (size < bytes) {
    const lang = pick(['de', 'de', 'fr', 'it'] as const);
    let paragraph = `${n}.${int(1, 4)} `;
    for (let k = 0; k < 4; k++) {
      paragraph += pick(PROSE[lang]) + ' ';
      if (rnd() < 0.6) paragraph += pick(CITES[lang])() + '. ';
    }
    parts.push(paragraph);
    size += paragraph.length;
    if (rnd() < 0.1) n++;
  }
  return parts.join('\n');
}

const megabytes = Number(process.argv[2] ?? '5');
const text = decisionLikeText(megabytes * 1024 * 1024);
const mb = text.length / (1024 * 1024);

findCitations(text.slice(0, 200_000)); // warm up
const runs: number[] = [];
let found = 0;
for (let r = 0; r < 5; r++) {
  const t0 = performance.now();
  found = findCitations(text).length;
  runs.push((performance.now() - t0) / 1000);
}
runs.sort((a, b) => a - b);
const median = runs[Math.floor(runs.length / 2)]!;
console.log(`text: ${mb.toFixed(2)} MB (${text.length} UTF-16 units), ${found} matches`);
console.log(`runs (s): ${runs.map((r) => r.toFixed(3)).join(' ')}`);
console.log(
  `throughput: ${(mb / median).toFixed(1)} MB/s (median), ${(mb / runs[0]!).toFixed(1)} MB/s (best)`,
);
