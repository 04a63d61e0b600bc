import { DISP_U1 } from '../../../contracts/laws/alias-table.ts';
import { spellDate } from '../../../contracts/citation/dates.ts';
import {
  generatedParagraphs,
  genericHeading,
  hashString,
  lastChange,
  sortArticles,
  type ActDoc,
  type ArticleSpec,
  type DocArticle,
  type DocBlock,
  type DocNote,
  type DocParagraph,
} from './act-model.ts';
import { FAMOUS_ARTICLES, type FamousArticle } from './federal-articles.ts';
import { FINAL_TITLE_SECTIONS, namesOn, range, type ChapterPlan, type FederalPlan } from './federal-plan.ts';
import type { GazetteAllocator } from './gazette-allocator.ts';
import { AMENDED_NOTE, CHAPTERS, INSERTED_NOTE, tri, type Lang, type Tri } from './wording.ts';

/** `41a` -> `art_41_a`, `6bis` -> `art_6_bis` (Fedlex eIds). */
export function eidOf(num: string, prefix = ''): string {
  const m = /^(\d+)(.*)$/.exec(num);
  return `${prefix}art_${m?.[1] ?? num}${m?.[2] ? `_${m[2]}` : ''}`;
}

/** Article count of a generated layout: enough to hold the act's well-known articles in order. */
function generatedTotal(plan: FederalPlan): number {
  const famous = (FAMOUS_ARTICLES[plan.act.sr_number] ?? []).map((f) => parseInt(f.num, 10));
  return Math.max(12 + (hashString(plan.act.sr_number) % 15), Math.max(0, ...famous) + 2);
}

function generatedLayout(plan: FederalPlan, versionIndex: number): ChapterPlan[] {
  const sr = plan.act.sr_number;
  const total = generatedTotal(plan);
  const numbers = range(1, total);
  // Later consolidations insert lettered articles (Art. 5a ...), as amendments do.
  for (let v = 1; v <= versionIndex; v++) {
    const after = 2 + (hashString(`${sr}|insert|${v}`) % (total - 3));
    if (!numbers.includes(`${after}a`)) numbers.push(`${after}a`);
  }
  sortArticlesByNum(numbers);
  const cut1 = Math.ceil(numbers.length * 0.4);
  const cut2 = numbers.length - 2;
  const chapter = (n: number, heading: Tri, nums: string[]): ChapterPlan => ({
    id: `chap_${n}`,
    num: tri(`${n}. Kapitel`, `Chapitre ${n}`, `Capitolo ${n}`),
    heading,
    numbers: nums,
  });
  return [
    chapter(1, CHAPTERS[0]!, numbers.slice(0, cut1)),
    chapter(2, CHAPTERS[1 + (hashString(sr) % 3)]!, numbers.slice(cut1, cut2)),
    chapter(3, CHAPTERS[4]!, numbers.slice(cut2)),
  ];
}

function sortArticlesByNum(numbers: string[]): void {
  const sorted = sortArticles(numbers.map((num) => ({ num }))).map((a) => a.num);
  numbers.splice(0, numbers.length, ...sorted);
}

function holds(famous: FamousArticle, date: string): boolean {
  return (
    (famous.from === undefined || date >= famous.from) && (famous.until === undefined || date < famous.until)
  );
}

/** Places the act's well-known articles in force on `date` into the chapter of the nearest lower number. */
function withFamous(chapters: ChapterPlan[], famous: readonly FamousArticle[], date: string): ChapterPlan[] {
  const out = chapters.map((c) => ({ ...c, numbers: [...c.numbers] }));
  const all = new Set(out.flatMap((c) => c.numbers));
  for (const f of famous) {
    const inForce = holds(f, date);
    if (!inForce) {
      for (const c of out) c.numbers = c.numbers.filter((n) => n !== f.num);
      continue;
    }
    if (all.has(f.num)) continue;
    const target =
      [...out].reverse().find((c) => c.numbers.some((n) => parseInt(n, 10) <= parseInt(f.num, 10))) ??
      out[0]!;
    target.numbers.push(f.num);
    sortArticlesByNum(target.numbers);
  }
  return out;
}

function noteFor(
  plan: FederalPlan,
  spec: ArticleSpec,
  lang: Lang,
  allocator: GazetteAllocator,
): DocNote | undefined {
  if (spec.changedIn === 0) return undefined;
  const inForce = plan.versions[spec.changedIn]!;
  const amendment = allocator.amendment(`${plan.act.sr_number}|${spec.changedIn}`, inForce);
  const wording = (spec.inserted ? INSERTED_NOTE : AMENDED_NOTE)[lang];
  return {
    text: wording
      .replace('{d}', spellDate(amendment.enacted, lang))
      .replace('{d2}', spellDate(inForce, lang)),
    amendment,
  };
}

function famousParagraphs(f: FamousArticle, date: string, lang: Lang): DocParagraph[] {
  const text = (f.before && date < f.before.date ? f.before.text : f.text)[lang];
  if (!f.items) return [{ num: null, text }];
  // "Mit der Eröffnung ist der Entscheid endgültig." + "2 Der Entscheid kann nur angefochten werden: a. ... e. ..."
  const cut = text.indexOf('. ');
  return [
    { num: '1', text: text.slice(0, cut + 1) },
    { num: '2', text: text.slice(cut + 2), items: f.items.map((i) => i[lang]) },
  ];
}

interface BuildContext {
  readonly plan: FederalPlan;
  readonly versionIndex: number;
  readonly date: string;
  readonly lang: Lang;
  readonly allocator: GazetteAllocator;
}

function buildArticles(
  ctx: BuildContext,
  chapter: ChapterPlan,
  eidPrefix: string,
  isLastChapter: boolean,
): DocArticle[] {
  const { plan, versionIndex, date, lang } = ctx;
  const famous = new Map(
    (eidPrefix === '' ? (FAMOUS_ARTICLES[plan.act.sr_number] ?? []) : []).map((f) => [f.num, f]),
  );
  return chapter.numbers.map((num, i) => {
    const f = famous.get(num);
    const key = `${plan.act.sr_number}|${eidPrefix}${num}`;
    const inserted = f === undefined && !plan.chapters && insertedIn(plan, num) > 0;
    const changedIn = f
      ? f.before && date >= f.before.date
        ? plan.versions.findIndex((d) => d >= f.before!.date)
        : 0
      : inserted
        ? insertedIn(plan, num)
        : lastChange(key, versionIndex);
    const spec: ArticleSpec = {
      num,
      heading:
        f?.heading ??
        genericHeading(
          hashString(key),
          isLastChapter && i === chapter.numbers.length - 1,
          isLastChapter && i === chapter.numbers.length - 2,
        ),
      changedIn,
      inserted,
    };
    const note = noteFor(plan, spec, lang, ctx.allocator);
    return {
      kind: 'article',
      eid: eidOf(num, eidPrefix),
      num,
      heading: spec.heading[lang],
      paragraphs: f
        ? famousParagraphs(f, date, lang)
        : generatedParagraphs(hashString(`${key}|${changedIn}`), plan.domain, 'federal', lang),
      ...(note ? { note } : {}),
    };
  });
}

/** The version in which a generated lettered article was inserted (0: none). */
function insertedIn(plan: FederalPlan, num: string): number {
  const total = generatedTotal(plan);
  for (let v = 1; v < plan.versions.length; v++) {
    if (`${2 + (hashString(`${plan.act.sr_number}|insert|${v}`) % (total - 3))}a` === num) return v;
  }
  return 0;
}

function blockTree(
  ctx: BuildContext,
  chapters: readonly ChapterPlan[],
  eidPrefix: string,
): (DocBlock | DocArticle)[] {
  const byId = new Map<string, DocBlock>();
  const top: (DocBlock | DocArticle)[] = [];
  chapters.forEach((c, i) => {
    const block: DocBlock = {
      kind: 'block',
      element: c.id.includes('lvl')
        ? 'level'
        : c.id.startsWith('part') || c.id.startsWith('book')
          ? 'part'
          : c.id.includes('tit')
            ? 'title'
            : 'chapter',
      id: c.id,
      num: c.num?.[ctx.lang] ?? null,
      heading: c.heading[ctx.lang],
      children: buildArticles(
        ctx,
        c,
        eidPrefix,
        i === chapters.length - 1 && eidPrefix === '' && !ctx.plan.chapters,
      ),
    };
    byId.set(c.id, block);
    const parent = c.parent !== undefined ? byId.get(c.parent) : undefined;
    (parent ? parent.children : top).push(block);
  });
  return top;
}

/** One consolidated version of a federal act in one language. */
export function buildFederalAct(
  plan: FederalPlan,
  versionIndex: number,
  lang: Lang,
  allocator: GazetteAllocator,
): ActDoc {
  const date = plan.versions[versionIndex]!;
  const ctx: BuildContext = { plan, versionIndex, date, lang, allocator };
  const chapters = withFamous(
    plan.chapters ? [...plan.chapters] : generatedLayout(plan, versionIndex),
    FAMOUS_ARTICLES[plan.act.sr_number] ?? [],
    date,
  );
  const body = blockTree(ctx, chapters, '');
  if (plan.finalTitle) {
    const [num, ...rest] = DISP_U1.heading[lang].split(': ');
    body.push({
      kind: 'block',
      element: 'title',
      id: DISP_U1.id,
      num: `${num}:`,
      heading: rest.join(': '),
      children: blockTree(ctx, FINAL_TITLE_SECTIONS, `${DISP_U1.id}/`),
    });
  }
  const names = namesOn(plan, date);
  const original = allocator.amendment(`${plan.act.sr_number}|0`, plan.versions[0]!);
  return {
    sr: plan.act.sr_number,
    language: lang,
    date,
    title: names.title[lang],
    abbreviation: names.abbreviation?.[lang] ?? null,
    body,
    preambleNote: { text: '', amendment: original },
  };
}
