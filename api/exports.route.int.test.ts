/**
 * GET /decisions/{id}/export.docx|.pdf|.bib|.ris: every output read back with a real reader (Word
 * through mammoth, PDF through pdf.js, BibTeX and RIS through citation.js), for decisions in de,
 * fr and it of a federal court, a cantonal court and the BGE collection.
 */
import { parse as parseDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITATION_CORPUS } from '../test/support/citation-corpus.ts';
import { decisionEvent, makeDecision } from '../test/support/decisions.ts';
import { cslOf, docxText, flat, pdfRead, risRecords } from '../test/support/export-readers.ts';
import { encodeLoosely, HOSTILE_STRINGS } from '../test/support/hostile-input.ts';
import {
  appOver,
  loadReadModels,
  TEST_PUBLIC_BASE,
  type LoadedReadModels,
} from '../test/support/read-models.ts';

/** Every character a brief must get back unchanged. */
const UNICODE = 'ä ö ü Ä Ö Ü ß é è à ç « » „ “ ’ – §';

const UNICODE_DECISION = makeDecision({
  court: 'bger',
  docket_number: '5A_321/2024',
  decision_date: '2024-09-03',
  language: 'fr',
  title: `Droit de la famille – « entretien » ${UNICODE}`,
  regeste: `Art. 276 CC; obligation d’entretien „Unterhalt“ (consid. 2). ${UNICODE} & 100 % # _ { } $ ~ ^ \\`,
  full_text: [
    'Tribunal fédéral',
    '5A_321/2024',
    'Arrêt du 3 septembre 2024',
    'IIe Cour de droit civil',
    'Faits :',
    `A. Les époux ont conclu une convention « sur l’entretien » – § 3 ${UNICODE}.`,
    'Considérant en droit :',
    '1. Le recours en matière civile est recevable.',
    `2. Le recourant invoque l’art. 276 CC. ${UNICODE}`,
    '2.1 La contribution d’entretien se détermine selon la méthode en deux étapes.',
    '2.2 En l’espèce, l’autorité cantonale n’a pas violé le droit fédéral.',
    '3. Le recours est rejeté.',
    'Par ces motifs, le Tribunal fédéral prononce :',
    '1. Le recours est rejeté.',
    '2. Les frais judiciaires sont mis à la charge du recourant.',
  ].join('\n\n'),
});

let loaded: LoadedReadModels;
let app: FastifyInstance;

beforeAll(async () => {
  loaded = await loadReadModels([...CITATION_CORPUS, UNICODE_DECISION].map(decisionEvent));
  app = await appOver(loaded);
});

afterAll(async () => {
  await app?.close();
  await loaded?.handle.close();
});

const enc = encodeURIComponent;
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The decision's citation strings and title as the JSON route gives them. */
async function expected(id: string) {
  const detail = (await get(`/decisions/${enc(id)}?full_text=false`)).json();
  const structure = await loaded.handle.db
    .selectFrom('decision_erwaegungen')
    .select('number')
    .where('decision_id', '=', id)
    .orderBy('ordinal')
    .execute();
  return {
    title: detail.title as string,
    citations: [detail.citation_string_de, detail.citation_string_fr, detail.citation_string_it] as string[],
    canonical: detail.canonical_url as string,
    regeste: detail.regeste as string | null,
    docket: detail.docket_number as string,
    language: detail.language as string,
    numbers: structure.map((s) => s.number),
  };
}

/** A federal (de, fr), a cantonal (de, fr, it) and BGE (de, fr) decision, and one with every special character. */
const CASES = [
  { id: 'bge_BGE_140_III_86', kind: 'BGE, de', prefix: 'E.' },
  { id: 'bge_BGE_140_III_96', kind: 'BGE, fr', prefix: 'consid.' },
  { id: 'bger_2A.123_2005', kind: 'federal, fr, lettered Erwägungen', prefix: 'consid.' },
  { id: 'bger_5A_321_2024', kind: 'federal, fr, every special character', prefix: 'consid.' },
  { id: 'bstger_SK.2019.42', kind: 'federal, it', prefix: 'consid.' },
  { id: 'zh_obergericht_LB220012', kind: 'cantonal, de', prefix: 'E.' },
  { id: 'ge_gerichte_ACJC_123_2021', kind: 'cantonal, fr', prefix: 'consid.' },
  { id: 'ti_gerichte_12.2020.1', kind: 'cantonal, it', prefix: 'consid.' },
] as const;

describe('the cases exist as the tests name them', () => {
  it.each(CASES)('$id ($kind)', async ({ id }) => {
    expect((await get(`/decisions/${enc(id)}?full_text=false`)).statusCode).toBe(200);
  });
});

describe('GET /decisions/{id}/export.docx', () => {
  it.each(CASES)(
    '$kind: title, the three citation strings, every Erwägung number and the Regeste read back from Word',
    async ({ id, prefix }) => {
      const want = await expected(id);
      const res = await get(`/decisions/${enc(id)}/export.docx`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const text = flat(await docxText(res.rawPayload));
      expect(text).toContain(flat(want.title));
      for (const c of want.citations) expect(text).toContain(c);
      expect(text).toContain(want.canonical);
      expect(text).toContain(want.docket);
      if (want.regeste) expect(text).toContain(flat(want.regeste));
      for (const n of want.numbers) expect(text).toContain(`${prefix} ${n} `);
    },
  );

  it('keeps umlauts, accents, guillemets, quotes, dashes and § intact', async () => {
    const text = await docxText((await get('/decisions/bger_5A_321_2024/export.docx')).rawPayload);
    expect(text).toContain(`Droit de la famille – « entretien » ${UNICODE}`);
    expect(text).toContain(`convention « sur l’entretien » – § 3 ${UNICODE}.`);
    expect(text).toContain('& 100 % # _ { } $ ~ ^ \\');
  });

  it('lays the body out as facts, numbered Erwägungen and Dispositiv, in document order', async () => {
    const text = await docxText((await get('/decisions/bger_5A_321_2024/export.docx')).rawPayload);
    const order = [
      'Faits',
      'Considérants',
      'consid. 1',
      'consid. 2',
      'consid. 2.1',
      'consid. 2.2',
      'consid. 3',
      'Dispositif',
    ].map((h) => text.split('\n').findIndex((line) => line.trim() === h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('GET /decisions/{id}/export.pdf', () => {
  it.each(CASES)('$kind: the same content read back from the PDF', async ({ id, prefix }) => {
    const want = await expected(id);
    const res = await get(`/decisions/${enc(id)}/export.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const read = await pdfRead(res.rawPayload);
    const text = flat(read.pageTexts.join(' '));
    expect(text).toContain(flat(want.title));
    for (const c of want.citations) expect(text).toContain(c);
    expect(text).toContain(want.docket);
    if (want.regeste) expect(text).toContain(flat(want.regeste));
    for (const n of want.numbers) expect(text).toContain(`${prefix} ${n} `);
  });

  it('is A4 in an embedded serif font, with page numbers and document information', async () => {
    const read = await pdfRead((await get('/decisions/bger_5A_321_2024/export.pdf')).rawPayload);
    expect(read.size[0]).toBeCloseTo(595.28, 1);
    expect(read.size[1]).toBeCloseTo(841.89, 1);
    expect(read.fonts.length).toBeGreaterThan(0);
    for (const f of read.fonts)
      expect(f).toMatchObject({
        name: expect.stringMatching(/^[A-Z]{6}\+DejaVuSerif(-Bold)?$/),
        embedded: true,
      });
    const text = read.pageTexts.join(' ');
    expect(text).toContain(`Droit de la famille – « entretien » ${UNICODE}`);
    expect(flat(text)).toContain(flat(`convention « sur l’entretien » – § 3 ${UNICODE}.`));
    read.pageTexts.forEach((page, i) => expect(flat(page)).toContain(`${i + 1} / ${read.pages}`));
    expect(read.info).toMatchObject({
      Author: 'Tribunal fédéral',
      Title: expect.stringContaining('5A_321/2024'),
    });
  });

  it('breaks a long decision over numbered pages', async () => {
    const long = makeDecision({
      court: 'bger',
      docket_number: '9C_999/2023',
      language: 'de',
      full_text: Array.from(
        { length: 60 },
        (_, i) =>
          `${i + 1}. ${'Die Beschwerdeführerin rügt eine Verletzung von Art. 29 Abs. 2 BV (rechtliches Gehör). '.repeat(6)}`,
      ).join('\n\n'),
    });
    const own = await loadReadModels([decisionEvent(long)]);
    const ownApp = await appOver(own);
    try {
      const read = await pdfRead((await ownApp.inject(`/decisions/bger_9C_999_2023/export.pdf`)).rawPayload);
      expect(read.pages).toBeGreaterThan(5);
      expect(flat(read.pageTexts.at(-1)!)).toContain(`${read.pages} / ${read.pages}`);
      const all = flat(read.pageTexts.join(' '));
      for (let i = 1; i <= 60; i++) expect(all).toContain(`E. ${i} `);
    } finally {
      await ownApp.close();
      await own.handle.close();
    }
  });
});

describe('GET /decisions/{id}/export.bib', () => {
  it.each(CASES)('$kind: one @misc entry a BibTeX parser reads back', async ({ id }) => {
    const want = await expected(id);
    const res = await get(`/decisions/${enc(id)}/export.bib`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    const items = cslOf(res.body, '@biblatex/text');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item['id']).toBe(id);
    expect(item['title']).toBe(want.title);
    expect(item['URL']).toBe(want.canonical);
    expect(item['note']).toBe(want.docket);
    const [author] = item['author'] as { literal?: string; family?: string }[];
    expect((author!.literal ?? author!.family)!.length).toBeGreaterThan(3);
  });

  it('escapes BibTeX specials and keeps Unicode', async () => {
    const res = await get('/decisions/bger_5A_321_2024/export.bib');
    const [item] = cslOf(res.body, '@biblatex/text');
    expect(item!['title']).toBe(`Droit de la famille – « entretien » ${UNICODE}`);
    expect(item!['issued']).toEqual({ 'date-parts': [[2024, 9, 3]] });
    // A corporate author in double braces: one name, never split into first and last names.
    expect(item!['author']).toEqual([{ family: 'Tribunal fédéral' }]);
    expect(item!['note']).toBe('5A_321/2024');
  });
});

describe('GET /decisions/{id}/export.ris', () => {
  it.each(CASES)('$kind: a CASE record an RIS parser reads back', async ({ id }) => {
    const want = await expected(id);
    const res = await get(`/decisions/${enc(id)}/export.ris`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    const items = cslOf(res.body, '@ris/file');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item['type']).toBe('legal_case');
    expect(item['title']).toBe(want.title);
    expect(item['URL']).toBe(want.canonical);
    expect(item['id']).toBe(id);
    expect(item['language']).toBe(want.language);
    const [record] = risRecords(res.body);
    expect(record).toMatchObject({
      TY: 'CASE',
      AN: want.docket,
      ID: id,
      LA: want.language,
      UR: want.canonical,
    });
    expect((record!['AU'] as string).length).toBeGreaterThan(3);
    expect(record!['N1']).toBe(want.citations.join('; '));
    if (want.regeste) expect(item['abstract']).toBe(flat(want.regeste).slice(0, 2000));
  });

  it('cuts the abstract at 2,000 characters and keeps Unicode', async () => {
    const long = makeDecision({
      court: 'zh_obergericht',
      docket_number: 'LB240001',
      regeste: `${'Überlange Regeste « ß » – '.repeat(120)}Ende`,
      full_text: '1. Text.',
    });
    const own = await loadReadModels([decisionEvent(long)]);
    const ownApp = await appOver(own);
    try {
      const [item] = cslOf(
        (await ownApp.inject('/decisions/zh_obergericht_LB240001/export.ris')).body,
        '@ris/file',
      );
      expect((item!['abstract'] as string).length).toBeLessThanOrEqual(2000);
      expect((item!['abstract'] as string).length).toBeGreaterThan(1980);
      expect(item!['abstract']).toMatch(/^Überlange Regeste « ß » – /);
    } finally {
      await ownApp.close();
      await own.handle.close();
    }
  });
});

describe('downloads', () => {
  it.each(['docx', 'pdf', 'bib', 'ris'])(
    '.%s is an attachment with an ASCII filename and an RFC 5987 filename*',
    async (ext) => {
      const res = await get(`/decisions/bger_5A_321_2024/export.${ext}`);
      const header = res.headers['content-disposition'] as string;
      expect(header).toMatch(
        /^attachment; filename="?bger_5A_321_2024\.[a-z]+"?; filename\*=UTF-8''bger_5A_321_2024\.[a-z]+$/,
      );
      const parsed = parseDisposition(header);
      expect(parsed.type).toBe('attachment');
      expect({ ...parsed.parameters }).toEqual({
        filename: `bger_5A_321_2024.${ext}`,
        'filename*': `UTF-8''bger_5A_321_2024.${ext}`,
      });
    },
  );

  it('resolves a docket number or BGE reference to the canonical id', async () => {
    for (const [ref, id] of [
      [enc('BGE 140 III 86'), 'bge_BGE_140_III_86'],
      [enc('4A_714/2014'), 'bger_4A_714_2014'],
      ['4A_714/2014', 'bger_4A_714_2014'],
      [enc('ATF 140 III 96'), 'bge_BGE_140_III_96'],
    ] as const) {
      const res = await get(`/decisions/${ref}/export.bib`);
      expect(res.statusCode, ref).toBe(200);
      expect(cslOf(res.body, '@biblatex/text')[0]!['id']).toBe(id);
      expect(res.headers['content-location']).toBe(`/decisions/${id}/export.bib`);
    }
  });
});

describe('fallback to plain text', () => {
  it.each(['docx', 'pdf'] as const)(
    'when the %s renderer fails, the same content comes as text/plain .txt',
    async (format) => {
      const failing = await appOver(loaded, {
        exportRenderers: { [format]: () => Promise.reject(new Error('renderer unavailable')) },
      });
      try {
        const want = await expected('bger_5A_321_2024');
        const res = await failing.inject(`/decisions/bger_5A_321_2024/export.${format}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(parseDisposition(res.headers['content-disposition'] as string).parameters['filename']).toBe(
          'bger_5A_321_2024.txt',
        );
        expect(res.headers['x-export-fallback']).toMatch(new RegExp(`${format} renderer unavailable`));
        const text = res.body;
        for (const c of want.citations) expect(text).toContain(c);
        for (const n of want.numbers) expect(text).toContain(`consid. ${n}\n`);
        expect(text).toContain(`Droit de la famille – « entretien » ${UNICODE}`);
      } finally {
        await failing.close();
      }
    },
  );
});

describe('errors', () => {
  it('an unknown decision is a 404 with a JSON body naming the reference', async () => {
    for (const ext of ['docx', 'pdf', 'bib', 'ris']) {
      const res = await get(`/decisions/bger_9Z_1_1900/export.${ext}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: "No decision with id, docket number or reference 'bger_9Z_1_1900'",
        code: 'API_NOT_FOUND',
      });
    }
  });

  it('an unknown export format says which formats exist', async () => {
    const res = await get('/decisions/bger_5A_321_2024/export.doc');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/docx, pdf, bib, ris/);
  });

  it('hostile ids never give a 5xx', async () => {
    const ids = [
      ...HOSTILE_STRINGS.map(encodeLoosely),
      '%00',
      'a%00b',
      '..%2F..%2Fetc%2Fpasswd',
      '../../etc/passwd',
      'x'.repeat(10_000),
    ];
    for (const id of ids) {
      for (const ext of ['docx', 'pdf', 'bib', 'ris']) {
        const res = await get(`/decisions/${id}/export.${ext}`);
        expect(res.statusCode, `${id.slice(0, 40)} .${ext}`).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/json/);
      }
    }
  });
});

describe('canonical URLs', () => {
  it('point to the public base', async () => {
    const [item] = cslOf((await get('/decisions/bge_BGE_140_III_86/export.bib')).body, '@biblatex/text');
    expect(item!['URL']).toBe(`${TEST_PUBLIC_BASE}/entscheid/bge_BGE_140_III_86`);
  });
});

describe('OpenAPI', () => {
  it('lists the four exports and the Atom feed with their media types', async () => {
    const doc = (await get('/openapi.json')).json();
    const media = (path: string) => Object.keys(doc.paths[path].get.responses['200'].content);
    expect(media('/decisions/{decision_id}/export.docx')).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
    ]);
    expect(media('/decisions/{decision_id}/export.pdf')).toEqual(['application/pdf', 'text/plain']);
    expect(media('/decisions/{decision_id}/export.bib')).toEqual(['application/x-bibtex']);
    expect(media('/decisions/{decision_id}/export.ris')).toEqual(['application/x-research-info-systems']);
    expect(media('/atom/{court}.xml')).toEqual(['application/atom+xml']);
    expect(
      doc.paths['/decisions/{decision_id}/export.pdf'].get.responses['200'].content['application/pdf'].schema,
    ).toEqual({
      type: 'string',
      format: 'binary',
    });
  });
});

describe('CORS', () => {
  it('lets a browser read the file name of a download and the ETag of a feed', async () => {
    const res = await get('/decisions/bger_5A_321_2024/export.pdf', { origin: 'https://app.example.org' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['content-disposition', 'x-export-fallback', 'etag']));
  });
});
