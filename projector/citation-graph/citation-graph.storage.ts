import { DECISION_SOURCES_DDL } from '../decision-changes.ts';
import { postgresTables } from '../storage/projection-storage.ts';

/**
 * The citation graph read model. References are stored as extracted (key as the grammar
 * normalised it, court and canton the wording names, pinpoints, the grammar's confidence) and
 * resolved at read time by joining `decision_references.ref_key` against
 * `decision_identifiers.ref_key` (and BGE inner pages against its page ranges), so an edge
 * exists as soon as both decisions do, whatever their arrival order. The citing side's date,
 * court and canton are copied onto each reference so that incoming lookups and filters need no
 * second join.
 *
 * - `citation_nodes`: one row per decision: the fields of its summary (citation strings,
 *   rule statement) and its reference counts.
 * - `decision_references`: per decision, one row per distinct case reference (role `citation`)
 *   and per lower-court decision it names (role `appeal_prior`).
 * - `statute_references`: per decision, one row per distinct act (SR number when federal) and
 *   article, with the number of mentions.
 */
export const citationGraphStorage = postgresTables(
  ['citation_nodes', 'decision_references', 'statute_references'],
  [
    `create table citation_nodes (
      decision_id text primary key,
      court text not null,
      canton text not null,
      language text not null,
      decision_date date,
      docket_number text not null,
      title text not null,
      chamber text,
      decision_type text,
      regeste text,
      rule_statement text not null,
      case_references integer not null,
      statute_references integer not null,
      event_position bigint not null
    )`,
    `create index citation_nodes_date on citation_nodes (decision_date)`,
    `create table decision_references (
      source_id text not null,
      ordinal integer not null,
      role text not null,
      kind text not null,
      origin text not null,
      level integer not null,
      raw text not null,
      ref_key text,
      docket text,
      ref_court text,
      ref_canton text,
      bge_volume integer,
      bge_part text,
      bge_page integer,
      pin_page integer,
      pinpoints text,
      stated_date date,
      match_confidence double precision not null,
      mentions integer not null,
      source_date date,
      source_court text not null,
      source_canton text not null,
      primary key (source_id, ordinal)
    )`,
    // incoming lookups and in-degrees by key, answered from the index alone (hubs: 10k+ rows)
    `create index decision_references_key on decision_references (ref_key)
      include (role, ref_court, ref_canton, stated_date, match_confidence, source_date, source_id, ordinal)`,
    `create index decision_references_bge_page on decision_references (bge_volume, bge_part, bge_page) where kind = 'bge'`,
    `create table statute_references (
      source_id text not null,
      act_key text not null,
      article text not null,
      sr_number text,
      law text,
      canton text,
      raw text not null,
      mentions integer not null,
      match_confidence double precision not null,
      source_date date,
      source_court text not null,
      source_canton text not null,
      primary key (source_id, act_key, article)
    )`,
    `create index statute_references_article on statute_references (act_key, article, source_id)
      include (source_date, source_court)`,
    `create index statute_references_act on statute_references (act_key, source_id)`,
    DECISION_SOURCES_DDL,
  ],
  [DECISION_SOURCES_DDL],
);
