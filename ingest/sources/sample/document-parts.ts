import { spellDate } from '../../../contracts/citation/dates.ts';
import { CANTON_LABELS } from '../entscheidsuche/entscheidsuche.labels.ts';
import type { Area, Tri } from './areas.ts';
import type { CourtProfile, ProcKind } from './court-profiles.ts';
import { ACTS, CANTONAL_ACTS, drawStatute, formatStatute, type Lang, type StatuteRef } from './laws.ts';
import { FIRST_NAMES, SURNAMES } from './phrases.ts';
import type { Rng } from './prng.ts';

export const LI = { de: 0, fr: 1, it: 2 } as const;

export function tri(t: Tri, lang: Lang): string {
  return t[LI[lang]];
}

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 12500 → "12'500" (Swiss thousands separator). */
export function swissNumber(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

export function amount(rng: Rng, lang: Lang, min = 2_000, max = 450_000): string {
  const n = Math.round(rng.int(min, max) / 50) * 50;
  return { de: `Fr. ${swissNumber(n)}.--`, fr: `${swissNumber(n)} fr.`, it: `fr. ${swissNumber(n)}.--` }[
    lang
  ];
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

export function spell(iso: string, lang: Lang): string {
  return spellDate(iso, lang);
}

/** "A.________" as the Federal Supreme Court writes it, or "A. ________" (some cantons). */
export function anon(letter: string, spaced: boolean): string {
  return spaced ? `${letter}. ________` : `${letter}.________`;
}

export function personName(rng: Rng, lang: Lang, female = rng.chance(0.45)): string {
  return `${rng.pick(FIRST_NAMES[lang][female ? 1 : 0])} ${rng.pick(SURNAMES[lang])}`;
}

export function lawyer(rng: Rng, lang: Lang): string {
  const female = rng.chance(0.45);
  const name = personName(rng, lang, female);
  return {
    de: `${female ? 'Rechtsanwältin' : 'Rechtsanwalt'} ${name}`,
    fr: `Me ${name}, ${female ? 'avocate' : 'avocat'}`,
    it: `avv. ${name}`,
  }[lang];
}

/** Canton names inside French and Italian phrases ("du canton du Valais", "del Cantone Ticino"). */
export function withCanton(text: string, canton: string, lang: Lang): string {
  const name = (CANTON_LABELS[canton] ?? CANTON_LABELS.ZH!)[LI[lang]];
  let out = text.replace('{canton}', name);
  if (lang === 'fr') {
    out = out
      .replace(/canton de (Valais|Jura|Tessin)\b/, 'canton du $1')
      .replace(/canton de Grisons\b/, 'canton des Grisons')
      .replace(/canton de (Argovie|Appenzell)/, "canton d'$1");
  }
  if (lang === 'it')
    out = out.replace(
      /Cantone (Zurigo|Berna|Lucerna|Basilea Città|San Gallo|Ginevra|Friburgo|Neuchâtel|Vaud)\b/,
      'Cantone di $1',
    );
  return out;
}

/** Judges of a panel: the presiding judge first, then the others, then the clerk. */
export function composition(
  profile: CourtProfile,
  rng: Rng,
  lang: Lang,
  large: boolean,
): { line: string; president: [string, boolean]; clerk: [string, boolean] } {
  const count = large ? 5 : 3;
  const names = rng.sample(
    SURNAMES[lang].concat(SURNAMES[lang === 'de' ? 'fr' : 'de'].slice(0, 4)),
    count + 1,
  );
  const female = names.map(() => rng.chance(0.4));
  const [clerk, ...judges] = names;
  const [cf, ...jf] = female;
  const title = (f: boolean): string => tri(profile.judge[f ? 1 : 0], lang);
  const president = judges[0]!;
  const others = judges.slice(1);
  let line: string;
  if (profile.proc === 'regulator') {
    // Authorities decide as a body: "Enforcementausschuss: Meier (Vorsitz), Keller, Huber; Protokoll: Graf."
    const chair = tri(['Vorsitz', 'présidence', 'presidenza'], lang);
    const minutes = tri(['Protokoll', 'procès-verbal', 'verbale'], lang);
    line = `${title(false)}: ${president} (${chair}), ${others.join(', ')}; ${minutes}: ${clerk}.`;
  } else if (lang === 'de') {
    line = `${title(jf[0]!)} ${president}, ${jf[0] ? 'Präsidentin' : 'Präsident'}, ${others.map((n, i) => `${title(jf[i + 1]!)} ${n}`).join(', ')}, ${cf ? 'Gerichtsschreiberin' : 'Gerichtsschreiber'} ${clerk}.`;
  } else if (lang === 'fr') {
    line = `${jf[0] ? 'Mme' : 'M.'} ${president}, ${jf[0] ? 'présidente' : 'président'}, ${others.join(', ')}, ${frenchPlural(title(false))}; ${cf ? 'greffière' : 'greffier'} : ${clerk}.`;
  } else {
    line = `${president}, ${jf[0] ? 'presidente' : 'presidente'}, ${others.join(', ')}, giudici; ${cf ? 'cancelliera' : 'cancelliere'} ${clerk}.`;
  }
  return { line, president: [president, jf[0]!], clerk: [clerk!, cf!] };
}

const FRENCH_PLURAL: Readonly<Record<string, string>> = {
  juge: 'juges',
  fédéral: 'fédéraux',
  cantonal: 'cantonaux',
  pénal: 'pénaux',
  administratif: 'administratifs',
  membre: 'membres',
};

function frenchPlural(title: string): string {
  return title
    .split(' ')
    .map((w) => FRENCH_PLURAL[w] ?? w)
    .join(' ');
}

export interface Roles {
  /** Nominative with article ("der Beschwerdeführer"). */
  readonly appellant: string;
  /** Label in the parties block ("Beschwerdeführer,"). */
  readonly appellantLabel: string;
  readonly respondentLabel: string;
  /** "dem Beschwerdeführer" / "du recourant" / "del ricorrente" for the costs item. */
  readonly costs: string;
  /** The lower instance in templates ("die Vorinstanz"). */
  readonly lower: string;
}

export function roles(proc: ProcKind, female: boolean, lang: Lang, federal: boolean): Roles {
  const g = female ? 1 : 0;
  const table: Record<ProcKind, Record<Lang, [Tri, Tri, Tri, Tri, string]>> = {
    appeal: {
      de: [
        ['der Beschwerdeführer', 'die Beschwerdeführerin', ''],
        ['Beschwerdeführer', 'Beschwerdeführerin', ''],
        ['Beschwerdegegnerin', 'Beschwerdegegnerin', ''],
        ['dem Beschwerdeführer', 'der Beschwerdeführerin', ''],
        'die Vorinstanz',
      ],
      fr: [
        ['le recourant', 'la recourante', ''],
        ['recourant', 'recourante', ''],
        ['intimée', 'intimée', ''],
        ['du recourant', 'de la recourante', ''],
        federal ? 'la cour cantonale' : "l'autorité précédente",
      ],
      it: [
        ['il ricorrente', 'la ricorrente', ''],
        ['ricorrente', 'ricorrente', ''],
        ['opponente', 'opponente', ''],
        ['del ricorrente', 'della ricorrente', ''],
        federal ? 'la Corte cantonale' : "l'autorità inferiore",
      ],
    },
    civilAppeal: {
      de: [
        ['der Berufungskläger', 'die Berufungsklägerin', ''],
        ['Berufungskläger', 'Berufungsklägerin', ''],
        ['Berufungsbeklagte', 'Berufungsbeklagte', ''],
        ['dem Berufungskläger', 'der Berufungsklägerin', ''],
        'die Vorinstanz',
      ],
      fr: [
        ["l'appelant", "l'appelante", ''],
        ['appelant', 'appelante', ''],
        ['intimée', 'intimée', ''],
        ["de l'appelant", "de l'appelante", ''],
        'le premier juge',
      ],
      it: [
        ["l'appellante", "l'appellante", ''],
        ['appellante', 'appellante', ''],
        ['appellata', 'appellata', ''],
        ["dell'appellante", "dell'appellante", ''],
        'il primo giudice',
      ],
    },
    criminalTrial: {
      de: [
        ['der Beschuldigte', 'die Beschuldigte', ''],
        ['Beschuldigter', 'Beschuldigte', ''],
        ['Anklägerin', 'Anklägerin', ''],
        ['dem Beschuldigten', 'der Beschuldigten', ''],
        'die Anklage',
      ],
      fr: [
        ['le prévenu', 'la prévenue', ''],
        ['prévenu', 'prévenue', ''],
        ['accusatrice', 'accusatrice', ''],
        ['du prévenu', 'de la prévenue', ''],
        "l'accusation",
      ],
      it: [
        ["l'imputato", "l'imputata", ''],
        ['imputato', 'imputata', ''],
        ['accusatore', 'accusatore', ''],
        ["dell'imputato", "dell'imputata", ''],
        "l'accusa",
      ],
    },
    regulator: {
      de: [
        ['die Partei', 'die Partei', ''],
        ['Partei', 'Partei', ''],
        ['', '', ''],
        ['der Partei', 'der Partei', ''],
        'die Untersuchungsbehörde',
      ],
      fr: [
        ['la partie', 'la partie', ''],
        ['partie', 'partie', ''],
        ['', '', ''],
        ['de la partie', 'de la partie', ''],
        "l'autorité d'enquête",
      ],
      it: [
        ['la parte', 'la parte', ''],
        ['parte', 'parte', ''],
        ['', '', ''],
        ['della parte', 'della parte', ''],
        "l'autorità inquirente",
      ],
    },
  };
  const [appellant, label, respondent, costs, lower] = table[proc][lang];
  return {
    appellant: appellant[g],
    appellantLabel: label[g],
    respondentLabel: respondent[g],
    costs: costs[g],
    lower,
  };
}

/** A statute of the area in force in `year`; in cantonal decisions sometimes a cantonal act. */
export function statuteRef(area: Area, year: number, rng: Rng, canton: string | null): StatuteRef {
  const cantonal = canton ? CANTONAL_ACTS[canton] : undefined;
  // Civil and criminal courts cite their court organisation act; administrative ones the act of the field or procedure.
  const topic =
    area.cantonalTopic ?? (area.group === 'civil' || area.group === 'criminal' ? 'courts' : 'procedure');
  const acts = cantonal?.filter((a) => a.topic === topic) ?? [];
  if (acts.length > 0 && rng.chance(area.cantonalTopic ? 0.35 : 0.12)) {
    const act = rng.pick(acts);
    const paragraph = rng.chance(0.4) ? rng.int(1, 3) : undefined;
    return {
      act: 'cantonal',
      article: rng.pick(act.arts),
      ...(paragraph !== undefined ? { paragraph } : {}),
      cantonal: { abbr: act.abbr, paragraphSign: act.sign },
    };
  }
  for (let i = 0; i < 8; i++) {
    const ref = drawStatute(rng.pick(area.statutes), year, rng);
    if (ref) return ref;
  }
  return { act: 'BV', article: '29', paragraph: 2 };
}

/** Replaces `{S:ACT:ART[:PARA]}` with the formatted statute (act as in force in `year`). */
export function inlineStatutes(text: string, lang: Lang): string {
  return text.replace(/\{S:([^:}]+):([^:}]+)(?::(\d+))?\}/g, (_m, act: string, art: string, para?: string) =>
    formatStatute(
      { act: ACTS[act] ? act : 'BV', article: art, ...(para ? { paragraph: Number(para) } : {}) },
      lang,
    ),
  );
}

/** Fills `{Name}` slots; `{Namecap}` capitalises the value. Unknown slots are left as they are. */
export function fill(template: string, slots: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z0-9]+?)(cap)?\}/g, (m, name: string, capital?: string) => {
    const value = slots[name];
    if (value === undefined) return m;
    return capital ? cap(value) : value;
  });
}
