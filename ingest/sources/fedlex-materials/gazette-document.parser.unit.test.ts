import { describe, expect, it } from 'vitest';
import { XmlSyntaxError } from '../fedlex/xml-tree.ts';
import { articlesNamed, GazetteDocumentError, parseGazetteDocument, topicOfHeading } from './gazette-document.parser.ts';

describe('topics from section headings, de/fr/it', () => {
  it.each([
    ['1 Ausgangslage', 'intent'],
    ['1.2 Ziele der Revision', 'intent'],
    ['1 Contexte', 'intent'],
    ['1 Contesto', 'intent'],
    ['2 Geprüfte Alternativen', 'alternatives'],
    ['2 Solutions examinées', 'alternatives'],
    ['2 Varianti scartate', 'alternatives'],
    ['3 Grundzüge der Vorlage', 'design'],
    ['3 Grandes lignes du projet', 'design'],
    ['3 Punti essenziali del progetto', 'design'],
    ['4 Erläuterungen zu den einzelnen Artikeln', 'arguments'],
    ['4 Commentaire des dispositions', 'arguments'],
    ['4 Commento ai singoli articoli', 'arguments'],
    ['Differenzen zwischen den Räten', 'modifications'],
    ['Modifications du Parlement', 'modifications'],
    ['Divergenze tra le Camere', 'modifications'],
    ['5 Auswirkungen auf die Kantone', null],
  ])('%j is %s', (heading, topic) => {
    expect(topicOfHeading(heading)).toBe(topic);
  });
});

describe('articles a text names', () => {
  it.each([
    ['Art. 12 Berufsregeln', ['12']],
    ['Artikel 6bis und Art. 41a OR', ['6bis', '41a']],
    ["l'art. 266l CO et l'article 8", ['266l', '8']],
    ["L'articolo 29a Cost. e l'art. 29a", ['29a']],
    ['Artt. 5 e 6', ['5', '6']],
    ['Art. 5 und 6 ZGB', ['5', '6']],
    ['Art. 5, 6 und 8 OR', ['5', '6', '8']],
    ['Art. 5 f. ZGB', ['5', '6']],
    ['Art. 5 ff. ZGB', ['5']],
    ['Art. 11–13', ['11', '12', '13']],
    ['art. 5 et 6 CC', ['5', '6']],
    ['art. 5, 6 et 8 CO', ['5', '6', '8']],
    ['art. 5 s. CC', ['5', '6']],
    ['artt. 5 e 6 CC', ['5', '6']],
    ['art. 5 segg. CC', ['5']],
    ['Art. 5 und 6 Monate', ['5']],
    ['art. 5 et 6 mois', ['5']],
    ['ohne Artikelnummer', []],
  ])('%j names %j', (text, nums) => {
    expect(articlesNamed(text)).toEqual(nums);
  });
});

const doc = (body: string, meta = '<FRBRWork><FRBRthis value="https://fedlex.data.admin.ch/eli/fga/2001/7"/><FRBRdate date="2001-03-01" name="d"/></FRBRWork>') =>
  `<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><doc name="message"><meta><identification>${meta}<FRBRExpression><FRBRlanguage language="fr"/></FRBRExpression></identification></meta><preface><p><docTitle>Message</docTitle></p></preface>${body}</doc></akomaNtoso>`;

describe('parseGazetteDocument', () => {
  it('keeps each paragraph verbatim with the page it starts on, footnotes left out', () => {
    const parsed = parseGazetteDocument(
      doc(`<mainBody><hcontainer><num>1</num><heading>Contexte</heading><content>
        <p>Premier <i>alinéa</i><authorialNote marker="1"><p>FF 2000 1</p></authorialNote> .</p>
        <eop number="12"/><p>Deuxième <eop/>alinéa.</p><p>Troisième.</p></content></hcontainer></mainBody>`),
      { firstPage: 11, defaultTopic: 'other' },
    );
    expect(parsed).toMatchObject({ eli: 'eli/fga/2001/7', title: 'Message', date: '2001-03-01', language: 'fr' });
    expect(parsed.passages.map((p) => [p.page, p.text, p.topic])).toEqual([
      [11, 'Premier alinéa.', 'intent'],
      [12, 'Deuxième alinéa.', 'intent'],
      [13, 'Troisième.', 'intent'],
    ]);
  });

  it.each([
    ['text that is not XML', 'not xml', XmlSyntaxError],
    ['another root', '<html/>', GazetteDocumentError],
    ['no main body', doc(''), GazetteDocumentError],
    ['no passage', doc('<mainBody><hcontainer><heading>Leer</heading></hcontainer></mainBody>'), GazetteDocumentError],
    ['no title', doc('<mainBody><p>x</p></mainBody>').replace(/<preface>.*<\/preface>/, ''), GazetteDocumentError],
  ])('rejects %s', (_what, xml, error) => {
    expect(() => parseGazetteDocument(xml, { firstPage: 1, defaultTopic: 'other' })).toThrow(error);
  });
});
