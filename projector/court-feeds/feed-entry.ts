import { createHash } from 'node:crypto';
import type { NormalisedDecision } from '../../contracts/events/index.ts';
import type { CourtFeedEntry } from '../../infra/db/schema.ts';

/** Decisions a court feed holds: the 50 most recent (see the spec's limits). */
export const COURT_FEED_SIZE = 50;

/** Longest summary an entry carries when it falls back to the start of the text. */
const TEXT_SUMMARY_CHARS = 600;

/** Whitespace collapsed; the text cut back to a word end near `max` characters, with an ellipsis. */
function startOf(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const hard = flat.slice(0, max);
  const space = hard.lastIndexOf(' ');
  return `${(space > max * 0.7 ? hard.slice(0, space) : hard).trimEnd()} …`;
}

/** The feed entry of a decision (without `updated`, which the projection keeps). */
export function feedEntryOf(d: NormalisedDecision): Omit<CourtFeedEntry, 'updated'> {
  const regeste = d.regeste?.trim();
  return {
    decision_id: d.decision_id,
    court: d.court,
    canton: d.canton,
    language: d.language,
    title: d.title.trim(),
    docket_number: d.docket_number,
    decision_date: d.decision_date,
    summary: regeste ? regeste : startOf(d.full_text, TEXT_SUMMARY_CHARS),
  };
}

/** A stable hash of a JSON-serialisable value. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
