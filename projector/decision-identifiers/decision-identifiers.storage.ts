import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

/** The identifier table's shape: the read model's, and the citation graph's copy (`graph_keys`). */
export function identifierTableDdl(table: 'decision_identifiers' | 'graph_keys'): string {
  return `create table if not exists ${table} (
      ref_key text not null,
      kind text not null,
      decision_id text not null,
      court text not null,
      canton text not null,
      docket_register text,
      docket_year integer,
      docket_serial text,
      bge_volume integer,
      bge_part text,
      page_start integer,
      page_last_marker integer,
      page_end integer,
      event_position bigint not null,
      primary key (ref_key, decision_id)
    )`;
}

/**
 * The identifier table: every reference key naming a decision. Citation resolution (the API's
 * `/cite`, `/attest`, and the citation graph) joins extracted references against it by
 * `ref_key`, so an edge resolves whenever both sides exist, whatever the arrival order.
 */
export const decisionIdentifiersStorage = postgresTables(
  ['decision_identifiers'],
  [
    identifierTableDdl('decision_identifiers'),
    `create index decision_identifiers_decision on decision_identifiers (decision_id)`,
    `create index decision_identifiers_register on decision_identifiers (docket_register, docket_year)`,
    `create index decision_identifiers_bge on decision_identifiers (bge_volume, bge_part, page_start)`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);
