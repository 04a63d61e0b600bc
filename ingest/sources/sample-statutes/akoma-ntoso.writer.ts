/** Renders a generated act version as Fedlex-style Akoma Ntoso 3.0 XML (the layout of shared/fixtures/fedlex). */
import { spellDate } from '../../../contracts/citation/dates.ts';
import { refTypeFor } from '../../../contracts/laws/gazette-refs.ts';
import { hashString, type ActDoc, type DocArticle, type DocBlock, type DocNote } from './act-model.ts';
import { STAND, type Lang } from './wording.ts';

export const FEDLEX = 'https://fedlex.data.admin.ch';

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The classified-compilation ELI of a sample act (invented id, stable per SR number). */
export function ccEli(sr: string, firstVersion: string): string {
  return `eli/cc/${firstVersion.slice(0, 4)}/${100 + (hashString(sr) % 800)}`;
}

/** Where Fedlex keeps the XML of a consolidation (the filestore layout). */
export function fileUrl(eli: string, date: string, lang: Lang): string {
  const d = date.replace(/-/g, '');
  return `${FEDLEX}/filestore/fedlex.data.admin.ch/${eli}/${d}/${lang}/xml/${eli.replace(/\//g, '-').replace(/^/, 'fedlex-data-admin-ch-')}-${d}-${lang}-xml.xml`;
}

export interface WriterContext {
  readonly eli: string;
  readonly entryIntoForce: string;
  /** Titles and abbreviations in all three languages (FRBRname per language). */
  readonly names: Readonly<Record<Lang, { title: string; abbreviation: string | null }>>;
  readonly treaty: boolean;
}

const PREAMBLE: Readonly<Record<Lang, readonly [string, string]>> = {
  de: [
    'Die Bundesversammlung der Schweizerischen Eidgenossenschaft, gestützt auf die Bundesverfassung,',
    'beschliesst:',
  ],
  fr: ["L'Assemblée fédérale de la Confédération suisse, vu la Constitution,", 'arrête:'],
  it: ["L'Assemblea federale della Confederazione Svizzera, vista la Costituzione,", 'decreta:'],
};

class Footnotes {
  private n = 0;
  constructor(private readonly lang: Lang) {}

  render(note: DocNote | undefined): string {
    if (!note) return '';
    this.n++;
    const refs: string[] = [];
    if (note.amendment) {
      const { oc, fga } = note.amendment;
      refs.push(
        `<ref href="${FEDLEX}/${oc.eli}">${refTypeFor('oc', this.lang)} <b>${oc.year}</b> ${oc.page[this.lang]}</ref>`,
      );
      refs.push(
        `<ref href="${FEDLEX}/${fga.eli}">${refTypeFor('fga', this.lang)} <b>${fga.year}</b> ${fga.page[this.lang]}</ref>`,
      );
    }
    const lead = note.text.length > 0 ? `${xmlEscape(note.text)} (` : '';
    return `<authorialNote eId="fn_${this.n}" marker="${this.n}" placement="bottom"><p>${lead}${refs.join('; ')}${lead ? ')' : ''}</p></authorialNote>`;
  }
}

function articleXml(a: DocArticle, notes: Footnotes): string {
  const m = /^(\d+)(.*)$/.exec(a.num);
  const label = `<b>Art. ${m?.[1] ?? a.num}</b>${m?.[2] ? `<i>${m[2]}</i>` : ''}`;
  const heading =
    a.heading !== null ? `<heading>${xmlEscape(a.heading)}${notes.render(a.note)}</heading>` : '';
  const paragraphs = a.paragraphs
    .map((p) => {
      const eid = `${a.eid}/para${p.num !== null ? `_${p.num}` : ''}`;
      const num = p.num !== null ? `<num>${p.num}</num>` : '';
      const content = p.items
        ? `<blockList eId="${eid}/list"><listIntroduction eId="${eid}/listintro"> ${xmlEscape(p.text)}</listIntroduction>${p.items
            .map((item, i) => {
              const letter = String.fromCharCode(97 + i);
              return `<item eId="${eid}/lbl_${letter}"><num>${letter}. </num><p>${xmlEscape(item)}</p></item>`;
            })
            .join('')}</blockList>`
        : `<p>${xmlEscape(p.text)}${notes.render(p.note)}</p>`;
      return `<paragraph eId="${eid}">${num}<content>${content}</content></paragraph>`;
    })
    .join('');
  return `<article eId="${a.eid}"><num>${label}</num>${heading}${paragraphs}</article>`;
}

function nodeXml(node: DocBlock | DocArticle, notes: Footnotes): string {
  if (node.kind === 'article') return articleXml(node, notes);
  const num = node.num !== null ? `<num>${xmlEscape(node.num)}</num>` : '';
  const children = node.children.map((c) => nodeXml(c, notes)).join('');
  return `<${node.element} eId="${node.id}">${num}<heading>${xmlEscape(node.heading)}</heading>${children}</${node.element}>`;
}

/** The whole document. */
export function akomaNtosoXml(doc: ActDoc, ctx: WriterContext): string {
  const d = doc.date.replace(/-/g, '');
  const uri = `${FEDLEX}/${ctx.eli}/${d}`;
  const names = (['de', 'fr', 'it'] as const)
    .map((l) => {
      const n = ctx.names[l];
      return `<FRBRname xml:lang="${l}" value="${xmlEscape(n.title)}"${n.abbreviation !== null ? ` shortForm="${xmlEscape(n.abbreviation)}"` : ''}/>`;
    })
    .join('');
  const dates = `<FRBRdate date="${doc.date}" name="jolux:dateApplicability"/><FRBRdate date="${ctx.entryIntoForce}" name="jolux:dateEntryInForce"/>`;
  const notes = new Footnotes(doc.language);
  const [intro, enact] = PREAMBLE[doc.language];
  const preamble = ctx.treaty
    ? ''
    : `<preamble><p>${xmlEscape(intro)}${notes.render(doc.preambleNote ?? undefined)}</p><p>${enact}</p></preamble>`;
  const abbreviation = doc.abbreviation !== null ? `<p>(${xmlEscape(doc.abbreviation)})</p>` : '';
  const stand = STAND[doc.language].replace('{d}', spellDate(doc.date, doc.language));
  return `<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0" xmlns:fedlex="http://fedlex.admin.ch/"><act name="publicLaw"><meta><identification source="#ch.bk"><FRBRWork><FRBRthis value="${uri}/main-text"/><FRBRuri value="${uri}"/>${dates}<FRBRauthor href="#ch.bk" as="#publisher"/><FRBRcountry value="CH"/><FRBRnumber value="${doc.sr}"/>${names}<FRBRauthoritative value="true"/></FRBRWork><FRBRExpression><FRBRthis value="${uri}/${doc.language}/main-text"/><FRBRuri value="${uri}/${doc.language}"/>${dates}<FRBRlanguage language="${doc.language}"/></FRBRExpression><FRBRManifestation><FRBRthis value="${uri}/${doc.language}/xml/main-text"/><FRBRuri value="${uri}/${doc.language}/xml"/><FRBRformat value="xml"/></FRBRManifestation></identification></meta><preface><p><docNumber>${doc.sr}</docNumber></p><p><docTitle>${xmlEscape(doc.title)}</docTitle></p>${abbreviation}<p>(${xmlEscape(stand)})</p></preface>${preamble}<body>${doc.body.map((n) => nodeXml(n, notes)).join('')}</body></act></akomaNtoso>
`;
}
