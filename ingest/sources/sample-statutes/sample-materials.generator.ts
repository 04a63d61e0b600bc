/**
 * The bundled sample's preparatory materials: for every act with well-known articles
 * (`federal-articles.ts`) a message of the Federal Council (BBl 2019 / FF 2019) and the
 * parliamentary changes (BBl 2020 / FF 2020), in de/fr/it, as Akoma Ntoso gazette documents in
 * the mirror plus a recorded SPARQL listing. Synthetic wording, marked `[Beispieltext]` /
 * `[texte d'exemple]` / `[testo d'esempio]` in every title; the events carry `sample: true`.
 * Pages lie far above the statute sample's gazette pages (no first page is shared).
 */
import { FEDERAL_ACTS } from '../../../contracts/laws/federal-acts.ts';
import { FAMOUS_ARTICLES } from './federal-articles.ts';
import { FEDLEX, xmlEscape } from './akoma-ntoso.writer.ts';
import { put } from './sample-statutes.generator.ts';
import { tri, type Lang, type Tri } from './wording.ts';

export const SAMPLE_MATERIALS_LISTING_URL = `${FEDLEX}/sparqlendpoint/recorded/gazette-documents.json`;

const LANGS: readonly Lang[] = ['de', 'fr', 'it'];
const LANGUAGE_URI: Readonly<Record<Lang, string>> = {
  de: 'http://publications.europa.eu/resource/authority/language/DEU',
  fr: 'http://publications.europa.eu/resource/authority/language/FRA',
  it: 'http://publications.europa.eu/resource/authority/language/ITA',
};
const MARK: Readonly<Record<Lang, string>> = { de: '[Beispieltext]', fr: "[texte d'exemple]", it: "[testo d'esempio]" };
/** Acts with materials beyond those with well-known articles: the Lawyers Act (BGFA) and its articles on professional duties. */
const MORE_ARTICLES: Readonly<Record<string, readonly { num: string; heading: Tri }[]>> = {
  '935.61': [
    { num: '12', heading: tri('Berufsregeln', 'Règles professionnelles', 'Regole professionali') },
    { num: '13', heading: tri('Berufsgeheimnis', 'Secret professionnel', 'Segreto professionale') },
  ],
};

/** First page of each language's pagination (BBl de, FF fr, FF it differ). */
const FIRST_PAGE: Readonly<Record<Lang, number>> = { de: 8001, fr: 8301, it: 8601 };

interface Section {
  readonly num: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly children?: readonly Section[];
}

interface Names {
  readonly abbr: string;
  readonly title: string;
}

function messageSections(lang: Lang, n: Names, articles: readonly { num: string; heading: string }[]): Section[] {
  const art = (a: { num: string; heading: string }): Section => {
    const t = {
      de: [`Artikel ${a.num} (${a.heading}) übernimmt den Grundsatz des geltenden ${n.abbr} und präzisiert ihn.`, `Nach dem Willen des Bundesrates ist Art. ${a.num} ${n.abbr} eng auszulegen; Ausnahmen bleiben dem Gesetzgeber vorbehalten.`],
      fr: [`L'article ${a.num} (${a.heading}) reprend le principe de la ${n.abbr} en vigueur et le précise.`, `Selon le Conseil fédéral, l'art. ${a.num} ${n.abbr} doit être interprété strictement; les exceptions relèvent du législateur.`],
      it: [`L'articolo ${a.num} (${a.heading}) riprende il principio del ${n.abbr} vigente e lo precisa.`, `Secondo il Consiglio federale, l'art. ${a.num} ${n.abbr} va interpretato restrittivamente; le eccezioni spettano al legislatore.`],
    }[lang];
    return { num: '', heading: `Art. ${a.num} ${a.heading}`, paragraphs: t };
  };
  const s = {
    de: [
      { num: '1', heading: 'Ausgangslage', paragraphs: [`Der Bundesrat beantragt die Revision des ${n.abbr}, weil die geltende Regelung den heutigen Verhältnissen nicht mehr entspricht.`, 'Ziel der Vorlage ist es, die Rechtssicherheit zu erhöhen und die Praxis der Gerichte zu vereinheitlichen.'] },
      { num: '2', heading: 'Geprüfte Alternativen', paragraphs: ['Geprüft wurde auch, auf eine Gesetzesänderung zu verzichten und die Entwicklung der Rechtsprechung zu überlassen.', 'Diese Variante wurde verworfen, weil sie die bestehende Rechtsunsicherheit nicht beseitigt.'] },
      { num: '3', heading: 'Grundzüge der Vorlage', paragraphs: [`Die Vorlage beschränkt sich auf punktuelle Anpassungen; die bewährte Systematik des ${n.abbr} bleibt erhalten.`] },
      { num: '4', heading: 'Erläuterungen zu den einzelnen Artikeln', paragraphs: [], children: articles.map(art) },
    ],
    fr: [
      { num: '1', heading: 'Contexte', paragraphs: [`Le Conseil fédéral propose de réviser la ${n.abbr}, car la réglementation en vigueur ne correspond plus aux conditions actuelles.`, 'Le projet a pour objectif de renforcer la sécurité du droit et d’unifier la pratique des tribunaux.'] },
      { num: '2', heading: 'Solutions examinées', paragraphs: ['Il a aussi été envisagé de renoncer à une modification de la loi et de laisser faire la jurisprudence.', 'Cette variante a été écartée, car elle ne supprime pas l’insécurité juridique existante.'] },
      { num: '3', heading: 'Grandes lignes du projet', paragraphs: [`Le projet se limite à des adaptations ponctuelles; la systématique éprouvée de la ${n.abbr} est maintenue.`] },
      { num: '4', heading: 'Commentaire des dispositions', paragraphs: [], children: articles.map(art) },
    ],
    it: [
      { num: '1', heading: 'Contesto', paragraphs: [`Il Consiglio federale propone la revisione del ${n.abbr}, poiché la normativa vigente non corrisponde più alle condizioni attuali.`, 'Il progetto ha lo scopo di rafforzare la certezza del diritto e di uniformare la prassi dei tribunali.'] },
      { num: '2', heading: 'Soluzioni esaminate', paragraphs: ['È stata esaminata anche la possibilità di rinunciare a una modifica di legge e di lasciare fare alla giurisprudenza.', 'Questa variante è stata scartata, poiché non elimina l’incertezza giuridica esistente.'] },
      { num: '3', heading: 'Punti essenziali del progetto', paragraphs: [`Il progetto si limita ad adeguamenti puntuali; la sistematica collaudata del ${n.abbr} è mantenuta.`] },
      { num: '4', heading: 'Commento ai singoli articoli', paragraphs: [], children: articles.map(art) },
    ],
  }[lang];
  return s;
}

function changeSections(lang: Lang, n: Names, articles: readonly string[]): Section[] {
  const heading = { de: 'Differenzen zwischen den Räten', fr: 'Divergences entre les conseils', it: 'Divergenze tra le Camere' }[lang];
  const paragraph = (a: string) =>
    ({
      de: `Der Nationalrat ergänzte Art. ${a} ${n.abbr} um einen Vorbehalt zugunsten des kantonalen Rechts; der Ständerat stimmte zu.`,
      fr: `Le Conseil national a complété l'art. ${a} ${n.abbr} par une réserve en faveur du droit cantonal; le Conseil des Etats s'est rallié.`,
      it: `Il Consiglio nazionale ha completato l'art. ${a} ${n.abbr} con una riserva a favore del diritto cantonale; il Consiglio degli Stati ha aderito.`,
    })[lang];
  return [{ num: '1', heading, paragraphs: articles.map(paragraph) }];
}

/** One section; a page break after each top-level section, as a printed message turns pages. */
function sectionXml(s: Section, id: string, page: { n: number }, top: boolean): string {
  const paras = s.paragraphs.map((p) => `<p>${xmlEscape(p)}</p>`).join('');
  const kids = (s.children ?? []).map((c, i) => sectionXml(c, `${id}_${i + 1}`, page, false)).join('');
  const eop = top ? `<eop number="${++page.n}"/>` : '';
  const num = s.num ? `<num>${xmlEscape(s.num)}</num>` : '';
  return `<hcontainer eId="${id}" name="section">${num}<heading>${xmlEscape(s.heading)}</heading><content>${paras}</content>${kids}</hcontainer>${eop}`;
}

function documentXml(eli: string, lang: Lang, title: string, date: string, sections: Section[], firstPage: number): string {
  const page = { n: firstPage };
  const body = sections.map((s, i) => sectionXml(s, `sec_${i + 1}`, page, true)).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><doc name="message"><meta><identification source="#sample">
<FRBRWork><FRBRthis value="${FEDLEX}/${eli}"/><FRBRuri value="${FEDLEX}/${eli}"/><FRBRdate date="${date}" name="jolux:dateDocument"/><FRBRname xml:lang="${lang}" value="${xmlEscape(title)}"/></FRBRWork>
<FRBRExpression><FRBRlanguage language="${lang}"/></FRBRExpression></identification></meta>
<preface><p><docTitle>${xmlEscape(title)}</docTitle></p></preface><mainBody>${body}</mainBody></doc></akomaNtoso>`;
}

/** Writes the sample documents and their listing into the mirror; returns the number of documents. */
export async function generateSampleMaterials(dir: string): Promise<number> {
  const rows: Record<string, { type: string; value: string }>[] = [];
  const next: Record<string, number> = {};
  let index = 0;
  for (const act of FEDERAL_ACTS) {
    const famous = FAMOUS_ARTICLES[act.sr_number] ?? MORE_ARTICLES[act.sr_number];
    if (!famous || famous.length === 0) continue;
    index++;
    for (const [year, kind, type] of [
      [2019, 'botschaft', 'message'],
      [2020, 'parliamentary_change', 'parliamentary-changes'],
    ] as const) {
      const eli = `eli/fga/${year}/${900 + index}`;
      for (const lang of LANGS) {
        const names: Names = { abbr: act.abbreviation[lang] ?? `SR ${act.sr_number}`, title: act.title[lang] };
        const key = `${year}|${lang}`;
        const first = next[key] ?? FIRST_PAGE[lang];
        const articles = famous.map((a) => ({ num: a.num, heading: a.heading[lang] }));
        const sections =
          kind === 'botschaft' ? messageSections(lang, names, articles) : changeSections(lang, names, articles.map((a) => a.num));
        const title = {
          de: kind === 'botschaft' ? `Botschaft zur Revision: ${names.title}` : `Änderungen des Parlaments: ${names.title}`,
          fr: kind === 'botschaft' ? `Message concernant la révision: ${names.title}` : `Modifications du Parlement: ${names.title}`,
          it: kind === 'botschaft' ? `Messaggio concernente la revisione: ${names.title}` : `Modifiche del Parlamento: ${names.title}`,
        }[lang];
        const file = `${FEDLEX}/filestore/fedlex.data.admin.ch/${eli}/${lang}/xml/fedlex-data-admin-ch-${eli.replace(/\//g, '-')}-${lang}-xml.xml`;
        await put(dir, file, documentXml(eli, lang, `${title} ${MARK[lang]}`, `${year}-06-${String(10 + (index % 18)).padStart(2, '0')}`, sections, first));
        next[key] = first + sections.length + 5;
        rows.push({
          srNumber: { type: 'literal', value: act.sr_number },
          doc: { type: 'uri', value: `${FEDLEX}/${eli}` },
          type: { type: 'uri', value: `${FEDLEX}/vocabulary/resource-type/${type}` },
          language: { type: 'uri', value: LANGUAGE_URI[lang] },
          year: { type: 'literal', value: String(year) },
          page: { type: 'literal', value: String(first) },
          file: { type: 'uri', value: file },
        });
      }
    }
  }
  await put(
    dir,
    SAMPLE_MATERIALS_LISTING_URL,
    JSON.stringify({ head: { vars: ['srNumber', 'doc', 'type', 'language', 'year', 'page', 'file'] }, results: { bindings: rows } }),
  );
  return rows.length;
}
