import { spellDate } from '../../../contracts/citation/dates.ts';
import { xmlEscape } from './akoma-ntoso.writer.ts';
import {
  generatedParagraphs,
  genericHeading,
  hashString,
  lastChange,
  type ActDoc,
  type DocArticle,
  type DocBlock,
} from './act-model.ts';
import type { CantonalPlan } from './cantonal-plan.ts';
import { CHAPTERS, type Lang } from './wording.ts';

const SECTION_NUM: Readonly<Record<Lang, (n: number) => string>> = {
  de: (n) => `${n}. Abschnitt`,
  fr: (n) => `Chapitre ${n}`,
  it: (n) => `Capitolo ${n}`,
};
const STATE: Readonly<Record<Lang, string>> = { de: 'Stand: {d}', fr: 'État au {d}', it: 'Stato al {d}' };

/** One version of a cantonal act in one language: two or three sections of generated articles. */
export function buildCantonalAct(plan: CantonalPlan, versionIndex: number, lang: Lang): ActDoc {
  const total = 8 + (hashString(`${plan.canton}|${plan.sr}`) % 12);
  const numbers = Array.from({ length: total }, (_, i) => String(i + 1));
  // The later version inserts § 3a (an amendment), so as_of shows a difference.
  if (versionIndex > 0) numbers.splice(3, 0, '3a');
  const cut = Math.max(2, numbers.length - 2);
  const sections = [
    numbers.slice(0, Math.ceil(cut / 2)),
    numbers.slice(Math.ceil(cut / 2), cut),
    numbers.slice(cut),
  ];
  const headings = [CHAPTERS[0]!, CHAPTERS[2]!, CHAPTERS[4]!];
  const prefix = plan.sign === '§' ? 'par' : 'art';
  const body: DocBlock[] = sections.map((nums, s) => ({
    kind: 'block',
    element: 'division',
    id: `abschnitt-${s + 1}`,
    num: SECTION_NUM[lang](s + 1),
    heading: headings[s]![lang],
    children: nums.map((num, i): DocArticle => {
      const key = `${plan.canton}|${plan.sr}|${num}`;
      const changedIn = num === '3a' ? 1 : lastChange(key, versionIndex);
      return {
        kind: 'article',
        eid: `${prefix}-${num}`,
        num,
        heading: genericHeading(
          hashString(key),
          s === 2 && i === nums.length - 1,
          s === 2 && i === nums.length - 2,
        )[lang],
        paragraphs: generatedParagraphs(hashString(`${key}|${changedIn}`), plan.domain, 'cantonal', lang),
      };
    }),
  }));
  return {
    sr: plan.sr,
    language: lang,
    date: plan.versions[versionIndex]!,
    title: plan.title[lang] ?? Object.values(plan.title)[0]!,
    abbreviation: plan.abbreviation?.[lang] ?? null,
    body,
    preambleNote: null,
  };
}

function nodeHtml(node: DocBlock | DocArticle, sign: string): string {
  if (node.kind === 'article') {
    const paragraphs = node.paragraphs
      .map(
        (p) => `<p class="paragraph">${p.num !== null ? `<sup>${p.num}</sup> ` : ''}${xmlEscape(p.text)}</p>`,
      )
      .join('\n');
    return `<article class="article" id="${node.eid}"><h3><span class="num">${sign} ${node.num}</span> <span class="heading">${xmlEscape(node.heading ?? '')}</span></h3>\n${paragraphs}\n</article>`;
  }
  const children = node.children.map((c) => nodeHtml(c, sign)).join('\n');
  return `<section class="division" id="${node.id}"><h2><span class="num">${xmlEscape(node.num ?? '')}</span> <span class="heading">${xmlEscape(node.heading)}</span></h2>\n${children}\n</section>`;
}

/** The portal page of a cantonal act version (the layout the cantonal portal parser reads). */
export function portalHtml(doc: ActDoc, plan: CantonalPlan): string {
  const state = STATE[doc.language].replace('{d}', spellDate(doc.date, doc.language));
  return `<!DOCTYPE html>
<html lang="${doc.language}"><head><meta charset="utf-8"><title>${xmlEscape(`${plan.canton} ${doc.sr} - ${doc.title}`)}</title></head>
<body><nav class="portal">${plan.canton}</nav>
<div class="law" data-systematic-number="${xmlEscape(doc.sr)}" data-canton="${plan.canton}">
<h1 class="title">${xmlEscape(doc.title)}</h1>
${doc.abbreviation !== null ? `<p class="abbreviation">(${xmlEscape(doc.abbreviation)})</p>` : ''}
<p class="version">${xmlEscape(state)}</p>
${doc.body.map((n) => nodeHtml(n, plan.sign)).join('\n')}
</div></body></html>
`;
}

/** The (mirrored) portal address of a cantonal text version. */
export function portalUrl(plan: CantonalPlan, date: string, lang: Lang): string {
  const sr = encodeURIComponent(plan.sr.replace(/ /g, '_'));
  return `https://erlasse-${plan.canton.toLowerCase()}.sample.invalid/texts/${sr}/${date.replace(/-/g, '')}/${lang}.html`;
}
