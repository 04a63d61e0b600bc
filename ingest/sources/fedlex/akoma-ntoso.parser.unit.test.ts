import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AkomaNtosoError, parseAkomaNtoso, statedConsolidationDate } from './akoma-ntoso.parser.ts';
import { XmlSyntaxError } from './xml-tree.ts';

const FIXTURE = fileURLToPath(
  new URL('../../../../shared/fixtures/fedlex/SR-901.021-20080101-de.xml', import.meta.url),
);
const hasFixture = existsSync(FIXTURE);
if (!hasFixture)
  process.stderr.write(`Akoma Ntoso fixture tests skipped: ${FIXTURE} is missing (it exists in CI)\n`);

describe.skipIf(!hasFixture)(
  'Akoma Ntoso parser on the real Fedlex file (SR 901.021, 2008-01-01, de)',
  () => {
    const act = hasFixture ? parseAkomaNtoso(readFileSync(FIXTURE, 'utf8')) : undefined;

    it('reads the metadata', () => {
      expect(act).toMatchObject({
        sr_number: '901.021',
        language: 'de',
        consolidation_date: '2008-01-01',
        entry_into_force: '2008-01-01',
        title: 'Verordnung über Regionalpolitik',
        abbreviation: 'VRP',
        eli: 'eli/cc/2007/885',
        skipped_articles: [],
      });
    });

    it('reads the six articles with numbered paragraphs and lettered lists, footnotes left out', () => {
      expect(act!.articles.map((a) => [a.article_num, a.heading])).toEqual([
        ['1', 'Örtlicher Wirkungsbereich'],
        ['2', 'Ad-hoc-Konferenzen'],
        ['3', 'Abrechnung'],
        ['4', 'Finanzaufsicht'],
        ['5', 'Aufhebung bisherigen Rechts'],
        ['6', 'Inkrafttreten'],
      ]);
      const lines = act!.articles[0]!.text.split('\n');
      expect(lines).toHaveLength(8);
      expect(lines[0]).toMatch(/^1 Das Gebiet, welches mehrheitlich/);
      expect(lines[1]).toMatch(/^a\. der Gemeinden der Agglomerationen Zürich/);
      expect(lines[4]).toMatch(/^a\. der Kanton nachweist/);
      expect(lines[7]).toMatch(/^4 Die Anträge auf Erweiterung/);
      expect(act!.articles[4]!.text).toBe(
        'Die Verordnung vom 26. November 1997 über Investitionshilfe für Berggebiete wird aufgehoben.',
      );
      expect(act!.articles[1]!.text).not.toMatch(/^\d/);
    });

    it('collects the official-compilation references of the footnotes, continuations included', () => {
      expect(act!.gazette_refs).toEqual([
        { ref_type: 'AS', year: 1998, page: 79, eli: 'eli/oc/1998/79_79_79', language: 'de' },
        { ref_type: 'AS', year: 2000, page: 187, eli: 'eli/oc/2000/34', language: 'de' },
      ]);
    });
  },
);

const AKN = 'http://docs.oasis-open.org/legaldocml/ns/akn/3.0';
function synthetic(
  parts: {
    lang?: string;
    number?: string | null;
    date?: string | null;
    preface?: string;
    body?: string;
  } = {},
): string {
  const lang = parts.lang ?? 'fr';
  const number = parts.number === null ? '' : `<FRBRnumber value="${parts.number ?? '210'}"/>`;
  const date =
    parts.date === null
      ? ''
      : `<FRBRdate date="${parts.date ?? '2024-01-01'}" name="jolux:dateApplicability"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="${AKN}"><act name="publicLaw"><meta><identification source="#ch.bk"><FRBRWork>
<FRBRuri value="https://fedlex.data.admin.ch/eli/cc/24/233_245_233/20240101"/>${date}${number}
<FRBRname xml:lang="de" value="Schweizerisches Zivilgesetzbuch" shortForm="ZGB"/><FRBRname xml:lang="fr" value="Code civil suisse" shortForm="CC"/><FRBRname xml:lang="it" value="Codice civile svizzero" shortForm="CC"/>
</FRBRWork><FRBRExpression><FRBRlanguage language="${lang}"/></FRBRExpression></identification></meta>
<preface>${parts.preface ?? '<p><docTitle>Code civil <br/>suisse</docTitle></p><p>(Etat le 1<sup>er</sup> janvier 2024)</p>'}</preface>
<body>${
    parts.body ??
    `
<title eId="tit_1"><num>Titre premier:</num><heading>Dispositions générales</heading>
  <chapter eId="tit_1/chap_1"><num>Chapitre 1</num><heading>Application</heading>
    <article eId="art_6_bis"><num><b>Art. 6</b><i>bis</i></num><heading>Droit cantonal<authorialNote eId="fn_1" marker="1"><p>Introduit par le ch. I de la LF du 1er janvier 2000 (<ref href="https://fedlex.data.admin.ch/eli/oc/2000/12">RO <b>2000</b> 333</ref>; <ref href="https://fedlex.data.admin.ch/eli/fga/1999/7">FF <b>1999</b> 4444</ref>).</p></authorialNote></heading>
      <paragraph eId="art_6_bis/para_1"><num>1</num><content><p>Premier &amp; seul <i>alinéa</i>.</p></content></paragraph>
      <paragraph eId="art_6_bis/para_2"><num>2</num><content><blockList eId="x"><listIntroduction>Sont réservés:</listIntroduction><item eId="x/a"><num>a.</num><p>les lois;</p></item><item eId="x/b"><num>b.</num><p>les usages.</p></item></blockList></content></paragraph>
    </article>
    <article eId="art_41_a"><num><b>Art. 41</b><i>a</i></num><paragraph eId="art_41_a/para"><content><p>Texte <![CDATA[brut]]>.</p></content></paragraph></article>
  </chapter>
</title>
<title eId="disp_u1"><num>Titre final:</num><heading>De l'entrée en vigueur et de l'application du code civil</heading>
  <article eId="disp_u1/art_1"><num><b>Art. 1</b></num><heading>Règle générale</heading><paragraph eId="disp_u1/art_1/para"><content><p>Les effets juridiques ...</p></content></paragraph></article>
</title>
<article eId="nonsense"><num>Préambule</num></article>`
  }
</body></act></akomaNtoso>`;
}

describe('Akoma Ntoso parser on synthetic documents', () => {
  it('reads blocks, lettered and Latin-ordinal articles, lists and French footnotes (RO/FF)', () => {
    const act = parseAkomaNtoso(synthetic(), { language: 'fr', srNumber: '210' });
    expect(act).toMatchObject({
      sr_number: '210',
      language: 'fr',
      consolidation_date: '2024-01-01',
      title: 'Code civil suisse',
      abbreviation: 'CC',
      eli: 'eli/cc/24/233_245_233',
    });
    expect(act.blocks).toEqual([
      { id: 'tit_1', kind: 'title', num: 'Titre premier:', heading: 'Dispositions générales', parent: null },
      { id: 'tit_1/chap_1', kind: 'chapter', num: 'Chapitre 1', heading: 'Application', parent: 'tit_1' },
      {
        id: 'disp_u1',
        kind: 'title',
        num: 'Titre final:',
        heading: "De l'entrée en vigueur et de l'application du code civil",
        parent: null,
      },
    ]);
    expect(act.articles.map((a) => [a.article_num, a.eid, a.block, a.heading])).toEqual([
      ['6bis', 'art_6_bis', 'tit_1/chap_1', 'Droit cantonal'],
      ['41a', 'art_41_a', 'tit_1/chap_1', null],
      ['1', 'disp_u1/art_1', 'disp_u1', 'Règle générale'],
    ]);
    expect(act.articles[0]!.text).toBe(
      '1 Premier & seul alinéa.\n2 Sont réservés:\na. les lois;\nb. les usages.',
    );
    expect(act.articles[1]!.text).toBe('Texte brut.');
    expect(act.skipped_articles).toEqual(['nonsense']);
    expect(act.gazette_refs).toEqual([
      { ref_type: 'RO', year: 2000, page: 333, eli: 'eli/oc/2000/12', language: 'fr' },
      { ref_type: 'FF', year: 1999, page: 4444, eli: 'eli/fga/1999/7', language: 'fr' },
    ]);
  });

  it('takes the consolidation date from "Etat le ..." when the metadata has none', () => {
    expect(parseAkomaNtoso(synthetic({ date: null })).consolidation_date).toBe('2024-01-01');
    expect(statedConsolidationDate('(Stand am 1. Januar 2008)')).toBe('2008-01-01');
    expect(statedConsolidationDate('(Stato 1° marzo 2021)')).toBe('2021-03-01');
    expect(statedConsolidationDate('vom 28. November 2007')).toBeNull();
  });

  it.each([
    ['an unclosed element', '<akomaNtoso><act><meta></act></akomaNtoso>', XmlSyntaxError],
    ['text that is not XML', 'not xml at all', XmlSyntaxError],
    ['an undefined entity', `<akomaNtoso xmlns="${AKN}"><act>&nbsp;</act></akomaNtoso>`, XmlSyntaxError],
    ['another root element', `<html xmlns="${AKN}"/>`, AkomaNtosoError],
    ['no SR number', synthetic({ number: null }), AkomaNtosoError],
    [
      'no date at all',
      synthetic({ date: null, preface: '<p><docTitle>Code civil</docTitle></p>' }),
      AkomaNtosoError,
    ],
    ['a language other than de/fr/it', synthetic({ lang: 'en' }), AkomaNtosoError],
    ['no body', synthetic().replace(/<body>[\s\S]*<\/body>/, ''), AkomaNtosoError],
  ])('rejects %s', (_what, xml, error) => {
    expect(() => parseAkomaNtoso(xml)).toThrow(error);
  });

  it('rejects a document that is not what the listing promised', () => {
    expect(() => parseAkomaNtoso(synthetic(), { language: 'de' })).toThrow(/differs from the listed de/);
    expect(() => parseAkomaNtoso(synthetic(), { srNumber: '220' })).toThrow(/differs from the listed 220/);
  });
});

describe('articles as Fedlex numbers, repeals and annotates them', () => {
  const note = (marker: string, text: string) =>
    `<authorialNote eId="fn_${marker}" marker="${marker}"><p>${text}</p></authorialNote>`;
  const article = (eid: string, num: string, content: string, heading = '') =>
    `<article eId="${eid}"><num><b>${num}</b></num>${heading ? `<heading>${heading}</heading>` : ''}<paragraph eId="${eid}/para"><content><p>${content}</p></content></paragraph></article>`;
  const parse = (lang: string, body: string) => parseAkomaNtoso(synthetic({ lang, body }), { language: lang as 'de' });

  it.each([
    ['art_32_a', 'Art. 32<i>a</i>', '32a'],
    ['art_32_a_bis', 'Art. 32<i>a</i><i>bis</i>', '32abis'],
    ['art_5_a_quater', 'Art. 5<i>a</i><i>quater</i>', '5aquater'],
    ['art_40_e', 'Art. 40<i>e</i>', '40e'],
    ['art_2_vicies', 'Art. 2<i>vicies</i>', '2vicies'],
    ['art_6_bis_a', 'Art. 6<i>bis</i><i>a</i>', '6bisa'],
  ])('%s (%s) is Art. %s', (eid, num, expected) => {
    expect(parse('de', article(eid, num, 'Text.')).articles.map((a) => a.article_num)).toEqual([expected]);
  });

  it.each([
    [
      'de',
      'Art. 11–14',
      'Aufgehoben',
      'Aufgehoben durch Ziff. I der V vom 14. Nov. 2012, mit Wirkung seit 1. Jan. 2013 (<ref href="https://fedlex.data.admin.ch/eli/oc/2012/6447">AS <b>2012</b> 6447</ref>).',
      ['11', '12', '13', '14'],
      { date: '2013-01-01', by: 'AS 2012 6447' },
    ],
    [
      'fr',
      'Art. 11 et 12',
      'Abrogés',
      'Abrogés par le ch. I de l’O du 14 nov. 2012, avec effet au 1<sup>er</sup> janv. 2013 (<ref href="https://fedlex.data.admin.ch/eli/oc/2012/6447">RO <b>2012</b> 6447</ref>).',
      ['11', '12'],
      { date: '2013-01-01', by: 'RO 2012 6447' },
    ],
    [
      'it',
      'Art. 11-13',
      'Abrogati',
      'Abrogati dal n. I dell’O del 14 nov. 2012, con effetto dal 1° gen. 2013 (<ref href="https://fedlex.data.admin.ch/eli/oc/2012/6447">RU <b>2012</b> 6447</ref>).',
      ['11', '12', '13'],
      { date: '2013-01-01', by: 'RU 2012 6447' },
    ],
  ] as const)('%s: "%s %s" marks every article of the note repealed, each under its own number', (lang, num, word, footnote, nums, repealed) => {
    const act = parse(lang, article('art_11', num, `<i>${word}</i>${note('3', footnote)}`) + article('art_15', 'Art. 15', 'Text.'));
    expect(act.skipped_articles).toEqual([]);
    expect(act.articles.map((a) => [a.article_num, a.text, a.repealed ?? null])).toEqual([
      ...nums.map((n) => [n, word, repealed]),
      ['15', 'Text.', null],
    ]);
    expect(new Set(act.articles.map((a) => a.eid)).size).toBe(act.articles.length);
    expect(act.articles[0]!.footnotes).toEqual([{ marker: '3', text: expect.stringContaining('2012 6447') }]);
  });

  it('"Art. 11–13 Aufgehoben" in the number line, no paragraph', () => {
    const act = parse('de', '<article eId="art_11_13"><num><b>Art. 11–13</b> Aufgehoben</num></article>');
    expect(act.articles.map((a) => [a.article_num, a.text, a.repealed])).toEqual([
      ['11', 'Aufgehoben', { date: null, by: null }],
      ['12', 'Aufgehoben', { date: null, by: null }],
      ['13', 'Aufgehoben', { date: null, by: null }],
    ]);
  });

  it('serves the wording verbatim: paragraph numbers such as 1bis, lists, no footnote markers, no layout placeholders', () => {
    const act = parse(
      'de',
      `<article eId="art_7"><num><b>Art. 7</b></num><heading>Pflichten${note('4', 'Fassung gemäss Ziff. I des BG vom 1. Jan. 2020 (AS 2020 1).')}</heading>
      <paragraph eId="art_7/para_1"><num>1</num><content><p>Die Behörde[tab]prüft${note('5', 'Berichtigung vom 3. März 2021.')} das Gesuch.</p></content></paragraph>
      <paragraph eId="art_7/para_1_bis"><num>1bis</num><content><blockList eId="l"><listIntroduction>Sie hört an:</listIntroduction><item eId="l/a"><num>a.</num><p>die Gemeinde;</p></item><item eId="l/b"><num>b.</num><p>den Kanton.</p></item></blockList></content></paragraph></article>`,
    );
    const [a] = act.articles;
    expect(a).toMatchObject({ article_num: '7', heading: 'Pflichten' });
    expect(a!.text).toBe('1 Die Behörde prüft das Gesuch.\n1bis Sie hört an:\na. die Gemeinde;\nb. den Kanton.');
    expect(a!.footnotes).toEqual([
      { marker: '4', text: 'Fassung gemäss Ziff. I des BG vom 1. Jan. 2020 (AS 2020 1).' },
      { marker: '5', text: 'Berichtigung vom 3. März 2021.' },
    ]);
  });
});
