import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BgerListError, docIdOf, isoFromDotted, parseBgerList } from './bger-list.parser.ts';

const OWN = join(import.meta.dirname, '../../../test/fixtures/bger');
const REAL = join(import.meta.dirname, '../../../../shared/fixtures/bger/neuheiten-2026-07-02.html');
/** The site serves its pages in ISO-8859-1, as the fixtures would arrive. */
const latin1 = (path: string) => new TextDecoder('windows-1252').decode(readFileSync(path));

describe('Neuheiten list parser: the real page of 2 July 2026', () => {
  const present = existsSync(REAL);
  if (!present) console.log(`skipped: the real Neuheiten sample is not at ${REAL}`);
  it.skipIf(!present)('reads its 42 decisions with dates, dockets, legal areas, subjects and * marks', () => {
    const list = parseBgerList(latin1(REAL));
    expect(list.listDate).toBe('2026-07-02');
    expect(list.problems).toEqual([]);
    expect(list.entries).toHaveLength(42);
    expect(list.entries[0]).toEqual({
      docId: 'aza://29-04-2026-4A_528-2025',
      docket: '4A_528/2025',
      decisionDate: '2026-04-29',
      legalArea: 'Vertragsrecht',
      subject: 'Aktienkaufvertrag; Feststellungsklage; Vertragsauslegung',
      forPublication: false,
      href: 'https://search.bger.ch/ext/eurospider/live/de/php/aza/http/index.php?highlight_docid=aza://29-04-2026-4A_528-2025&lang=de&zoom=&type=show_document',
    });
    expect(list.entries.filter((e) => e.forPublication).map((e) => [e.docket, e.legalArea])).toEqual([
      ['1C_146/2025', 'Procédure pénale'],
      ['6B_359/2024', 'Straftaten'],
      ['4A_481/2025', 'Droit des contrats'],
      ['6B_200/2026', 'Strafrecht (allgemein)'],
    ]);
    expect(list.entries.at(-1)).toMatchObject({ docket: '1G_1/2026', decisionDate: '2026-06-25' });
    expect(list.entries.map((e) => e.subject).every((s) => s !== null && !s.endsWith(','))).toBe(true);
  });
});

describe('Neuheiten list parser: de, fr and it pages in the site layout', () => {
  it.each([
    {
      file: 'list-de.html',
      listDate: '2026-07-02',
      entries: [
        [
          '6B_412/2026',
          '2026-06-05',
          'Strafrecht (allgemein)',
          true,
          'Mehrfache Sachbeschädigung; Strafzumessung',
        ],
        ['4A_233/2026', '2026-06-10', 'Droit des contrats', false, 'Contrat de bail; résiliation'],
        ['2C_118/2026', '2026-06-12', 'Diritto tributario', false, 'Imposta federale diretta'],
        [
          '8C_77/2026',
          '2026-06-15',
          'Unfallversicherung',
          false,
          'Unfallversicherung (Kausalzusammenhang; Einstellung der Leistungen)',
        ],
        ['9C_12/2026', '2026-06-16', 'Krankenversicherung', false, 'Krankenversicherung (Leistungspflicht)'],
        ['1C_300/2026', '2026-06-17', 'Raumplanung und öffentliches Baurecht', false, 'Baubewilligung'],
      ],
    },
    {
      file: 'list-fr.html',
      listDate: '2026-07-03',
      entries: [
        [
          '5A_10/2026',
          '2026-06-22',
          'Droit de la famille',
          true,
          "Mesures protectrices de l'union conjugale; contribution d'entretien",
        ],
        ['7B_20/2026', '2026-06-24', 'Procédure pénale', false, 'Détention provisoire'],
      ],
    },
    {
      file: 'list-it.html',
      listDate: '2026-07-06',
      entries: [
        ['2C_5/2026', '2026-06-25', 'Diritto pubblico', false, 'Permesso di dimora UE/AELS'],
        ['6B_6/2026', '2026-06-26', 'Diritto penale', true, 'Truffa; commisurazione della pena'],
      ],
    },
  ])('$file', ({ file, listDate, entries }) => {
    const list = parseBgerList(readFileSync(join(OWN, file), 'utf8'));
    expect(list.listDate).toBe(listDate);
    expect(list.problems).toEqual([]);
    expect(
      list.entries.map((e) => [e.docket, e.decisionDate, e.legalArea, e.forPublication, e.subject]),
    ).toEqual(entries);
    for (const e of list.entries)
      expect(e.docId).toBe(
        `aza://${e.decisionDate.split('-').reverse().join('-')}-${e.docket.replace('/', '-')}`,
      );
  });
});

const table = (rows: string) =>
  `<html><body><P>Liste der am&nbsp;<b>04.07.2026</b>&nbsp;neu aufgenommenen Entscheide</P><TABLE>${rows}</TABLE></body></html>`;
const link = (docId: string, text: string) =>
  `<A HREF="/ext/eurospider/live/de/php/aza/http/index.php?highlight_docid=${docId}&amp;lang=de&amp;type=show_document">${text}</A>`;

describe('Neuheiten list parser: edge cases', () => {
  it.each([
    [
      'a day without decisions',
      table('<TR><TH>Entscheiddat.</TH></TR>'),
      { listDate: '2026-07-04', entries: 0, problems: 0 },
    ],
    [
      'an old dotted docket, date only in the decision id',
      table(
        `<TR><TD></TD><TD></TD><TD>${link('aza://11-09-2006-4C-168-2006', '4C.168/2006')}</TD><TD></TD><TD><CITE>Obligationenrecht</CITE></TD></TR>`,
      ),
      { listDate: '2026-07-04', entries: 1, problems: 0 },
    ],
    [
      'a docket written with a space',
      table(
        `<TR><TD></TD><TD>01.07.2026</TD><TD>${link('aza://01-07-2026-6B_1-2026', '6B 1/2026')}</TD><TD></TD><TD><CITE>Strafrecht</CITE></TD></TR>`,
      ),
      { listDate: '2026-07-04', entries: 1, problems: 0 },
    ],
    [
      'a linked row without a docket',
      table(
        `<TR><TD></TD><TD>01.07.2026</TD><TD>${link('aza://01-07-2026-6B_2-2026', 'Dokument')}</TD></TR>`,
      ),
      { listDate: '2026-07-04', entries: 0, problems: 1 },
    ],
  ])('%s', (_name, html, expected) => {
    const list = parseBgerList(html);
    expect({ listDate: list.listDate, entries: list.entries.length, problems: list.problems.length }).toEqual(
      expected,
    );
  });

  it('keeps the docket as written and the date of the decision id', () => {
    const [entry] = parseBgerList(
      table(
        `<TR><TD></TD><TD></TD><TD>${link('aza://11-09-2006-4C-168-2006', '4C.168/2006')}</TD><TD></TD><TD><CITE>Obligationenrecht</CITE></TD></TR>`,
      ),
    ).entries;
    expect(entry).toMatchObject({
      docket: '4C.168/2006',
      decisionDate: '2006-09-11',
      legalArea: 'Obligationenrecht',
      subject: null,
    });
    const [spaced] = parseBgerList(
      table(
        `<TR><TD></TD><TD>01.07.2026</TD><TD>${link('aza://01-07-2026-6B_1-2026', '6B 1/2026')}</TD><TD></TD><TD><CITE>Strafrecht</CITE></TD></TR>`,
      ),
    ).entries;
    expect(spaced?.docket).toBe('6B_1/2026');
  });

  it.each([
    ['a bot check page', '<html><body><h1>Checking your browser</h1><script>pow()</script></body></html>'],
    ['an error page', '<html><body><p>Service temporarily unavailable</p></body></html>'],
    ['an empty body', ''],
    [
      'a truncated page',
      '<html><body><font color="black"><h1>Neue Entscheide</h1></font><TABLE width="600"><TR><TD>',
    ],
  ])('refuses %s', (_name, html) => {
    expect(() => parseBgerList(html)).toThrow(BgerListError);
  });

  it.each([
    ['29.04.2026', '2026-04-29'],
    ['1.7.2026', '2026-07-01'],
    ['31.02.2026', null],
    ['2026-04-29', null],
  ])('reads the dotted date %s', (text, iso) => {
    expect(isoFromDotted(text)).toBe(iso);
  });

  it.each([
    [
      'https://search.bger.ch/ext/eurospider/live/de/php/aza/http/index.php?highlight_docid=aza://29-04-2026-4A_528-2025&lang=de',
      'aza://29-04-2026-4A_528-2025',
    ],
    [
      '/ext/eurospider/live/fr/php/aza/http/index.php?highlight_docid=aza%3A%2F%2F04-11-2019-4A_138-2019&lang=fr',
      'aza://04-11-2019-4A_138-2019',
    ],
    ['/ext/eurospider/live/de/php/clir/http/index.php?highlight_docid=atf%3A%2F%2F148-IV-356%3Ade', null],
    [
      'https://search.bger.ch/ext/eurospider/live/de/php/aza/http/index_aza.php?date=20260701&lang=de&mode=news',
      null,
    ],
  ])('reads the decision id of %s', (href, id) => {
    expect(docIdOf(href)).toBe(id);
  });
});
