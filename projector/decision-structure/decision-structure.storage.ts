import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

/**
 * The structure read model: one row of sections per decision, and one row per numbered
 * Erwägung so that `/erwaegung` and pinpoint checks are index lookups.
 */
export const decisionStructureStorage = postgresTables(
  ['decision_structure', 'decision_erwaegungen'],
  [
    `create table decision_structure (
      decision_id text primary key,
      court text not null,
      language text not null,
      regeste text,
      regeste_de text,
      regeste_fr text,
      regeste_it text,
      header text,
      facts text,
      considerations_intro text,
      operative text,
      erwaegung_count integer not null,
      last_page integer,
      facts_source text not null,
      considerations_source text not null,
      operative_source text not null,
      segmenter_version integer not null,
      event_position bigint not null
    )`,
    `create table decision_erwaegungen (
      decision_id text not null,
      ordinal integer not null,
      number text not null,
      label text not null,
      parent text,
      depth integer not null,
      text text not null,
      page integer,
      primary key (decision_id, ordinal)
    )`,
    `create unique index decision_erwaegungen_number on decision_erwaegungen (decision_id, number)`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);
