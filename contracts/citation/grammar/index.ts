/**
 * Citation grammar (pure): finds case citations and statute references in German, French and
 * Italian text. See `find-citations.ts` for the kinds, keys and confidence rules and
 * `law-abbreviations.ts` for the law table.
 */
export {
  CANTONAL_CONFIDENCE,
  CONFIDENCE,
  CONTRADICTION_CAP,
  STATUTE_CONFIDENCE,
  findCitations,
  isCaseCitation,
  type CitationKind,
  type CitationMatch,
  type CitationSpan,
  type FindCitationsOptions,
  type GrammarLanguage,
  type StatuteDetail,
} from './find-citations.ts';
export {
  LAW_ABBREVIATIONS,
  lawBySpelling,
  lawBySr,
  srForLaw,
  type LawAbbreviation,
  type LawSpelling,
} from './law-abbreviations.ts';
export { datePhraseAt, isoDate, type StatedDate } from './stated-dates.ts';
