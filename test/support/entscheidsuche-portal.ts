/**
 * entscheidsuche.ch as a local HTTP server, for the live source's tests: the real records of
 * `../shared/fixtures/entscheidsuche` (read at test time, never copied into the repository), the
 * real court tree as `docs/Facetten_alle.json`, a PDF-only record made here with pdfkit, and job
 * files in the portal's format (`docs/Jobs/{Spider}/last`) written as its scraper writes them: every
 * file with its md5 and a status against the previous job. Faults are switched on per path; the
 * server measures politeness (requests in flight, gaps between starts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { startFakeHttp, type RecordedRequest } from './fake-http.ts';
import { REPO } from './processes.ts';

export const ES_FIXTURES = join(REPO, '../shared/fixtures/entscheidsuche');
export const esFixturesPresent = existsSync(join(ES_FIXTURES, 'docs'));

/** What one path answers instead of its file. */
export type Fault =
  | { readonly kind: 'status'; readonly status: number; times: number }
  /** No answer at all (the client's timeout ends the wait). */
  | { readonly kind: 'hang'; times: number }
  /** A complete answer whose body is cut (a truncated file on the portal). */
  | { readonly kind: 'truncate' };

interface JobEntry {
  checksum: string;
  status: string;
}

const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex');

/** The PDF-only record: a Ticino administrative-court judgment in Italian. */
export const PDF_RECORD = 'TI_Gerichte/TI_TCA_001_52-2024-12_2025-03-04.json';
const PDF_LINES = [
  'Tribunale cantonale amministrativo',
  'Incarto n. 52.2024.12',
  'Lugano, 4 marzo 2025',
  'Sentenza del 4 marzo 2025',
  'In nome della Repubblica e Cantone Ticino',
  'Il Tribunale cantonale amministrativo',
  'composto dei giudici: Rossi, presidente, Bianchi e Verdi',
  'segretaria: Neri',
  'statuendo sul ricorso del 12 febbraio 2024 di A.________ contro la decisione del Consiglio di',
  'Stato del 23 gennaio 2024 concernente una licenza edilizia,',
  'In fatto',
  'A. Con domanda del 3 aprile 2023 A.________ ha chiesto il rilascio di una licenza edilizia per la',
  'costruzione di una casa d\u2019abitazione sul fondo n. 123 RFD di Lugano. Il Municipio ha',
  'respinto la domanda, ritenendo il progetto contrario al piano regolatore.',
  'B. Il Consiglio di Stato ha respinto il ricorso presentato contro tale decisione.',
  'Considerando in diritto',
  '1. La competenza del Tribunale cantonale amministrativo a statuire sul ricorso discende',
  'dall\u2019art. 66 della legge edilizia cantonale. Il ricorso \u00e8 tempestivo.',
  '2. Secondo la giurisprudenza (DTF 145 I 156 consid. 4.1) l\u2019autorit\u00e0 comunale dispone di un',
  'ampio potere di apprezzamento nell\u2019applicazione del piano regolatore.',
  'Per questi motivi, dichiara e pronuncia:',
  '1. Il ricorso \u00e8 respinto.',
  '2. La tassa di giustizia di fr. 1500.- \u00e8 posta a carico del ricorrente.',
];

/** The PDF of the Ticino record (two pages), made with pdfkit. */
export async function pdfDecision(lines: readonly string[] = PDF_LINES): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Sentenza 52.2024.12' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const half = Math.ceil(lines.length / 2);
  lines.forEach((line, i) => {
    if (i === half) doc.addPage();
    doc.fontSize(11).text(line);
  });
  doc.end();
  return done;
}

/** A variant of a real record under another docket (`5A_459/2025` → `5A_500/2025`), text and record alike. */
export function variantOf(json: Buffer, html: Buffer, from: string, to: string): { json: Buffer; html: Buffer } {
  const swap = (b: Buffer) => Buffer.from(b.toString('utf8').split(from).join(to));
  const fileFrom = from.replace(/[^-a-zA-Z0-9]/g, '-');
  const fileTo = to.replace(/[^-a-zA-Z0-9]/g, '-');
  return {
    json: Buffer.from(swap(json).toString('utf8').split(fileFrom).join(fileTo)),
    html: swap(html),
  };
}

export class FakeEntscheidsuche {
  /** Files under `docs/` as the portal holds them now. */
  readonly files = new Map<string, Buffer>();
  readonly faults = new Map<string, Fault>();
  private readonly jobs = new Map<string, Record<string, JobEntry>>();
  private facets: Buffer = Buffer.from('{}');
  private server: Awaited<ReturnType<typeof startFakeHttp>> | null = null;
  private port = 0;
  /** Every request, in arrival order, across restarts. */
  readonly requests: RecordedRequest[] = [];
  private inFlight = 0;
  maxInFlight = 0;
  /** Called on every request before it is answered (e.g. to kill a client mid-run). */
  onRequest: ((request: RecordedRequest) => void) | null = null;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Loads the real records (and the PDF-only one) and publishes a first job file per spider. */
  async loadFixtures(options: { variants?: number } = {}): Promise<this> {
    const docs = join(ES_FIXTURES, 'docs');
    for (const spider of readdirSync(docs)) {
      for (const name of readdirSync(join(docs, spider))) this.files.set(`${spider}/${name}`, readFileSync(join(docs, spider, name)));
    }
    this.facets = readFileSync(join(ES_FIXTURES, 'facets.json'));
    const bgerJson = this.files.get('CH_BGer/CH_BGer_005_5A-459-2025_2025-06-17.json')!;
    const bgerHtml = this.files.get('CH_BGer/CH_BGer_005_5A-459-2025_2025-06-17.html')!;
    for (let n = 0; n < (options.variants ?? 0); n++) {
      const docket = `5A_${600 + n}/2025`;
      const v = variantOf(bgerJson, bgerHtml, '5A_459/2025', docket);
      const base = `CH_BGer/CH_BGer_005_5A-${600 + n}-2025_2025-06-17`;
      this.files.set(`${base}.json`, v.json);
      this.files.set(`${base}.html`, v.html);
    }
    const pdfBase = PDF_RECORD.replace(/\.json$/, '');
    this.files.set(`${pdfBase}.pdf`, await pdfDecision());
    this.files.set(
      PDF_RECORD,
      Buffer.from(
        JSON.stringify({
          Signatur: 'TI_TCA_001',
          Spider: 'TI_Gerichte',
          Sprache: 'it',
          Datum: '2025-03-04',
          Num: ['52.2024.12'],
          Kopfzeile: [{ Sprachen: ['it'], Text: 'Tribunale cantonale amministrativo 04.03.2025 52.2024.12' }],
          PDF: { Datei: `${pdfBase}.pdf`, URL: 'https://www.sentenze.ti.ch/cgi-bin/nph-omniscgi?OmnisPlatform=WINDOWS&id=52.2024.12' },
        }),
      ),
    );
    this.publishJobs();
    return this;
  }

  /** The spiders whose folders hold files. */
  spiders(): string[] {
    return [...new Set([...this.files.keys()].map((p) => p.split('/')[0]!))].sort();
  }

  /** Writes each spider's next job file: every file with its md5, `neu` / `update` / `identisch` against the last job, gone ones `nicht_mehr_da`. */
  publishJobs(): void {
    for (const spider of new Set([...this.spiders(), ...this.jobs.keys()])) {
      const previous = this.jobs.get(spider) ?? {};
      const next: Record<string, JobEntry> = {};
      for (const [path, body] of this.files) {
        if (!path.startsWith(`${spider}/`)) continue;
        const checksum = md5(body);
        const before = previous[path];
        next[path] = {
          checksum,
          status: !before ? 'neu' : before.status === 'nicht_mehr_da' ? (before.checksum === checksum ? 'identisch_wieder_da' : 'anders_wieder_da') : before.checksum === checksum ? 'identisch' : 'update',
        };
      }
      for (const [path, before] of Object.entries(previous))
        if (!next[path]) next[path] = { checksum: before.checksum, status: 'nicht_mehr_da' };
      this.jobs.set(spider, next);
    }
  }

  jobFile(spider: string): string {
    const dateien = this.jobs.get(spider) ?? {};
    const present = Object.entries(dateien).filter(([p, e]) => p.endsWith('.json') && e.status !== 'nicht_mehr_da');
    return JSON.stringify({
      spider,
      job: '446973/45/1',
      jobtyp: 'komplett',
      time: '2026-11-25_03:00:00',
      dateien,
      signaturen: {},
      gesamt: { gesamt: present.length },
    });
  }

  /** Requests for decision records (`.json` under a spider folder), in order. */
  recordRequests(): RecordedRequest[] {
    return this.requests.filter((r) => /^\/docs\/(?!Jobs\/)[^/]+\/[^/]+\.json$/.test(r.path));
  }

  async start(): Promise<this> {
    this.server = await startFakeHttp((req, res) => this.answer(req, res), this.port ? { port: this.port } : {});
    this.port = Number(new URL(this.server.url).port);
    return this;
  }

  /** The portal goes away: the port refuses connections until `start` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await server?.close();
  }

  private answer(req: RecordedRequest, res: ServerResponse): void {
    this.requests.push(req);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => this.inFlight--);
    this.onRequest?.(req);
    // Stopped by the hook: the connection is gone, nothing is answered.
    if (!this.server) return;
    const path = decodeURIComponent(new URL(req.path, 'http://x').pathname).replace(/^\/docs\//, '');
    const fault = this.faults.get(path);
    if (fault?.kind === 'hang' && fault.times-- > 0) return;
    if (fault?.kind === 'status' && fault.times-- > 0) {
      res.writeHead(fault.status, { 'content-type': 'text/html' });
      return void res.end(`<html><body>${fault.status}</body></html>`);
    }
    let body: Buffer | undefined;
    if (path === 'Facetten_alle.json') body = this.facets;
    else if (/^Jobs\/[^/]+\/last$/.test(path)) {
      const spider = path.split('/')[1]!;
      // The portal's answer for a spider without job files.
      body = Buffer.from(this.jobs.has(spider) ? this.jobFile(spider) : JSON.stringify({ spider, job: 'nojob' }));
    } else body = this.files.get(path);
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return void res.end('<html><body>Not Found</body></html>');
    }
    if (fault?.kind === 'truncate') body = body.subarray(0, Math.floor(body.length / 2));
    const type = path.endsWith('.pdf') ? 'application/pdf' : path.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/json';
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  }
}

/** Starts of consecutive requests, ms apart (measured at the server). */
export function gaps(requests: readonly RecordedRequest[]): number[] {
  return requests.slice(1).map((r, i) => r.at - requests[i]!.at);
}
