import type { ColumnType, Generated } from 'kysely';

/**
 * The storage shape of every table: the event log (embedded and postgres modes), ingest state,
 * projection bookkeeping and the read models. Migrations in ./migrations create exactly this.
 */
export interface EventLogTable {
  position: Generated<number>;
  stream: string;
  partition: number;
  event_id: string;
  key: string;
  type: string;
  schema_version: number;
  occurred_at: string;
  source: string;
  payload: unknown;
  appended_at: Generated<string>;
}

export interface IngestStateTable {
  source: string;
  item_id: string;
  entity_key: string;
  content_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface ProjectionCheckpointTable {
  projection: string;
  stream: string;
  partition: number;
  position: number;
  updated_at: string;
}

export interface DeadLetterTable {
  id: Generated<number>;
  projection: string;
  stream: string;
  partition: number;
  position: number;
  event_id: string | null;
  event_type: string | null;
  reason: string;
  payload: unknown;
  failed_at: string;
}

export interface DecisionTable {
  decision_id: string;
  court: string;
  canton: string;
  chamber: string | null;
  docket_number: string;
  docket_key: string;
  decision_type: string | null;
  decision_date: string | null;
  publication_date: string | null;
  language: string;
  title: string;
  regeste: string | null;
  full_text: string;
  source_url: string | null;
  source: string;
  source_item_id: string;
  scraped_at: string;
  content_hash: string;
  version: number;
  event_position: number;
  updated_at: string;
}

export interface DecisionVersionTable {
  decision_id: string;
  version: number;
  content_hash: string;
  event_id: string;
  event_position: number;
  scraped_at: string;
}

export interface DecisionSearchTable {
  decision_id: string;
  court: string;
  canton: string;
  chamber: string | null;
  decision_type: string | null;
  decision_date: string | null;
  language: string;
  docket_number: string;
  title: string;
  regeste: string | null;
  rule_statement: string;
  ref_keys: string[];
  /** Written through an SQL expression (see the search projection), never read as a value. */
  tsv: ColumnType<unknown, unknown, unknown>;
  event_position: number;
}

export interface CourtDecisionTable {
  decision_id: string;
  court: string;
  canton: string;
  language: string;
  decision_date: string | null;
}

export interface CourtStatsTable {
  court: string;
  canton: string;
  decision_count: number;
  earliest_date: string | null;
  latest_date: string | null;
  languages: Record<string, number>;
}

export interface ScraperHealthTable {
  source: string;
  run_id: string;
  started_at: string;
  finished_at: string;
  success: boolean;
  decisions_added: number;
  decisions_updated: number;
  items_seen: number;
  items_failed: number;
  total_held: number;
  portal_count: number | null;
  errors: unknown;
  last_success_at: string | null;
  event_position: number;
}

export interface ProjectionGenerationTable {
  projection: string;
  generation: number;
  status: 'building' | 'live' | 'retired';
  created_at: string;
  activated_at: string | null;
}

export interface DB {
  projection_generations: ProjectionGenerationTable;
  event_log: EventLogTable;
  ingest_state: IngestStateTable;
  projection_checkpoints: ProjectionCheckpointTable;
  dead_letters: DeadLetterTable;
  decisions: DecisionTable;
  decision_versions: DecisionVersionTable;
  decision_search: DecisionSearchTable;
  court_decisions: CourtDecisionTable;
  court_stats: CourtStatsTable;
  scraper_health: ScraperHealthTable;
}
