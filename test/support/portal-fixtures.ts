/** Small documents in the layouts of the statute portals (our own wording), for fake portal servers in tests. */

/** An act in the Fedlex Akoma Ntoso layout with `articles` numbered articles. */
export function fedlexActXml(sr: string, lang: string, date: string, articles: number): string {
  const body = Array.from(
    { length: articles },
    (_, i) =>
      `<article eId="art_${i + 1}"><num><b>Art. ${i + 1}</b></num><heading>Titre ${i + 1}</heading><paragraph eId="art_${i + 1}/para"><content><p>Texte de l'article ${i + 1}.</p></content></paragraph></article>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act><meta><identification><FRBRWork><FRBRuri value="https://fedlex.data.admin.ch/eli/cc/2010/55/${date.replace(/-/g, '')}"/><FRBRdate date="${date}" name="jolux:dateApplicability"/><FRBRnumber value="${sr}"/><FRBRname xml:lang="${lang}" value="Ordonnance d'essai" shortForm="OE"/></FRBRWork><FRBRExpression><FRBRlanguage language="${lang}"/></FRBRExpression></identification></meta><preface><p><docTitle>Ordonnance d'essai</docTitle></p></preface><body>${body}</body></act></akomaNtoso>`;
}

/** One row of the Fedlex SPARQL versions query (JSON results format). */
export const sparqlVersionBinding = (sr: string, date: string, lang: 'DEU' | 'FRA' | 'ITA', file: string) => ({
  srNumber: { type: 'literal', value: sr },
  work: { type: 'uri', value: `https://fedlex.data.admin.ch/eli/cc/2010/${sr}` },
  dateApplicability: { type: 'literal', value: date, datatype: 'http://www.w3.org/2001/XMLSchema#date' },
  language: { type: 'uri', value: `http://publications.europa.eu/resource/authority/language/${lang}` },
  file: { type: 'uri', value: file },
});

/** A SPARQL JSON results document with these rows. */
export const sparqlResults = (bindings: readonly unknown[]): string =>
  JSON.stringify({
    head: { vars: ['srNumber', 'work', 'dateApplicability', 'language', 'file'] },
    results: { bindings },
  });

/** A cantonal statute page in the portal layout the cantonal parser reads. */
export const cantonalStatuteHtml = (
  sr: string,
  state: string,
) => `<html><body><div class="law" data-systematic-number="${sr}"><h1 class="title">Loi d'essai</h1><p class="abbreviation">(LE)</p><p class="version">${state}</p>
<section class="division" id="c1"><h2><span class="num">Chapitre 1</span> <span class="heading">Généralités</span></h2>
<article class="article" id="art-1"><h3><span class="num">Art. 1</span> <span class="heading">But</span></h3><p class="paragraph">La présente loi règle l'essai.</p></article></section></div></body></html>`;
