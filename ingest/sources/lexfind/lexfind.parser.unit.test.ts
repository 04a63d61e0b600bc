import { describe, expect, it } from 'vitest';
import { CantonalTextError, parseCantonalText } from './cantonal-portal.parser.ts';
import {
  entityIdOf,
  jurisdictionOfEntity,
  parseCatalogueEntry,
  readCatalogueFile,
  swissDateToIso,
} from './lexfind.parser.ts';

const entry = {
  id: 20001,
  systematic_number: '211.1',
  title: 'Gesetz über die Gerichts- und Behördenorganisation im Zivil- und Strafprozess',
  abbreviation: '(GOG)',
  is_active: true,
  version_active_since: '01.01.2024',
  entity: { id: 1, abbreviation: 'ZH' },
  original_url: 'https://portal.test/211.1.html',
  url: 'https://www.lexfind.ch/fe/de/tol/20001/de',
  keywords: [' Gerichte ', ''],
  versions: [
    {
      version_active_since: '01.01.2011',
      version_inactive_since: '31.12.2023',
      original_url: 'https://portal.test/211.1-2011.html',
    },
    { version_active_since: '01.01.2024', original_url: 'https://portal.test/211.1.html' },
  ],
  amendments: [{ reference: 'AS 2010 1739', url: 'https://fedlex.data.admin.ch/eli/oc/2010/232' }],
};

describe('LexFind catalogue parser', () => {
  it.each([
    ['01.01.2024', '2024-01-01'],
    ['1.7.2023', '2023-07-01'],
    ['29.02.2024', '2024-02-29'],
  ])('reads %s as %s', (swiss, iso) => expect(swissDateToIso(swiss)).toBe(iso));

  it.each(['31.02.2020', '2020-01-01', '1.13.2020', 'gestern'])('rejects the date %j', (value) =>
    expect(swissDateToIso(value)).toBeUndefined(),
  );

  it('maps entities: cantons in the constitution order, CH = 27; the abbreviation wins over the id', () => {
    expect(entityIdOf('ZH')).toBe(1);
    expect(entityIdOf('GE')).toBe(25);
    expect(entityIdOf('JU')).toBe(26);
    expect(entityIdOf('CH')).toBe(27);
    expect(jurisdictionOfEntity({ id: 99, abbreviation: 'ti' })).toBe('TI');
    expect(jurisdictionOfEntity({ id: 21, abbreviation: '??' })).toBe('TI');
    expect(jurisdictionOfEntity({ id: 99, abbreviation: '??' })).toBeUndefined();
  });

  it('reads an entry: ISO dates, versions newest first, abbreviation without parentheses, amendments as gazette refs', () => {
    const parsed = parseCatalogueEntry(entry, 'de');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.entry).toMatchObject({
      catalog_id: 20001,
      jurisdiction: 'ZH',
      language: 'de',
      systematic_number: '211.1',
      abbreviation: 'GOG',
      is_active: true,
      version_active_since: '2024-01-01',
      inactive_since: null,
      keywords: ['Gerichte'],
      versions: [
        { active_since: '2024-01-01', active_until: null, original_url: 'https://portal.test/211.1.html' },
        {
          active_since: '2011-01-01',
          active_until: '2023-12-31',
          original_url: 'https://portal.test/211.1-2011.html',
        },
      ],
      gazette_refs: [{ ref_type: 'AS', year: 2010, page: 1739, eli: 'eli/oc/2010/232', language: 'de' }],
    });
    // In a French file the same reference is written RO.
    const fr = parseCatalogueEntry(entry, 'fr');
    expect(fr.ok && fr.entry.gazette_refs[0]!.ref_type).toBe('RO');
  });

  it.each([
    ['without an id', { ...entry, id: undefined }],
    ['with an impossible date', { ...entry, version_active_since: '31.02.2020' }],
    ['with an impossible version date', { ...entry, versions: [{ version_active_since: '00.01.2020' }] }],
    ['with an unknown entity', { ...entry, entity: { id: 99, abbreviation: 'XX' } }],
    ['that is not an object', 'oops'],
  ])('reports an entry %s, naming the problem', (_what, raw) => {
    const parsed = parseCatalogueEntry(raw, 'de');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(5);
  });

  it('reads a catalogue file and rejects other JSON', () => {
    expect(
      readCatalogueFile({ entity: { id: 27, abbreviation: 'CH' }, language: 'it', texts_of_law: [1, 2] }),
    ).toEqual({ jurisdiction: 'CH', language: 'it', entries: [1, 2] });
    expect(() => readCatalogueFile({ texts: [] })).toThrow(/not a LexFind catalogue file/);
  });
});

const page = `<!DOCTYPE html><html lang="de"><body><div class="law" data-systematic-number="211.1">
<h1 class="title">Gesetz über die Gerichtsorganisation</h1><p class="abbreviation">(GOG)</p><p class="version">Stand: 1. Januar 2024</p>
<section class="division" id="abschnitt-1"><h2><span class="num">1. Abschnitt</span> <span class="heading">Allgemeine Bestimmungen</span></h2>
 <section class="division" id="abschnitt-1-a"><h2><span class="num">A.</span> <span class="heading">Gerichte</span></h2>
  <article class="article" id="par-1"><h3><span class="num">§ 1</span> <span class="heading">Geltungsbereich</span></h3>
   <p class="paragraph"><sup>1</sup> Dieses Gesetz gilt für <b>alle</b> Gerichte.</p>
   <p class="paragraph"><sup>2</sup> Vorbehalten bleiben:</p><ol><li><span class="num">a.</span> das Bundesrecht;</li><li><span class="num">b.</span> Staatsverträge.</li></ol>
  </article>
 </section>
 <article class="article" id="par-3a"><h3><span class="num">§ 3 a</span> <span class="heading">Neu</span></h3><p class="paragraph">Eingefügt &amp; gültig.</p></article>
 <article class="article" id="x"><h3><span class="num">Anhang</span></h3></article>
</section></div></body></html>`;

describe('cantonal portal parser', () => {
  it('reads title, state, divisions and § articles with paragraphs and lists', () => {
    const text = parseCantonalText(page);
    expect(text).toMatchObject({
      title: 'Gesetz über die Gerichtsorganisation',
      abbreviation: 'GOG',
      systematic_number: '211.1',
      consolidation_date: '2024-01-01',
    });
    expect(text.blocks).toEqual([
      {
        id: 'abschnitt-1',
        kind: 'division',
        num: '1. Abschnitt',
        heading: 'Allgemeine Bestimmungen',
        parent: null,
      },
      { id: 'abschnitt-1-a', kind: 'division', num: 'A.', heading: 'Gerichte', parent: 'abschnitt-1' },
    ]);
    expect(text.articles).toEqual([
      {
        article_num: '1',
        eid: 'par-1',
        heading: 'Geltungsbereich',
        text: '1 Dieses Gesetz gilt für alle Gerichte.\n2 Vorbehalten bleiben:\na. das Bundesrecht;\nb. Staatsverträge.',
        block: 'abschnitt-1-a',
      },
      { article_num: '3a', eid: 'par-3a', heading: 'Neu', text: 'Eingefügt & gültig.', block: 'abschnitt-1' },
    ]);
  });

  it('reads the French and Italian state lines', () => {
    const fr = page.replace('Stand: 1. Januar 2024', 'État au 1er juillet 2024');
    const it_ = page.replace('Stand: 1. Januar 2024', 'Stato al 1° marzo 2021');
    expect(parseCantonalText(fr).consolidation_date).toBe('2024-07-01');
    expect(parseCantonalText(it_).consolidation_date).toBe('2021-03-01');
  });

  it('rejects pages of another layout or without articles', () => {
    expect(() => parseCantonalText('<html><body><p>Wartungsarbeiten</p></body></html>')).toThrow(
      CantonalTextError,
    );
    expect(() => parseCantonalText('<div class="law"><h1 class="title">Leer</h1></div>')).toThrow(
      /no articles/,
    );
  });
});
