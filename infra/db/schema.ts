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
  /** The portal's checksum of the item as last read (null for sources without one). */
  source_checksum: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IngestCompletionTable {
  source: string;
  completed_at: string;
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
  /** Set while the source no longer lists the decision (DecisionWithdrawn); null otherwise. */
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
}

export interface DecisionVersionTable {
  decision_id: string;
  version: number;
  content_hash: string;
  event_id: string;
  event_position: number;
  scraped_at: string;
  /** When the service first saw this content (the event's occurredAt). Null only in rows of older releases. */
  seen_at: string | null;
  /** The fields that differ from the previous version (VERSIONED_FIELDS); empty for version 1. */
  changed: unknown;
  source: string | null;
  /** The full normalised record of this version (NormalisedDecision). */
  record: unknown;
}

/** Per projection generation: the source of the decision record it holds (source precedence). */
export interface DecisionSourceTable {
  decision_id: string;
  source: string;
  event_position: number;
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
  /** The rank vector (`rankVectorOf`), written and read like `tsv`. */
  rank_tsv: ColumnType<unknown, unknown, unknown>;
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

/** What a court feed shows of one decision (projection `court-feeds`). */
export interface CourtFeedEntry {
  decision_id: string;
  court: string;
  canton: string;
  language: string;
  title: string;
  docket_number: string;
  decision_date: string | null;
  /** The Regeste, else the start of the text (whitespace collapsed). */
  summary: string;
  /** When the entry's content last changed (ISO date-time of the event that changed it). */
  updated: string;
}

/** Every decision of a court as a feed entry, from which the snapshots are cut. */
export interface CourtFeedItemTable {
  decision_id: string;
  court: string;
  decision_date: string | null;
  entry: CourtFeedEntry;
  /** Hash of the entry without `updated`: an unchanged republication keeps its `updated`. */
  entry_digest: string;
}

/** Per court, the snapshot of its most recent decisions (decision_date desc, then id). */
export interface CourtFeedTable {
  court: string;
  entries: CourtFeedEntry[];
  /** Latest `updated` of the entries; null for an empty feed. */
  updated: string | null;
  /** Hash of the snapshot's entries. */
  digest: string;
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
  unknown_courts: unknown;
  metadata_disagreements: unknown;
  decisions_withdrawn: number;
  /** Failed portal requests of the latest run; null when the source reports none (no HTTP, older event). */
  http_errors: number | null;
  duration_ms: number | null;
  /** Failed runs since the last successful one. */
  consecutive_failures: number;
}

/** A source the latest schedule declaration names (the job that runs it, its cron expression). */
export interface ScraperScheduleTable {
  source: string;
  schedule_key: string;
  cron: string;
  timezone: string;
  declared_at: string;
}

export interface StatuteVersionTable {
  jurisdiction: string;
  sr_number: string;
  language: string;
  consolidation_date: string;
  title: string;
  abbreviation: string | null;
  abbreviation_key: string | null;
  title_key: string;
  eli: string | null;
  entry_into_force: string | null;
  /** StatuteBlock[] as JSON. */
  blocks: unknown;
  article_count: number;
  is_latest: Generated<boolean>;
  source: string;
  source_url: string | null;
  content_hash: string;
  event_position: number;
  updated_at: string;
}

export interface StatuteArticleTable {
  jurisdiction: string;
  sr_number: string;
  language: string;
  consolidation_date: string;
  ordinal: number;
  article_num: string;
  eid: string;
  heading: string | null;
  text: string;
  block_id: string | null;
  block_path: string[];
  main_body: boolean;
  is_latest: Generated<boolean>;
  /** Written through an SQL expression (see the statutes projection), never read as a value. */
  tsv: ColumnType<unknown, unknown, unknown>;
  /** `{ date, by }` of a repealed article, else null. */
  repealed: unknown;
  /** `[{ marker, text }]`: the article's footnotes. */
  footnotes: ColumnType<unknown, unknown, unknown>;
}

/** One commentary record per source id (one language each). */
export interface CommentaryTable {
  commentary_id: string;
  language: string;
  title: string;
  kind: string;
  article_num: string | null;
  abbreviation: string | null;
  sr_number: string | null;
  act_title: string | null;
  authors: string[];
  editors: string[];
  /** YYYY-MM-DD as text. */
  edition_date: string | null;
  suggested_citation: string | null;
  licence: string;
  licence_url: string;
  url: string;
  pdf_url: string | null;
  legal_text: string | null;
  sample: boolean;
  paragraph_count: number;
  source: string;
  content_hash: string;
  event_position: number;
  updated_at: string;
}

/** One paragraph of a commentary, verbatim, with its margin number. */
export interface CommentaryParagraphTable {
  commentary_id: string;
  ordinal: number;
  margin: string | null;
  text: string;
  language: string;
  sr_number: string | null;
  article_num: string | null;
  /** Written through an SQL expression (see the commentaries projection), never read as a value. */
  tsv: ColumnType<unknown, unknown, unknown>;
}

export interface LegislationCatalogTable {
  catalog_id: number;
  language: string;
  jurisdiction: string;
  systematic_number: string;
  title: string;
  abbreviation: string | null;
  abbreviation_key: string | null;
  title_key: string;
  is_active: boolean;
  version_active_since: string | null;
  inactive_since: string | null;
  keywords: string[];
  original_url: string | null;
  source_url: string | null;
  tsv: ColumnType<unknown, unknown, unknown>;
  content_hash: string;
  event_position: number;
  updated_at: string;
}

export interface LegislationCatalogVersionTable {
  catalog_id: number;
  language: string;
  active_since: string;
  active_until: string | null;
  original_url: string | null;
  event_position: number;
}

export interface GazetteFirstPageTable {
  /** `oc` (AS/RO/RU) or `fga` (BBl/FF). */
  collection: string;
  /** `*` for the official compilation; de/fr/it for the Federal Gazette's editions. */
  edition: string;
  year: number;
  page: number;
  eli: string;
  /** Where the reference was found: the citing act, or the catalogue entry. */
  found_in_jurisdiction: string | null;
  found_in_sr_number: string | null;
  found_in_title: string | null;
  found_by: string;
  event_position: number;
}

/** One gazette document about one act in one language (projection `materials`). */
export interface MaterialTable {
  eli: string;
  language: string;
  sr_number: string;
  /** `botschaft` or `parliamentary_change`. */
  kind: string;
  title: string;
  document_date: string | null;
  /** BBl (de) or FF (fr, it). */
  ref_type: string;
  gazette_year: number;
  gazette_page: number;
  passage_count: number;
  /** The bundled sample's synthetic text. */
  sample: boolean;
  source: string;
  source_url: string | null;
  content_hash: string;
  event_position: number;
  updated_at: string;
}

/** One verbatim passage of a gazette document (projection `materials`). */
export interface MaterialPassageTable {
  eli: string;
  language: string;
  sr_number: string;
  ordinal: number;
  page: number;
  section: string | null;
  topic: string;
  articles: string[];
  text: string;
  /** Written through an SQL expression (see the materials projection), never read as a value. */
  tsv: ColumnType<unknown, unknown, unknown>;
}

/** One decision's sections (projection `decision-structure`). */
export interface DecisionStructureTable {
  decision_id: string;
  court: string;
  language: string;
  regeste: string | null;
  regeste_de: string | null;
  regeste_fr: string | null;
  regeste_it: string | null;
  header: string | null;
  facts: string | null;
  considerations_intro: string | null;
  operative: string | null;
  erwaegung_count: number;
  last_page: number | null;
  /** 'heading' | 'inferred' | 'none' per section. */
  facts_source: string;
  considerations_source: string;
  operative_source: string;
  segmenter_version: number;
  event_position: number;
}

/** One numbered Erwägung (projection `decision-structure`). */
export interface DecisionErwaegungTable {
  decision_id: string;
  ordinal: number;
  number: string;
  label: string;
  parent: string | null;
  depth: number;
  text: string;
  page: number | null;
}

/** A reference key naming a decision (projection `decision-identifiers`). */
export interface DecisionIdentifierTable {
  ref_key: string;
  kind: 'id' | 'docket' | 'bge' | 'mkge' | 'bvge' | 'origin_docket';
  decision_id: string;
  court: string;
  canton: string;
  docket_register: string | null;
  docket_year: number | null;
  docket_serial: string | null;
  bge_volume: number | null;
  bge_part: string | null;
  page_start: number | null;
  page_last_marker: number | null;
  page_end: number | null;
  event_position: number;
}

/** One decision of the citation graph (projection `citation-graph`). */
export interface CitationNodeTable {
  decision_id: string;
  court: string;
  canton: string;
  language: string;
  decision_date: string | null;
  docket_number: string;
  title: string;
  chamber: string | null;
  decision_type: string | null;
  regeste: string | null;
  rule_statement: string;
  case_references: number;
  statute_references: number;
  event_position: number;
}

/** A case reference or lower-court reference as extracted (projection `citation-graph`). */
export interface DecisionReferenceTable {
  source_id: string;
  ordinal: number;
  /** A case the decision cites, or a lower-court decision it was appealed from. */
  role: 'citation' | 'appeal_prior';
  kind: string;
  /** Where the reference stands: the reasoning's text, the header or the facts. */
  origin: 'text' | 'header' | 'facts';
  level: number;
  raw: string;
  ref_key: string | null;
  docket: string | null;
  ref_court: string | null;
  ref_canton: string | null;
  bge_volume: number | null;
  bge_part: string | null;
  bge_page: number | null;
  pin_page: number | null;
  pinpoints: string | null;
  stated_date: string | null;
  match_confidence: number;
  mentions: number;
  source_date: string | null;
  source_court: string;
  source_canton: string;
}

/** A statute article a decision refers to (projection `citation-graph`). */
export interface StatuteReferenceTable {
  source_id: string;
  /** SR number of a federal act, else the abbreviation (and canton). */
  act_key: string;
  article: string;
  sr_number: string | null;
  law: string | null;
  canton: string | null;
  raw: string;
  mentions: number;
  match_confidence: number;
  source_date: string | null;
  source_court: string;
  source_canton: string;
}

/** One decision a reference resolves to, with its evidence (projection `citation-graph`). */
export interface ReferenceTargetTable {
  source_id: string;
  ordinal: number;
  role: 'citation' | 'appeal_prior';
  target_id: string;
  match: 'exact' | 'origin_docket' | 'inner_page';
  candidates: number;
  court_agreement: 'same_court' | 'same_canton' | 'unnamed';
  date_order: string;
  confidence: number;
}

/** A resolved edge: per citing decision, role and cited decision, its most confident reference (projection `citation-graph`). */
export interface CitationEdgeTable extends ReferenceTargetTable {
  source_date: string | null;
  source_court: string;
  source_canton: string;
}

/** The number of decisions with an edge (of a role) to a decision (projection `citation-graph`). */
export interface CitationDegreeTable {
  decision_id: string;
  role: 'citation' | 'appeal_prior';
  n: number;
  /** Of those, the decisions whose edge is at least as confident as the default minimum (`DEFAULT_MIN_CONFIDENCE`). */
  confident: number;
}

/** Per provision (act and article; article `''`: the act as a whole), the decisions applying it. */
export interface ProvisionDecisionTable {
  act_key: string;
  article: string;
  n: number;
}

/** Per provision and cited decision, the decisions applying the provision that cite it. */
export interface ProvisionCitationTable {
  act_key: string;
  article: string;
  target_id: string;
  n: number;
}

/**
 * The rollup group of `graph_figures`: every group summed (court and canton `''`), read when
 * /statistics has no filter. Written by the citation-graph projection, read by the API.
 */
export const GRAPH_FIGURES_ROLLUP = { court: '', canton: '', year: -1 } as const;

/** Per citing court, canton and year (0: undated), a figure of /statistics (`key`, `sub`: kind, act, article). */
export interface GraphFigureTable {
  court: string;
  canton: string;
  year: number;
  figure: string;
  key: string;
  sub: string;
  n: number;
}

/** Per citing court, canton and year, each decision cited and by how many. */
export interface GroupCitationTable {
  court: string;
  canton: string;
  year: number;
  target_id: string;
  n: number;
}

export interface AlertTable {
  alert_id: string;
  /** Deletes the alert and signs its webhook deliveries (HMAC-SHA256). */
  secret: string;
  /** The /decisions parameters as given (query text and filters). */
  search: unknown;
  /** The parsed query (as /decisions reads it); null: filters only. */
  query_ast: unknown;
  /** The search filters (SearchFilters). */
  filters: unknown;
  webhook_url: string | null;
  created_at: Generated<string>;
}

export interface AlertHitTable {
  alert_id: string;
  decision_id: string;
  /** The decision's summary as delivered and listed in the feed. */
  decision: unknown;
  matched_at: string;
  event_position: number;
  /** none (feed alert), pending, delivered, failed (attempts exhausted). */
  delivery: 'none' | 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  delivered_at: string | null;
}

export interface RateLimitCounterTable {
  key: string;
  window_start_ms: number;
  count: number;
}

export interface ProjectionGenerationTable {
  projection: string;
  generation: number;
  status: 'building' | 'live' | 'retired';
  created_at: string;
  activated_at: string | null;
}

/** licenses projection: one row per license key, known by the key's SHA-256 only. */
export interface LicenseTable {
  key_hash: string;
  customer_id: string;
  subscription_id: string | null;
  paid: boolean;
  issued_at: string;
}

export interface BillingSubscriptionTable {
  subscription_id: string;
  customer_id: string;
  status: string;
  deleted: boolean;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  created_at: string;
  price_id: string | null;
  unit_amount: number | null;
  quantity: number;
  currency: string | null;
  billing_interval: string | null;
  interval_count: number;
  event_order: string;
}

export interface BillingInvoiceTable {
  invoice_id: string;
  customer_id: string;
  subscription_id: string | null;
  paid: boolean;
  amount: number;
  currency: string;
  payment_failed: boolean;
  event_order: string;
}

/** The lease and back-off state of a scheduled ingest job. */
export interface SourceLeaseTable {
  schedule_key: string;
  holder: string | null;
  expires_at: string | null;
  consecutive_failures: number;
  retry_at: string | null;
}

/** Pro calls per license key (by hash) and UTC day, for the daily quota. */
export interface BillingUsageTable {
  key_hash: string;
  day: string;
  calls: number;
}

export interface DB {
  projection_generations: ProjectionGenerationTable;
  event_log: EventLogTable;
  ingest_state: IngestStateTable;
  ingest_completions: IngestCompletionTable;
  rate_limit_counters: RateLimitCounterTable;
  source_leases: SourceLeaseTable;
  alerts: AlertTable;
  alert_hits: AlertHitTable;
  projection_checkpoints: ProjectionCheckpointTable;
  dead_letters: DeadLetterTable;
  decisions: DecisionTable;
  decision_versions: DecisionVersionTable;
  decision_sources: DecisionSourceTable;
  decision_search: DecisionSearchTable;
  court_decisions: CourtDecisionTable;
  court_stats: CourtStatsTable;
  court_feed_items: CourtFeedItemTable;
  court_feeds: CourtFeedTable;
  scraper_health: ScraperHealthTable;
  scraper_schedule: ScraperScheduleTable;
  statute_versions: StatuteVersionTable;
  statute_articles: StatuteArticleTable;
  legislation_catalog: LegislationCatalogTable;
  commentaries: CommentaryTable;
  commentary_paragraphs: CommentaryParagraphTable;
  legislation_catalog_versions: LegislationCatalogVersionTable;
  gazette_first_pages: GazetteFirstPageTable;
  materials: MaterialTable;
  material_passages: MaterialPassageTable;
  decision_structure: DecisionStructureTable;
  decision_erwaegungen: DecisionErwaegungTable;
  decision_identifiers: DecisionIdentifierTable;
  citation_nodes: CitationNodeTable;
  decision_references: DecisionReferenceTable;
  statute_references: StatuteReferenceTable;
  graph_keys: DecisionIdentifierTable;
  reference_targets: ReferenceTargetTable;
  citation_edges: CitationEdgeTable;
  citation_degrees: CitationDegreeTable;
  provision_decisions: ProvisionDecisionTable;
  provision_citations: ProvisionCitationTable;
  graph_figures: GraphFigureTable;
  group_citations: GroupCitationTable;
  licenses: LicenseTable;
  billing_subscriptions: BillingSubscriptionTable;
  billing_invoices: BillingInvoiceTable;
  billing_usage: BillingUsageTable;
}
