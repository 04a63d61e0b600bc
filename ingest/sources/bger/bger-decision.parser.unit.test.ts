import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { segmentDecision } from '../../../contracts/structure/segment-decision.ts';
import { SourceItemError } from '../../source.port.ts';
import { parseEntscheidsucheItem } from '../entscheidsuche/entscheidsuche.parser.ts';
import { bgerPageParagraphs, parseBgerDecision } from './bger-decision.parser.ts';
import type { BgerListEntry } from './bger-list.parser.ts';

const OWN = join(import.meta.dirname, '../../../test/fixtures/bger');
const page = (file: string) => readFileSync(join(OWN, file), 'utf8');
const SCRAPED = '2026-07-02T22:00:00.000Z';

const entry = (docket: string, decisionDate: string, forPublication = false): BgerListEntry => {
  const [y, m, d] = decisionDate.split('-');
  const docId = `aza://${d}-${m}-${y}-${docket.replace('/', '-')}`;
  return {
    docId,
    docket,
    decisionDate,
    legalArea: null,
    subject: null,
    forPublication,
    href: `https://search.bger.ch/ext/eurospider/live/de/php/aza/http/index.php?highlight_docid=${docId}`,
  };
};
const ctx = (e: BgerListEntry) => ({
  itemId: `${e.docId}#test`,
  sourceName: 'bger',
  scrapedAt: SCRAPED,
  url: e.href,
  listDate: '2026-07-02',
});

describe('Federal Supreme Court decision page parser (de, fr, it)', () => {
  it.each([
    {
      file: 'decision-de.html',
      entry: entry('6B_412/2026', '2026-06-05', true),
      expected: {
        decision_id: 'bger_6B_412_2026',
        chamber: 'I. strafrechtliche Abteilung',
        decision_type: 'Urteil',
        language: 'de',
        title: 'Mehrfache Sachbeschädigung; Strafzumessung (zur Publikation vorgesehen)',
      },
      erwaegungen: ['1', '1.1', '1.2', '2', '3'],
      quote: 'BGE 148 IV 356 E. 2.1',
      operative: /^Demnach erkennt das Bundesgericht:/,
    },
    {
      file: 'decision-fr.html',
      entry: entry('4A_233/2026', '2026-06-10'),
      expected: {
        decision_id: 'bger_4A_233_2026',
        chamber: 'Ire Cour de droit civil',
        decision_type: 'Arrêt',
        language: 'fr',
        title: 'contrat de bail; résiliation',
      },
      erwaegungen: ['1', '2', '2.1', '2.2', '3'],
      quote: 'ATF 145 III 143 consid. 3.1',
      operative: /^Par ces motifs, le Tribunal fédéral prononce :/,
    },
    {
      file: 'decision-it.html',
      entry: entry('2C_118/2026', '2026-06-12'),
      expected: {
        decision_id: 'bger_2C_118_2026',
        chamber: 'II Corte di diritto pubblico',
        decision_type: 'Sentenza',
        language: 'it',
        title: 'Imposta federale diretta 2022',
      },
      erwaegungen: ['1', '2', '2.1', '2.2', '3'],
      quote: 'DTF 147 II 44 consid. 4',
      operative: /^Per questi motivi, il Tribunale federale pronuncia:/,
    },
  ])('$file', ({ file, entry: e, expected, erwaegungen, quote, operative }) => {
    const d = parseBgerDecision(page(file), e, ctx(e));
    expect(d).toMatchObject({
      ...expected,
      court: 'bger',
      canton: 'CH',
      docket_number: e.docket,
      decision_date: e.decisionDate,
      publication_date: '2026-07-02',
      regeste: null,
      source_url: e.href,
      source_record: { court_code: null, court_known: true, disagreements: [] },
      provenance: { source: 'bger', source_item_id: `${e.docId}#test`, scraped_at: SCRAPED },
    });
    expect(d.provenance.content_hash).toMatch(/^[0-9a-f]{64}$/);
    // Only the decision: not the site's navigation, inline links flattened.
    expect(d.full_text.startsWith('Bundesgericht\n\nTribunal fédéral\n\nTribunale federale')).toBe(true);
    expect(d.full_text).not.toMatch(/Navigation|Druckversion|Geschäftsbedingungen/);
    expect(d.full_text).toContain(quote);
    const s = segmentDecision({ fullText: d.full_text, language: d.language, regeste: d.regeste });
    expect(s.structured).toBe(true);
    expect(s.facts).toMatch(/^A\./);
    expect(s.erwaegungen.map((x) => x.number)).toEqual(erwaegungen);
    expect(s.operative).toMatch(operative);
  });

  it('keeps what the header states where the list says otherwise, and notes the disagreement', () => {
    const e = entry('6B_412/2026', '2026-06-04');
    const d = parseBgerDecision(page('decision-de.html'), e, ctx(e));
    expect(d.decision_date).toBe('2026-06-05');
    expect(d.source_record?.disagreements).toEqual([
      { field: 'decision_date', record: '2026-06-04', text: '2026-06-05' },
    ]);
  });

  it('the same content gives the same hash; a publication mark changes it', () => {
    const e = entry('4A_233/2026', '2026-06-10');
    const a = parseBgerDecision(page('decision-fr.html'), e, ctx(e));
    const b = parseBgerDecision(page('decision-fr.html'), e, {
      ...ctx(e),
      scrapedAt: '2026-07-03T22:00:00.000Z',
    });
    const marked = parseBgerDecision(page('decision-fr.html'), { ...e, forPublication: true }, ctx(e));
    expect(b.provenance.content_hash).toBe(a.provenance.content_hash);
    expect(marked.title).toBe('contrat de bail; résiliation (destiné à la publication)');
    expect(marked.provenance.content_hash).not.toBe(a.provenance.content_hash);
  });

  it.each([
    ['a bot check page', '<html><body><h1>Checking your browser</h1></body></html>', /no decision text/],
    [
      'an empty decision frame',
      '<div id="highlight_content"><div class="content"><div class="para">&nbsp;</div></div></div>',
      /no decision text/,
    ],
    [
      'another decision',
      '<div id="highlight_content"><div class="content"><div class="para">Bundesgericht</div><div class="para">5A_1/2026</div><div class="para">Urteil vom 1. Juli 2026</div></div></div>',
      /does not state the listed docket/,
    ],
  ])('refuses %s', (_name, html, message) => {
    const e = entry('6B_412/2026', '2026-06-05');
    expect(() => parseBgerDecision(html, e, ctx(e))).toThrow(SourceItemError);
    expect(() => parseBgerDecision(html, e, ctx(e))).toThrow(message);
  });

  it('falls back to the chamber of the docket when the header names none', () => {
    const html =
      '<div id="highlight_content"><div class="content"><div class="para">5A_7/2026</div><div class="para">Urteil vom 1. Juli 2026</div><div class="para">Erwägungen:</div><div class="para">1.</div><div class="para">Die Beschwerde ist abzuweisen, weil sie nicht begründet ist und der Entscheid der Vorinstanz dem Gesetz entspricht.</div></div></div>';
    const e = entry('5A_7/2026', '2026-07-01');
    expect(parseBgerDecision(html, e, ctx(e)).chamber).toBe('II. zivilrechtliche Abteilung');
  });
});

const ES = join(import.meta.dirname, '../../../../shared/fixtures/entscheidsuche/docs/CH_BGer');
const ES_FILE = 'CH_BGer_005_5A-459-2025_2025-06-17';

describe('one decision from both sources', () => {
  const present = existsSync(join(ES, `${ES_FILE}.json`));
  if (!present) console.log(`skipped: the entscheidsuche sample of 5A_459/2025 is not at ${ES}`);
  it.skipIf(!present)(
    '5A_459/2025 from the court site and from entscheidsuche: same id, court, chamber, docket, date',
    () => {
      const json: unknown = JSON.parse(readFileSync(join(ES, `${ES_FILE}.json`), 'utf8'));
      const esHtml = readFileSync(join(ES, `${ES_FILE}.html`), 'utf8');
      const fromPortal = parseEntscheidsucheItem(json, esHtml, {
        itemId: `CH_BGer/${ES_FILE}.json`,
        sourceName: 'entscheidsuche',
        scrapedAt: SCRAPED,
      });
      // The same text as the court's own page lays it out: one div.para per paragraph.
      const paragraphs = bgerPageParagraphs(
        esHtml
          .replace(/<(\/?)p>/g, '<$1div class="para">')
          .replace('<body>', '<body><div id="highlight_content"><div class="content">'),
      );
      expect(paragraphs).not.toBeNull();
      const courtPage = `<html><body><div id="highlight_content"><div class="content">${paragraphs!
        .map(
          (p) =>
            `<div class="para">${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')} </div><div class="para">&nbsp;</div>`,
        )
        .join('\n')}</div></div></body></html>`;
      const e = entry('5A_459/2025', '2025-06-17');
      const fromCourt = parseBgerDecision(courtPage, e, ctx(e));
      const key = (d: typeof fromCourt) => ({
        decision_id: d.decision_id,
        court: d.court,
        canton: d.canton,
        chamber: d.chamber,
        docket_number: d.docket_number,
        decision_date: d.decision_date,
        language: d.language,
        decision_type: d.decision_type,
        title: d.title,
      });
      expect(key(fromCourt)).toEqual(key(fromPortal));
      expect(key(fromCourt)).toMatchObject({
        decision_id: 'bger_5A_459_2025',
        court: 'bger',
        chamber: 'II. zivilrechtliche Abteilung',
        docket_number: '5A_459/2025',
        decision_date: '2025-06-17',
      });
      expect(fromCourt.full_text).toBe(fromPortal.full_text);
      expect(fromCourt.provenance.source).toBe('bger');
      expect(fromPortal.provenance.source).toBe('entscheidsuche');
    },
  );
});
