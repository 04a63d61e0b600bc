/**
 * `npm run eval:extraction`: precision and recall of the parsers on the real decisions of
 * `../shared/fixtures/` against the hand annotations (test/eval/extraction-annotations.ts), per
 * court, language and citation kind; every miss and every false positive is listed. Prints
 * figures; asserts nothing (the thresholds are checked by extraction.int.test.ts).
 */
import { evaluateExtraction, ratio, sumBy, type Tally } from './extraction.ts';

const pct = (v: number | null) => (v === null ? '   –  ' : `${(100 * v).toFixed(1).padStart(5)}%`);
const line = (label: string, t: Tally) =>
  `  ${label.padEnd(34)} P ${pct(ratio(t.tp, t.tp + t.fp))}  R ${pct(ratio(t.tp, t.tp + t.fn))}   (tp ${t.tp}, fp ${t.fp}, fn ${t.fn})`;

const result = await evaluateExtraction();
if (!result) {
  console.log('skipped: ../shared/fixtures/entscheidsuche is not here');
  process.exit(0);
}
const { items, documents } = result;
console.log(`records: ${items.seen} seen, ${items.accepted} accepted, ${items.failed.length} failed`);
for (const f of items.failed) console.log(`  failed ${f.item}: ${f.reason}`);

console.log('\nmetadata and sections');
let metaOk = 0;
let metaAll = 0;
let secOk = 0;
let secAll = 0;
for (const d of documents) {
  for (const m of d.metadata) {
    metaAll++;
    if (m.actual === m.expected) metaOk++;
    else console.log(`  ${d.file}: ${m.field} ${m.actual ?? 'null'} (expected ${m.expected})`);
  }
  for (const s of d.sections) {
    secAll++;
    if (s.actual === s.expected) secOk++;
    else console.log(`  ${d.file}: section ${s.section} ${s.actual ? 'found' : 'missed'} (expected ${s.expected ? 'present' : 'absent'})`);
  }
  if (d.erwaegungen.actual.join(' ') !== d.erwaegungen.expected.join(' '))
    console.log(`  ${d.file}: Erwägungen start ${d.erwaegungen.actual.join(' ')} (expected ${d.erwaegungen.expected.join(' ')})`);
}
console.log(`  metadata fields right: ${metaOk}/${metaAll}; sections right: ${secOk}/${secAll}`);

const caseKinds = (c: string) => (c === 'statute' ? 'statute references' : 'case citations');
for (const [title, group] of [
  ['by kind', (_d: { court: string }, c: string) => c],
  ['case citations and statute references', (_d: { court: string }, c: string) => caseKinds(c)],
  ['by court', (d: { court: string }, c: string) => `${d.court} · ${caseKinds(c)}`],
  ['by language', (d: { language: string }, c: string) => `${d.language} · ${caseKinds(c)}`],
] as const) {
  console.log(`\n${title}`);
  for (const [label, t] of [...sumBy(documents, group)].sort()) console.log(line(label, t));
}

console.log('\nmisses (annotated, not found)');
for (const d of documents) for (const m of d.misses) console.log(`  ${d.file}: ${m.class} ${m.key}`);
console.log('\nfalse positives (found, not annotated)');
for (const d of documents) for (const m of d.falsePositives) console.log(`  ${d.file}: ${m.class} ${m.key}`);
for (const d of documents) if (d.error) console.log(`  ${d.file}: not parsed: ${d.error}`);
