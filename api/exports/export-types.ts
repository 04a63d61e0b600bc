import type { CitationStrings } from '../../contracts/citation/citation-strings.ts';

export type ExportLanguage = 'de' | 'fr' | 'it';

/** A block of the document body: a heading (level 1 = section, 2+ = Erwägung depth) or a paragraph. */
export type ExportBlock =
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string };

/** Everything an export shows of a decision, in the order every format shows it. */
export interface ExportDocument {
  readonly decisionId: string;
  /** Language of the decision (labels follow it; Romansh decisions get German labels). */
  readonly language: string;
  readonly labelLanguage: ExportLanguage;
  readonly title: string;
  readonly citations: CitationStrings;
  readonly court: string;
  readonly courtName: string;
  readonly canton: string;
  readonly decisionDate: string | null;
  readonly docketNumber: string;
  readonly canonicalUrl: string;
  readonly regeste: string | null;
  /** Sachverhalt, each Erwägung under its number, Dispositiv; the whole text when no Erwägungen were recognised. */
  readonly body: readonly ExportBlock[];
}
