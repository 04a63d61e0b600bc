import { courtByKey } from '../courts/court-registry.ts';
import { type CitationLanguage, type Day, dayOf, isCitableDate, spellDay } from './dates.ts';

export interface CitableDecision {
  readonly decision_id: string;
  readonly court: string;
  readonly docket_number: string;
  readonly decision_date: string | null;
}

export interface CitationStrings {
  readonly citation_string_de: string;
  readonly citation_string_fr: string;
  readonly citation_string_it: string;
}

const BGE = /^(?:BGE|ATF|DTF)\s+(\d{1,3})\s+(I[ab]?|II|III|IV|V)\s+(\d{1,4})$/i;
const MKGE = /^(?:MKGE|ATMC|STMC)\s+(\d{1,3})\s+(?:Nr\.|n°|n\.)\s*(\d{1,4})$/i;
const BVGE = /^(?:BVGE|ATAF|DTAF)\s+(\d{4}(?:\s+[IVX]{1,4})?\/\d{1,3})$/i;
const DATE_WORD: Record<CitationLanguage, string> = { de: 'vom', fr: 'du', it: 'del' };
const PINPOINT_WORD: Record<CitationLanguage, string> = { de: 'E.', fr: 'consid.', it: 'consid.' };
const LANGS: readonly CitationLanguage[] = ['de', 'fr', 'it'];

function bgeString(volume: string, part: string, page: string, lang: CitationLanguage): string {
  const prefix = { de: 'BGE', fr: 'ATF', it: 'DTF' }[lang];
  const upper = part.toUpperCase();
  const normalisedPart = upper === 'IA' || upper === 'IB' ? `I${upper[1]!.toLowerCase()}` : upper;
  return `${prefix} ${volume} ${normalisedPart} ${page}`;
}

function mkgeString(volume: string, no: string, lang: CitationLanguage): string {
  return { de: `MKGE ${volume} Nr. ${no}`, fr: `ATMC ${volume} n° ${no}`, it: `STMC ${volume} n. ${no}` }[
    lang
  ];
}

/**
 * What a decision's citation is built from in every language: a reporter reference (BGE, MKGE,
 * BVGE), or its court and docket with the date when that may be cited.
 */
type CitationParts =
  | { readonly reporter: (lang: CitationLanguage) => string }
  | {
      readonly reporter: null;
      readonly court: string;
      readonly docket: string;
      readonly date: Day | null;
    };

function citationParts(decision: CitableDecision, today: string): CitationParts {
  const docket = decision.docket_number.trim();
  const bge = BGE.exec(docket);
  if (bge) return { reporter: (lang) => bgeString(bge[1]!, bge[2]!, bge[3]!, lang) };
  const mkge = MKGE.exec(docket);
  if (mkge) return { reporter: (lang) => mkgeString(mkge[1]!, mkge[2]!, lang) };
  const bvge = BVGE.exec(docket);
  if (bvge) {
    const reference = bvge[1]!.replace(/\s+/g, ' ').toUpperCase();
    return { reporter: (lang) => `${{ de: 'BVGE', fr: 'ATAF', it: 'DTAF' }[lang]} ${reference}` };
  }
  const date = isCitableDate(decision.decision_date, today) ? dayOf(decision.decision_date) : null;
  return { reporter: null, court: decision.court, docket, date };
}

function citationFor(parts: CitationParts, lang: CitationLanguage): string {
  if (parts.reporter) return parts.reporter(lang);
  const court = courtByKey(parts.court);
  const label = court ? court.citationLabel[lang] : parts.court;
  const base = `${label} ${parts.docket}`;
  if (parts.date === null) return base;
  const spelled = spellDay(parts.date, lang);
  // Italian elides before a vowel: "dell'8 maggio", "dell'11 marzo".
  if (lang === 'it' && /^(8|11) /.test(spelled)) return `${base} dell'${spelled}`;
  return `${base} ${DATE_WORD[lang]} ${spelled}`;
}

/** Pinpoint suffix such as `, E. 2.3` / `, consid. 2.3`; empty when no pinpoint is given. */
export function pinpointSuffix(pinpoint: string | null | undefined, lang: CitationLanguage): string {
  return pinpoint ? `, ${PINPOINT_WORD[lang]} ${pinpoint}` : '';
}

/**
 * The canonical citation of a decision in de, fr and it (see the domain table): BGE without a
 * date; federal and cantonal dockets with the court label and a spelled-out date when the date is
 * real and not in the future (`today`, YYYY-MM-DD).
 */
export function citationStrings(
  decision: CitableDecision,
  today: string,
  pinpoint?: string | null,
): CitationStrings {
  const parts = citationParts(decision, today);
  const [de, fr, it] = LANGS.map((l) => citationFor(parts, l) + pinpointSuffix(pinpoint, l));
  return { citation_string_de: de!, citation_string_fr: fr!, citation_string_it: it! };
}

/** `#e-2-3` for pinpoint `2.3`; empty for none. */
export function pinpointAnchor(pinpoint: string | null | undefined): string {
  if (!pinpoint) return '';
  return `#e-${pinpoint.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}`;
}

/** `{base}/entscheid/{percent-encoded id}` plus the optional pinpoint anchor. */
export function canonicalUrl(baseUrl: string, decisionId: string, pinpoint?: string | null): string {
  return `${baseUrl.replace(/\/+$/, '')}/entscheid/${encodeURIComponent(decisionId)}${pinpointAnchor(pinpoint)}`;
}
