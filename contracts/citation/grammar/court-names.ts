/**
 * Court and canton names as they are written in running text: `des Bundesgerichts`,
 * `du Tribunal fédéral`, `Obergericht des Kantons Zürich`, `Cour de justice de Genève`,
 * `Tribunale d'appello del Cantone Ticino`, `BGer`, `TF`, ... The federal and cantonal names come
 * from the court registry (every language), so a registry court is recognised by the same words
 * its citation strings use; generic cantonal court types that the registry does not hold
 * (`Bezirksgericht`, `Tribunal de première instance`, ...) are recognised without a court key.
 *
 * Words are compared lower-cased and accent-folded; German genitives (`Obergerichts`) and
 * adjective endings (`kantonalen`) are reduced, so `des kantonalen Verwaltungsgerichts` matches the
 * registry's `Kantonales Verwaltungsgericht`. Abbreviations (`BGer`, `TF`, `EVG`) match exactly.
 */
import { CANTONS, type CantonCode } from '../../courts/cantons.ts';
import { COURTS } from '../../courts/court-registry.ts';
import {
  DE,
  FR,
  IT,
  LANG_BITS,
  fold,
  isApostropheCode,
  isLetterAt,
  isSpaceAt,
  isUpperAt,
  readLetters,
  skipSpaces,
  type GrammarLanguage,
} from './text-scan.ts';

// ---------------------------------------------------------------------------------------------
// Phrase tokens

export interface PhraseToken {
  readonly start: number;
  readonly end: number;
  /** The token as written. */
  readonly raw: string;
  /** Folded and normalised (`Obergerichts` → `obergericht`, `d’` → `d'`). */
  readonly word: string;
}

/** Reduces inflected German forms so that they compare equal to the registry's names. */
export function normaliseWord(folded: string): string {
  if (folded.endsWith('gerichts')) return folded.slice(0, -1);
  if (folded.endsWith('gerichtes')) return folded.slice(0, -2);
  if (folded.startsWith('kantonal') && /^kantonal(?:e|en|es|er)?$/.test(folded)) return 'kantonal';
  if (folded.startsWith('eidg') && (folded === 'eidg' || /^eidgenossisch(?:e|en|es|er)?$/.test(folded)))
    return 'eidgenossisch';
  return folded;
}

/**
 * The word token starting exactly at i: letters, hyphen compounds (`Basel-Stadt`) and an elided
 * article with its apostrophe (`d'`, `dell'`, `l'`) as a token of its own.
 */
export function wordTokenAt(s: string, i: number): PhraseToken | null {
  if (!isLetterAt(s, i)) return null;
  let j = readLetters(s, i, 40);
  if (j - i > 40) return null;
  while (s[j] === '-' && isLetterAt(s, j + 1) && j - i < 40) j = readLetters(s, j + 1, 40);
  if (isApostropheCode(s.charCodeAt(j)) && isLetterAt(s, j + 1) && j - i <= 5) j++;
  const raw = s.slice(i, j);
  return { start: i, end: j, raw, word: normaliseWord(fold(raw)) };
}

/**
 * Where the token after `prev` may start: after an elision directly; after a short token and a
 * dot (`St. Gallen`, `Eidg. Versicherungsgericht`) or after whitespace. -1 when nothing follows.
 */
export function nextTokenStart(s: string, prev: PhraseToken): number {
  let j = prev.end;
  if (isApostropheCode(s.charCodeAt(j - 1))) return skipSpaces(s, j);
  if (s[j] === '.' && prev.end - prev.start <= 4) j++;
  // `Obergericht/Handelsgericht`: a slash joins two names of one court
  if (s[j] === '/' && isLetterAt(s, j + 1)) return j + 1;
  // `Justiz- und Sicherheitsdepartement`, `Tribunaux régional - Civil`, `des avocates, des avocats`
  if (s[j] === '-' || s[j] === '–' || s[j] === ',') {
    const k = skipSpaces(s, j + 1);
    if (k > j + 1) return k;
  }
  const k = skipSpaces(s, j);
  if (k > j && (s[k] === '-' || s[k] === '–') && isSpaceAt(s, k + 1)) return skipSpaces(s, k + 1);
  return k > j || (k === j && j > prev.end && !isSpaceAt(s, j)) ? k : -1;
}

// ---------------------------------------------------------------------------------------------
// Phrase trie

interface TrieNode<T> {
  readonly next: Map<string, TrieNode<T>>;
  value?: T;
}

/** Longest-match dictionary of word sequences (at most `maxWords` words are read). */
export class PhraseTrie<T> {
  private readonly root: TrieNode<T> = { next: new Map() };
  private maxWords = 0;

  constructor(private readonly merge: (a: T, b: T) => T = (a) => a) {}

  add(phrase: string, value: T): void {
    const words: string[] = [];
    const s = phrase.trim();
    for (let i = 0; i < s.length;) {
      const t = wordTokenAt(s, i);
      if (!t) {
        i++;
        continue;
      }
      words.push(t.word);
      i = t.end;
    }
    if (words.length === 0) return;
    let node = this.root;
    for (const w of words) {
      let child = node.next.get(w);
      if (!child) {
        child = { next: new Map() };
        node.next.set(w, child);
      }
      node = child;
    }
    node.value = node.value === undefined ? value : this.merge(node.value, value);
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  /** Whether some phrase starts with this (normalised) word. */
  startsWith(word: string): boolean {
    return this.root.next.has(word);
  }

  /** The (normalised) words that phrases start with. */
  firstWords(): Iterable<string> {
    return this.root.next.keys();
  }

  /** Longest phrase starting exactly at i: its end and value. */
  match(
    s: string,
    i: number,
    first: PhraseToken | null = wordTokenAt(s, i),
  ): { readonly end: number; readonly value: T } | null {
    let node = this.root;
    let best: { end: number; value: T } | null = null;
    let token = first;
    for (let n = 0; token && n < this.maxWords; n++) {
      const child = node.next.get(token.word);
      if (!child) break;
      node = child;
      if (node.value !== undefined) best = { end: token.end, value: node.value };
      const next = nextTokenStart(s, token);
      token = next < 0 ? null : wordTokenAt(s, next);
    }
    return best;
  }
}

// ---------------------------------------------------------------------------------------------
// Courts

export type CourtPhraseKind = 'federal' | 'cantonal' | 'regulator';

export interface CourtPhrase {
  readonly kind: CourtPhraseKind;
  /** Court key of a federal court or regulator; null for cantonal names (resolved with the canton). */
  readonly key: string | null;
  /** Normalised phrase; with the canton it selects the cantonal registry court. */
  readonly name: string;
  /** The former Federal Insurance Court (EVG / TFA), today part of `bger`. */
  readonly evg: boolean;
  readonly languages: number;
}

const unionLanguages = (a: CourtPhrase, b: CourtPhrase): CourtPhrase => ({
  ...a,
  languages: a.languages | b.languages,
});

const COURT_PHRASES = new PhraseTrie<CourtPhrase>(unionLanguages);
const COURT_ABBREVIATIONS = new Map<string, CourtPhrase>();
/** `${canton}|${normalised name}` → registry key of the cantonal court. */
const CANTONAL_KEYS = new Map<string, string>();

function phraseName(phrase: string): string {
  const words: string[] = [];
  for (let i = 0; i < phrase.length;) {
    const t = wordTokenAt(phrase, i);
    if (!t) {
      i++;
      continue;
    }
    words.push(t.word);
    i = t.end;
  }
  return words.join(' ');
}

const LANGS: readonly GrammarLanguage[] = ['de', 'fr', 'it'];
const FRENCH_CANTONS = new Set(['GE', 'VD', 'NE', 'JU']);

/**
 * The languages a court's name in `lang` is written in. The portal's tree often gives one name
 * for all three languages (`Obergericht`); such a name belongs to the canton's language only.
 */
function nameLanguages(court: (typeof COURTS)[number], lang: GrammarLanguage): number {
  const { de, fr, it } = court.name;
  if (de !== fr || de !== it) return LANG_BITS[lang];
  const own: GrammarLanguage = court.canton === 'TI' ? 'it' : FRENCH_CANTONS.has(court.canton) ? 'fr' : 'de';
  return LANG_BITS[own];
}

for (const court of COURTS) {
  if (court.family === 'bge') continue; // the collection is recognised by its BGE/ATF/DTF prefix
  // The portal's buckets ("unbekanntes Gericht", "Sammelwerk", "Diversi") name no court in running text.
  if (court.level === 'collection' || court.level === 'unknown') continue;
  const kind: CourtPhraseKind =
    court.family === 'cantonal' ? 'cantonal' : court.family === 'regulator' ? 'regulator' : 'federal';
  for (const lang of LANGS) {
    const name = phraseName(court.name[lang]);
    if (kind === 'cantonal') {
      const indexKey = `${court.canton}|${name}`;
      if (!CANTONAL_KEYS.has(indexKey)) CANTONAL_KEYS.set(indexKey, court.key);
    }
    COURT_PHRASES.add(court.name[lang], {
      kind,
      key: kind === 'cantonal' ? null : court.key,
      name,
      evg: false,
      languages: nameLanguages(court, lang),
    });
    if (kind !== 'cantonal') {
      const label = court.citationLabel[lang];
      const known = COURT_ABBREVIATIONS.get(label);
      COURT_ABBREVIATIONS.set(label, {
        kind,
        key: court.key,
        name: label,
        evg: false,
        languages: (known?.languages ?? 0) | LANG_BITS[lang],
      });
    }
  }
}

// The former Federal Insurance Court (merged into the Federal Supreme Court in 2007).
for (const [name, languages] of [
  ['Eidgenössisches Versicherungsgericht', DE],
  ['Tribunal fédéral des assurances', FR],
  ['Tribunale federale delle assicurazioni', IT],
] as const) {
  COURT_PHRASES.add(name, { kind: 'federal', key: 'bger', name: phraseName(name), evg: true, languages });
}
// Abbreviations of cantonal court types (`VGr, 22. August 2024, VB.2022.00382`, `OGer ZH LB190012`):
// the canton is written after them or taken from the citing decision.
// prettier-ignore
for (const [abbreviation, name] of [
  ['VGr', 'Verwaltungsgericht'], ['VGer', 'Verwaltungsgericht'], ['VerwGer', 'Verwaltungsgericht'],
  ['OGer', 'Obergericht'], ['KGer', 'Kantonsgericht'], ['HGer', 'Handelsgericht'], ['BezGer', 'Bezirksgericht'],
  ['SVGer', 'Sozialversicherungsgericht'], ['SozVGer', 'Sozialversicherungsgericht'], ['AppGer', 'Appellationsgericht'],
] as const) {
  COURT_ABBREVIATIONS.set(abbreviation, { kind: 'cantonal', key: null, name: phraseName(name), evg: false, languages: DE });
}
COURT_ABBREVIATIONS.set('EVG', { kind: 'federal', key: 'bger', name: 'EVG', evg: true, languages: DE });
COURT_ABBREVIATIONS.set('TFA', { kind: 'federal', key: 'bger', name: 'TFA', evg: true, languages: FR | IT });

// Cantonal court types the registry does not hold: recognised, mapped to no key.
// prettier-ignore
const GENERIC_CANTONAL: readonly (readonly [number, readonly string[]])[] = [
  [DE, ['Obergericht', 'Verwaltungsgericht', 'Kantonsgericht', 'Bezirksgericht', 'Handelsgericht', 'Steuerrekursgericht', 'Baurekursgericht',
    'Strafgericht', 'Zivilgericht', 'Kassationsgericht', 'Versicherungsgericht', 'Sozialversicherungsgericht', 'Appellationsgericht',
    'Jugendgericht', 'Regionalgericht', 'Kreisgericht', 'Arbeitsgericht', 'Mietgericht', 'Zwangsmassnahmengericht', 'Steuergericht',
    'Enteignungsgericht', 'Personalrekursgericht', 'Spezialverwaltungsgericht', 'Landgericht', 'Amtsgericht', 'Bezirksgerichte', 'Einzelgericht']],
  [FR, ['Tribunal cantonal', 'Tribunal administratif', 'Tribunal de première instance', 'Tribunal civil', "Tribunal d'arrondissement",
    'Tribunal des baux', "Cour d'appel", "Cour d'appel civile", "Cour d'appel pénale", 'Chambre des recours pénale', 'Chambre pénale de recours',
    'Tribunal de police', 'Tribunal correctionnel', 'Cour de droit administratif et public', 'Cour des assurances sociales',
    "Tribunal des prud'hommes", 'Chambre administrative', 'Cour administrative', 'Tribunal des mesures de contrainte', 'Cour civile',
    'Cour pénale', 'Tribunal régional', 'Tribunal pénal', 'Tribunal du district', 'Tribunal de district', 'Cour de justice', 'Cour suprême',
    'Tribunal des mineurs', 'Tribunal criminel', 'Chambre des recours', 'Cour des plaintes']],
  [IT, ['Pretura', 'Pretura penale', 'Tribunale penale cantonale', 'Corte di appello e di revisione penale', 'Camera civile',
    'Tribunale cantonale delle assicurazioni', 'Tribunale amministrativo', 'Corte dei reclami penali', 'Tribunale di appello',
    "Tribunale d'appello", 'Tribunale cantonale', 'Tribunale cantonale amministrativo', 'Tribunale di espropriazione',
    'Camera di diritto tributario', 'Camera dei ricorsi penali', 'Tribunale della pianificazione']],
];
for (const [languages, names] of GENERIC_CANTONAL) {
  for (const name of names)
    COURT_PHRASES.add(name, { kind: 'cantonal', key: null, name: phraseName(name), evg: false, languages });
}

export interface CourtPhraseMatch {
  readonly end: number;
  readonly phrase: CourtPhrase;
}

/** A court name or abbreviation starting exactly at i (longest match). */
export function courtPhraseAt(
  s: string,
  i: number,
  token: PhraseToken | null = wordTokenAt(s, i),
): CourtPhraseMatch | null {
  if (!token || !mayStartCourtPhrase(token)) return null;
  const abbreviation = COURT_ABBREVIATIONS.get(token.raw);
  if (abbreviation) return { end: token.end, phrase: abbreviation };
  const m = COURT_PHRASES.match(s, i, token);
  return m ? { end: m.end, phrase: m.value } : null;
}

/** Whether a court name or abbreviation may start with this token. */
export function mayStartCourtPhrase(token: PhraseToken): boolean {
  return COURT_ABBREVIATIONS.has(token.raw) || COURT_PHRASES.startsWith(token.word);
}

/** Every word a court name or abbreviation may start with (lower-cased, folded). */
export function courtStartWords(): string[] {
  return [...COURT_PHRASES.firstWords(), ...[...COURT_ABBREVIATIONS.keys()].map(fold)];
}

/** The registry key of the cantonal court with this (normalised) name in this canton. */
export function cantonalCourtKey(canton: CantonCode, name: string): string | null {
  return CANTONAL_KEYS.get(`${canton}|${name}`) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Cantons

// prettier-ignore
const CANTON_NAMES: Readonly<Record<CantonCode, readonly string[]>> = {
  ZH: ['Zürich', 'Zurich', 'Zurigo'],
  BE: ['Bern', 'Berne', 'Berna'],
  LU: ['Luzern', 'Lucerne', 'Lucerna'],
  UR: ['Uri'],
  SZ: ['Schwyz', 'Svitto'],
  OW: ['Obwalden', 'Obwald', 'Obvaldo'],
  NW: ['Nidwalden', 'Nidwald', 'Nidvaldo'],
  GL: ['Glarus', 'Glaris', 'Glarona'],
  ZG: ['Zug', 'Zoug', 'Zugo'],
  FR: ['Freiburg', 'Fribourg', 'Friburgo'],
  SO: ['Solothurn', 'Soleure', 'Soletta'],
  BS: ['Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basilea-Città'],
  BL: ['Basel-Landschaft', 'Basel-Land', 'Baselland', 'Bâle-Campagne', 'Basilea Campagna', 'Basilea-Campagna'],
  SH: ['Schaffhausen', 'Schaffhouse', 'Sciaffusa'],
  AR: ['Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno'],
  AI: ['Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno'],
  SG: ['St. Gallen', 'Sankt Gallen', 'Saint-Gall', 'San Gallo'],
  GR: ['Graubünden', 'Grisons', 'Grigioni'],
  AG: ['Aargau', 'Argovie', 'Argovia'],
  TG: ['Thurgau', 'Thurgovie', 'Turgovia'],
  TI: ['Tessin', 'Ticino'],
  VD: ['Waadt', 'Vaud'],
  VS: ['Wallis', 'Valais', 'Vallese'],
  NE: ['Neuenburg', 'Neuchâtel'],
  GE: ['Genf', 'Genève', 'Ginevra'],
  JU: ['Jura', 'Giura'],
};

// Adjectives naming a canton (`zürcherischen Obergerichts`, `Tribunal cantonal vaudois`,
// `Tribunale d'appello ticinese`); German stems take the endings -e/-en/-er/-es.
// prettier-ignore
const CANTON_ADJECTIVES: Readonly<Partial<Record<CantonCode, readonly string[]>>> = {
  ZH: ['zürcherisch*', 'Zürcher', 'zurichois', 'zurichoise', 'zurighese'],
  BE: ['bernisch*', 'Berner', 'bernois', 'bernoise', 'bernese'],
  LU: ['luzernisch*', 'Luzerner', 'lucernois', 'lucernoise', 'lucernese'],
  UR: ['urnerisch*', 'Urner', 'uranais', 'urano'],
  SZ: ['schwyzerisch*', 'Schwyzer', 'schwytzois', 'svittese'],
  OW: ['Obwaldner', 'obwaldnerisch*'],
  NW: ['Nidwaldner', 'nidwaldnerisch*'],
  GL: ['glarnerisch*', 'Glarner', 'glaronais', 'glaronese'],
  ZG: ['zugerisch*', 'Zuger', 'zougois', 'zugese'],
  FR: ['freiburgisch*', 'Freiburger', 'fribourgeois', 'fribourgeoise', 'friburghese'],
  SO: ['solothurnisch*', 'Solothurner', 'soleurois', 'soleuroise', 'solettese'],
  BS: ['baselstädtisch*', 'basel-städtisch*'],
  BL: ['basellandschaftlich*', 'Basellandschaftlich*'],
  SH: ['schaffhauserisch*', 'Schaffhauser', 'schaffhousois', 'schaffhousoise', 'sciaffusano'],
  AR: ['ausserrhodisch*'],
  AI: ['innerrhodisch*'],
  SG: ['st.-gallisch*', 'sankt-gallisch*', 'saint-gallois', 'saint-galloise', 'sangallese'],
  GR: ['bündnerisch*', 'Bündner', 'grison', 'grisonne', 'grisons', 'grigionese'],
  AG: ['aargauisch*', 'Aargauer', 'argovien', 'argovienne', 'argoviese'],
  TG: ['thurgauisch*', 'Thurgauer', 'thurgovien', 'thurgovienne', 'turgoviese'],
  TI: ['tessinisch*', 'Tessiner', 'tessinois', 'tessinoise', 'ticinese'],
  VD: ['waadtländisch*', 'Waadtländer', 'vaudois', 'vaudoise', 'vodese'],
  VS: ['walliserisch*', 'Walliser', 'valaisan', 'valaisanne', 'vallesano', 'vallesana'],
  NE: ['neuenburgisch*', 'Neuenburger', 'neuchâtelois', 'neuchâteloise', 'neocastellano'],
  GE: ['genferisch*', 'Genfer', 'genevois', 'genevoise', 'ginevrino', 'ginevrina'],
  JU: ['jurassisch*', 'jurassien', 'jurassienne', 'giurassiano'],
};

const CANTON_PHRASES = new PhraseTrie<CantonCode>();
const CANTON_ADJECTIVE_WORDS = new Map<string, CantonCode>();
const CANTON_CODES = new Set<string>(CANTONS);

for (const canton of CANTONS) {
  for (const name of CANTON_NAMES[canton]) CANTON_PHRASES.add(name, canton);
  for (const adjective of CANTON_ADJECTIVES[canton] ?? []) {
    const stems = adjective.endsWith('*')
      ? ['', 'e', 'en', 'er', 'es'].map((ending) => adjective.slice(0, -1) + ending)
      : [adjective];
    for (const form of stems) {
      const folded = fold(form);
      CANTON_ADJECTIVE_WORDS.set(folded, canton);
      CANTON_PHRASES.add(form, canton);
    }
  }
}

/** The canton named by an adjective token (`zürcherischen`, `vaudois`), if any. */
export function cantonOfAdjective(token: PhraseToken): CantonCode | null {
  return CANTON_ADJECTIVE_WORDS.get(token.word) ?? null;
}

/** Words between a court name and its canton: `des Kantons`, `du canton de`, `del Cantone`. */
// prettier-ignore
const CANTON_FILLERS = new Set([
  'des', 'kantons', 'kanton', 'du', 'canton', 'de', "d'", 'del', 'cantone', 'di', 'dei', 'della', 'von', 'la', 'le',
  'republique', 'et', 'republik', 'und', 'repubblica', 'e', 'der',
]);

export interface CantonMatch {
  readonly end: number;
  readonly canton: CantonCode;
}

/** A canton code token (`ZH`), also in parentheses (`(ZH)`), exactly at i. */
function cantonCodeAt(s: string, i: number): CantonMatch | null {
  const open = s[i] === '(' ? 1 : 0;
  const a = i + open;
  if (!isUpperAt(s, a) || !isUpperAt(s, a + 1) || isLetterAt(s, a + 2)) return null;
  const code = s.slice(a, a + 2);
  if (!CANTON_CODES.has(code)) return null;
  if (open && s[a + 2] !== ')') return null;
  const end = a + 2 + open;
  // a code glued to a digit or joiner is part of something else (`ZH-123`)
  if (
    !open &&
    (s[end] === '-' || s[end] === '/' || s[end] === '_' || s[end] === '.') &&
    s[end + 1] !== undefined &&
    !isSpaceAt(s, end + 1)
  )
    return null;
  return { end, canton: code as CantonCode };
}

/**
 * The canton written after a court name at i: a code (`ZH`, `(ZH)`), a name after optional
 * fillers (`des Kantons Zürich`, `du canton de Genève`, `del Cantone Ticino`, `Bern`) or an
 * adjective (`vaudois`, `ticinese`). i is where the next token may start.
 */
export function cantonAfterCourt(s: string, i: number): CantonMatch | null {
  const code = cantonCodeAt(s, i);
  if (code) return code;
  let pos = i;
  for (let fillers = 0; fillers <= 8; fillers++) {
    const phrase = CANTON_PHRASES.match(s, pos);
    if (phrase) return { end: phrase.end, canton: phrase.value };
    const t = wordTokenAt(s, pos);
    if (!t || !CANTON_FILLERS.has(t.word)) return null;
    pos = nextTokenStart(s, t);
    if (pos < 0) return null;
  }
  return null;
}
