const MONTHS = {
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
} as const;

export type CitationLanguage = keyof typeof MONTHS;

/** `2015-05-22` → `22. Mai 2015` / `22 mai 2015` / `22 maggio 2015` (1er / 1° for the first day). */
export function spellDate(isoDate: string, language: CitationLanguage): string {
  return spellDay(dayOf(isoDate), language);
}

/** A date's year, month and day, read once to be spelled in several languages. */
export interface Day {
  readonly y: number | undefined;
  readonly m: number | undefined;
  readonly d: number | undefined;
}

export function dayOf(isoDate: string): Day {
  const [y, m, d] = isoDate.split('-').map(Number);
  return { y, m, d };
}

/** {@link spellDate} of a date already read. */
export function spellDay({ y, m, d }: Day, language: CitationLanguage): string {
  const month = MONTHS[language][(m ?? 1) - 1];
  const day = d ?? 1;
  if (language === 'de') return `${day}. ${month} ${y}`;
  if (language === 'fr') return `${day === 1 ? '1er' : day} ${month} ${y}`;
  return `${day === 1 ? '1°' : day} ${month} ${y}`;
}

/**
 * A date may appear in a citation only when it is a real, past date: not missing, not a
 * `YYYY-01-01` placeholder, not after `today`.
 */
export function isCitableDate(isoDate: string | null | undefined, today: string): isoDate is string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return false;
  if (isoDate.endsWith('-01-01')) return false;
  return isoDate <= today;
}
