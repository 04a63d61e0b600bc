/**
 * Exports and feeds benchmark (prints figures, asserts nothing):
 *  - Word and PDF export of the longest sample decision and of a 30-page decision: p50/p95 of the
 *    renderer alone and through HTTP,
 *  - GET /atom/{court}.xml p50/p95 and requests/s at 8 concurrent clients, next to a Fastify
 *    hello-world measured in the same run (the machine is shared; compare ratios).
 * Usage: npm run bench:exports [-- --size 600 --requests 200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { renderDocx } from '../../api/exports/docx.ts';
import { loadExportDocument } from '../../api/exports/export-document.ts';
import { renderPdf } from '../../api/exports/pdf.ts';
import { EntscheidsucheDirectorySource } from '../../ingest/sources/entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus } from '../../ingest/sources/sample/sample-generator.ts';
import { decisionEvent, makeDecision } from '../support/decisions.ts';
import { pdfRead } from '../support/export-readers.ts';
import { appOver, loadReadModels, TEST_PUBLIC_BASE } from '../support/read-models.ts';
import { percentile, runLoad } from './http-load.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '600' },
    requests: { type: 'string', default: '200' },
    runs: { type: 'string', default: '30' },
  },
});
const runs = Number(values.runs);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const dir = await mkdtemp(join(tmpdir(), 'bench-exports-'));
try {
  await generateSampleCorpus({ dir, size: Number(values.size), seed: 1, today: '2026-11-01' });
  const source = new EntscheidsucheDirectorySource({ root: dir, name: 'sample' });
  const decisions = [];
  for await (const item of source.items()) decisions.push(await source.parse(item, '2026-11-02T06:00:00Z'));
  const longest = decisions.reduce((a, b) => (b.full_text.length > a.full_text.length ? b : a));
  // A 30-page decision: sixty numbered Erwägungen of about 1,500 characters each.
  const paragraph =
    'Nach der Rechtsprechung ist der Anspruch auf rechtliches Gehör (Art. 29 Abs. 2 BV) formeller Natur; seine Verletzung führt ungeachtet der Erfolgsaussichten der Beschwerde in der Sache zur Aufhebung des angefochtenen Entscheids. ';
  const thirtyPages = makeDecision({
    court: 'bger',
    docket_number: '4A_30/2025',
    language: 'de',
    title: 'Mietrecht; Kündigung « Überprüfung »',
    regeste: 'Art. 271 OR; Anfechtung der Kündigung.',
    full_text: [
      'Sachverhalt:',
      'A. Die Vermieterin kündigte das Mietverhältnis.',
      'Erwägungen:',
      ...Array.from({ length: 60 }, (_, i) => `${i + 1}. ${paragraph.repeat(7)}`),
      'Demnach erkennt das Bundesgericht:',
      '1. Die Beschwerde wird abgewiesen.',
    ].join('\n\n'),
  });
  const loaded = await loadReadModels([...decisions, thirtyPages].map(decisionEvent), { batchSize: 200 });
  const app = await appOver(loaded, { today: '2026-11-25' });
  const ctx = { publicBaseUrl: TEST_PUBLIC_BASE, today: '2026-11-25' };

  console.log(
    `sample: ${decisions.length} decisions; longest ${longest.decision_id} (${longest.full_text.length} characters)\n`,
  );
  for (const d of [longest, thirtyPages]) {
    const doc = (await loadExportDocument(loaded.handle.db, d.decision_id, ctx))!;
    const pages = (await pdfRead(await renderPdf(doc))).pages;
    const label = `${d.decision_id} (${d.full_text.length} chars, ${pages} PDF pages)`;
    const pdf = await timed(() => renderPdf(doc));
    const docx = await timed(() => renderDocx(doc));
    const pdfHttp = await timed(() =>
      app.inject(`/decisions/${encodeURIComponent(d.decision_id)}/export.pdf`),
    );
    const docxHttp = await timed(() =>
      app.inject(`/decisions/${encodeURIComponent(d.decision_id)}/export.docx`),
    );
    console.log(label);
    console.log(
      `  PDF  renderer p50 ${ms(pdf.p50)} p95 ${ms(pdf.p95)}; through the API p50 ${ms(pdfHttp.p50)} p95 ${ms(pdfHttp.p95)}`,
    );
    console.log(
      `  Word renderer p50 ${ms(docx.p50)} p95 ${ms(docx.p95)}; through the API p50 ${ms(docxHttp.p50)} p95 ${ms(docxHttp.p95)}`,
    );
  }

  // Atom at 8 clients over HTTP, next to a hello-world in the same process run.
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const courts = ['bger', 'bvger', 'zh_obergericht', 'ge_gerichte', 'bge', 'ti_gerichte'].map(
    (c) => `${apiUrl}/atom/${c}.xml`,
  );
  const requests = Number(values.requests);
  await runLoad(courts, 8, 20);
  await runLoad([helloUrl], 8, 20);
  const atom = await runLoad(courts, 8, requests);
  const ref = await runLoad([helloUrl], 8, requests);
  console.log(
    `\nGET /atom/{court}.xml, 8 clients, ${atom.count} requests: p50 ${ms(atom.p50)} p95 ${ms(atom.p95)}, ${atom.rps.toFixed(0)} req/s, ${atom.errors} errors`,
  );
  console.log(
    `hello-world reference:                   p50 ${ms(ref.p50)} p95 ${ms(ref.p95)}, ${ref.rps.toFixed(0)} req/s`,
  );
  console.log(`Atom throughput = ${((100 * atom.rps) / ref.rps).toFixed(0)} % of hello-world`);
  await hello.close();
  await app.close();
  await loaded.handle.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
