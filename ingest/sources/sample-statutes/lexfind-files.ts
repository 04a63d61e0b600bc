/** The sample's legislation catalogue as LexFind-shaped JSON (one file per entity and language). */
import { refTypeFor } from '../../../contracts/laws/gazette-refs.ts';
import { entityIdOf } from '../lexfind/lexfind.parser.ts';
import { FEDLEX } from './akoma-ntoso.writer.ts';
import { portalUrl } from './cantonal-act.builder.ts';
import type { CantonalPlan } from './cantonal-plan.ts';
import { namesOn, type FederalPlan } from './federal-plan.ts';
import type { Amendment } from './gazette-allocator.ts';
import type { Lang } from './wording.ts';

export const LEXFIND_SITE = 'https://www.lexfind.ch';

/** `2024-01-01` -> `01.01.2024` (LexFind's date format). */
export function swissDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function dayBefore(iso: string): string {
  const t = new Date(`${iso}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

function versionsOf(dates: readonly string[], url: (date: string) => string | null) {
  return dates.map((date, i) => ({
    version_active_since: swissDate(date),
    version_inactive_since: i + 1 < dates.length ? swissDate(dayBefore(dates[i + 1]!)) : null,
    original_url: url(date),
  }));
}

type Entry = Record<string, unknown>;

/** Catalogue entries of a federal act in a language (plus its former names as repealed texts). */
export function federalEntries(
  plan: FederalPlan,
  index: number,
  lang: Lang,
  eli: string,
  amendments: readonly Amendment[],
): Entry[] {
  const { versions } = plan;
  const latest = versions[versions.length - 1]!;
  const names = namesOn(plan, latest);
  const id = 10_000 + index;
  const refs = amendments.flatMap((a) => [
    { reference: `${refTypeFor('oc', lang)} ${a.oc.year} ${a.oc.page[lang]}`, url: `${FEDLEX}/${a.oc.eli}` },
    {
      reference: `${refTypeFor('fga', lang)} ${a.fga.year} ${a.fga.page[lang]}`,
      url: `${FEDLEX}/${a.fga.eli}`,
    },
  ]);
  const current = versions.filter((d) => plan.editions.every((e) => d >= e.until));
  const entries: Entry[] = [
    {
      id,
      systematic_number: plan.act.sr_number,
      title: names.title[lang],
      abbreviation: names.abbreviation?.[lang] ?? null,
      is_active: true,
      version_active_since: swissDate(latest),
      entity: { id: entityIdOf('CH'), abbreviation: 'CH' },
      original_url: `${FEDLEX}/${eli}/${lang}`,
      url: `${LEXFIND_SITE}/fe/${lang}/tol/${id}/${lang}`,
      keywords: [],
      versions: versionsOf(
        current.length > 0 ? current : versions,
        (d) => `${FEDLEX}/${eli}/${d.replace(/-/g, '')}/${lang}`,
      ),
      amendments: refs,
    },
  ];
  // A former name (OG, ANAG, AuG, KUVG, BStP, aBV) is listed as a repealed text of its own.
  plan.editions.forEach((edition, e) => {
    const dates = versions.filter((d) => d < edition.until && (e === 0 || d >= plan.editions[e - 1]!.until));
    if (dates.length === 0) return;
    entries.push({
      id: 19_000 + index * 10 + e,
      systematic_number: plan.act.sr_number,
      title: edition.title[lang],
      abbreviation: edition.abbreviation?.[lang] ?? null,
      is_active: false,
      version_active_since: swissDate(dates[dates.length - 1]!),
      version_inactive_since: swissDate(dayBefore(edition.until)),
      entity: { id: entityIdOf('CH'), abbreviation: 'CH' },
      original_url: `${FEDLEX}/${eli}/${dates[dates.length - 1]!.replace(/-/g, '')}/${lang}`,
      url: `${LEXFIND_SITE}/fe/${lang}/tol/${19_000 + index * 10 + e}/${lang}`,
      keywords: [],
      versions: versionsOf(dates, (d) => `${FEDLEX}/${eli}/${d.replace(/-/g, '')}/${lang}`),
    });
  });
  return entries;
}

/** The catalogue entry of a cantonal act in a language. */
export function cantonalEntry(plan: CantonalPlan, lang: Lang): Entry {
  const dates = plan.catalogueOnly ? [plan.catalogueOnly.activeSince] : plan.versions;
  const latest = dates[dates.length - 1]!;
  const url = (d: string) => (plan.catalogueOnly ? null : portalUrl(plan, d, lang));
  return {
    id: plan.catalogId,
    systematic_number: plan.sr,
    title: plan.title[lang] ?? Object.values(plan.title)[0],
    abbreviation: plan.abbreviation?.[lang] ?? null,
    is_active: plan.repealedOn === undefined,
    version_active_since: swissDate(latest),
    ...(plan.repealedOn !== undefined
      ? { version_inactive_since: swissDate(dayBefore(plan.repealedOn)) }
      : {}),
    entity: { id: entityIdOf(plan.canton), abbreviation: plan.canton },
    original_url: url(latest),
    url: `${LEXFIND_SITE}/fe/${lang}/tol/${plan.catalogId}/${lang}`,
    keywords: [...plan.keywords],
    versions: versionsOf(dates, url).map((v, i, all) =>
      plan.repealedOn !== undefined && i === all.length - 1
        ? { ...v, version_inactive_since: swissDate(dayBefore(plan.repealedOn)) }
        : v,
    ),
  };
}
