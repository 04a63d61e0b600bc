import { spellDate } from '../../../contracts/citation/dates.ts';
import { courtByKey } from '../../../contracts/courts/court-registry.ts';
import { COURT_PROFILES } from './court-profiles.ts';
import type { Lang } from './laws.ts';
import type { PlannedDecision } from './plan.ts';
import type { Rng } from './prng.ts';

const L = { de: 0, fr: 1, it: 2 } as const;
const BGE_PREFIX = { de: 'BGE', fr: 'ATF', it: 'DTF' } as const;
const PIN = { de: 'E.', fr: 'consid.', it: 'consid.' } as const;
const PAGE = { de: 'S.', fr: 'p.', it: 'pag.' } as const;
const DATE_WORD = { de: 'vom', fr: 'du', it: 'del' } as const;
const BVGE_PREFIX = { de: 'BVGE', fr: 'ATAF', it: 'DTAF' } as const;

/** Paragraph labels that can be cited (old-style third levels "1a/aa" are not). */
export function citableLabels(structure: string): string[] {
  return structure.split('|').filter((l) => !l.includes('/'));
}

/** A pinpoint from the target's real paragraphs, deeper ones preferred, never the first (admissibility). */
function pinpoint(target: PlannedDecision, rng: Rng): string {
  const labels = citableLabels(target.structure);
  const substantive = labels.filter((l) => l !== '1' && !l.startsWith('1.') && !/^1[a-z]/.test(l));
  const pool = substantive.length > 0 ? substantive : labels;
  const deep = pool.filter((l) => l.includes('.') || /[a-z]/.test(l));
  return rng.pick(deep.length > 0 && rng.chance(0.75) ? deep : pool);
}

function datePart(target: PlannedDecision, lang: Lang): string {
  return target.placeholder ? '' : ` ${DATE_WORD[lang]} ${spellDate(target.date, lang)}`;
}

function typeNoun(target: PlannedDecision, lang: Lang): string {
  const nouns = {
    Urteil: ['Urteil', 'arrêt', 'sentenza'],
    Beschluss: ['Beschluss', 'décision', 'decisione'],
    Entscheid: ['Entscheid', 'décision', 'decisione'],
    Verfügung: ['Verfügung', 'ordonnance', 'decreto'],
  } as const;
  return nouns[target.type][L[lang]];
}

/**
 * The reference to `target` as a decision in `lang` would write it, with a pinpoint most of the
 * time (always `quotedLabel` when the citation gives the source of a quotation).
 */
export function formatCitation(target: PlannedDecision, lang: Lang, rng: Rng, quotedLabel?: string): string {
  const profile = COURT_PROFILES[target.court]!;
  const pin = ` ${PIN[lang]} ${quotedLabel ?? pinpoint(target, rng)}`;
  if (target.bge) {
    const ref = `${BGE_PREFIX[lang]} ${target.bge.vol} ${target.bge.part} ${target.bge.page}`;
    if (quotedLabel) return ref + pin;
    const page = target.bge.page + rng.int(1, Math.max(1, target.bge.pages - 1));
    const roll = rng.next();
    if (roll < 0.6) return ref + pin;
    if (roll < 0.75) return `${ref} ${PAGE[lang]} ${page}`;
    if (roll < 0.9) return `${ref}${pin} ${PAGE[lang]} ${page}`;
    return ref;
  }
  const withPin = quotedLabel || rng.chance(0.7) ? pin : '';
  if (profile.key === 'mkg') {
    const m = /^MKGE (\d+) Nr\. (\d+)$/.exec(target.docket);
    const [vol, nr] = [m?.[1] ?? '', m?.[2] ?? ''];
    return (
      { de: `MKGE ${vol} Nr. ${nr}`, fr: `ATMC ${vol} n° ${nr}`, it: `STMC ${vol} n. ${nr}` }[lang] + withPin
    );
  }
  const court = courtByKey(profile.key);
  const label = court?.citationLabel[lang] ?? profile.key;
  const date = datePart(target, lang);
  const noun = typeNoun(target, lang);
  const d = target.docket;
  switch (profile.key) {
    case 'bger': {
      const forms = {
        de: [`Urteil ${d}${date}`, `BGer ${d}${date}`, `Urteil des Bundesgerichts ${d}${date}`],
        fr: [`arrêt ${d}${date}`, `TF ${d}${date}`, `arrêt du Tribunal fédéral ${d}${date}`],
        it: [`sentenza ${d}${date}`, `TF ${d}${date}`, `sentenza del Tribunale federale ${d}${date}`],
      }[lang];
      return (
        rng.weighted([
          [forms[0]!, 6],
          [forms[1]!, 3],
          [forms[2]!, 1],
        ]) + withPin
      );
    }
    case 'finma':
    case 'weko': {
      const gen = { de: `der ${label}`, fr: `de la ${label}`, it: `della ${label}` }[lang];
      const order = { de: 'Verfügung', fr: 'décision', it: 'decisione' }[lang];
      return `${order} ${gen} ${d}${date}${withPin}`;
    }
    default: {
      // A published Federal Administrative Court decision is cited by its BVGE number half of the time.
      if (target.bvge && rng.chance(0.5)) return `${BVGE_PREFIX[lang]} ${target.bvge.slice(5)}${withPin}`;
      if (rng.chance(0.5)) return `${label} ${d}${date}${withPin}`;
      // "Urteil des BVGer A-1234/2020" or "Urteil des Bundesverwaltungsgerichts A-1234/2020" for federal
      // courts, "Urteil des Obergerichts des Kantons Zürich LB210005" for cantonal ones.
      const of =
        profile.key.startsWith('b') && target.idx % 2 === 0
          ? { de: `des ${label}`, fr: `du ${label}`, it: `del ${label}` }[lang]
          : profile.gen[L[lang]];
      return `${noun} ${of} ${d}${date}${withPin}`;
    }
  }
}

/**
 * A BGE reference that is not in the corpus: a volume before the corpus starts, or a page before
 * the first generated decision of a volume and part (so that no "nearest earlier first page" can
 * resolve it either).
 */
export function unknownBgeCitation(
  lang: Lang,
  rng: Rng,
  ranges: ReadonlyMap<string, { first: number; last: number }>,
): string {
  const candidates = [...ranges.entries()].filter(([, r]) => r.first > 3);
  if (candidates.length > 0 && rng.chance(0.5)) {
    const [key, range] = rng.pick(candidates);
    const [vol, part] = key.split('|');
    return `${BGE_PREFIX[lang]} ${vol} ${part} ${rng.int(1, range.first - 1)} ${PIN[lang]} ${rng.int(2, 5)}`;
  }
  const part = rng.pick(['I', 'Ia', 'Ib', 'II', 'III', 'IV', 'V']);
  const pin = rng.chance(0.5) ? `${rng.int(1, 6)}${rng.pick(['a', 'b', 'c'])}` : String(rng.int(1, 6));
  return `${BGE_PREFIX[lang]} ${rng.int(100, 120)} ${part} ${rng.int(1, 450)} ${PIN[lang]} ${pin}`;
}
