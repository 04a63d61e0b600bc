import { createHash } from 'node:crypto';
import {
  type NormalisedDecision,
  type RawEnvelope,
  STREAM_OF,
  type ScraperRun,
} from '../contracts/events/index.ts';
import type { OutgoingEvent, EventLog } from '../infra/event-log/event-log.port.ts';
import type { IngestRecord, IngestStateStore } from '../infra/ingest-state/ingest-state.port.ts';
import type { EventSource, SourceRecord } from './event-source.port.ts';
import { type DecisionSource, SourceItemError } from './source.port.ts';

export interface IngestLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface IngestDeps {
  readonly log: EventLog;
  readonly state: IngestStateStore;
  /** Current time as ISO string. */
  readonly now: () => string;
  /** A new unique id (run ids, health event ids). */
  readonly newId: () => string;
  readonly logger: IngestLogger;
}

export interface IngestRunOptions {
  readonly batchSize?: number;
  readonly onProgress?: (seen: number) => void;
  /** Calls `onProgress` after every this many items (default 500). */
  readonly progressEvery?: number;
  /** Stop early (graceful shutdown): the run publishes what it has and reports itself. */
  readonly signal?: AbortSignal;
}

const MAX_REPORTED_ERRORS = 100;

/** Decisions keep the provenance source of the decision in their envelope (as before). */
function envelopeSource(record: SourceRecord, sourceName: string): string {
  if (record.type !== 'DecisionPublished') return sourceName;
  const provenance = (record.data as { provenance?: { source?: unknown } }).provenance;
  return typeof provenance?.source === 'string' ? provenance.source : sourceName;
}

/** Same entity, same content: same event id, so a repeated append is ignored by the log too. */
function recordEventId(record: SourceRecord): string {
  return createHash('sha256')
    .update(`${record.entityKey}\u0000${record.contentHash}`)
    .digest('hex')
    .slice(0, 32);
}

function recordEvent(record: SourceRecord, source: string, occurredAt: string): OutgoingEvent {
  const envelope: RawEnvelope = {
    type: record.type,
    schemaVersion: record.schemaVersion,
    eventId: recordEventId(record),
    occurredAt,
    source,
    key: record.entityKey,
    data: record.data,
  };
  return { stream: STREAM_OF[record.type], envelope };
}

/** A decision source seen as an event source: one DecisionPublished record per item. */
export function decisionEventSource(source: DecisionSource): EventSource {
  return {
    name: source.name,
    items: () => source.items(),
    portalCount: () => source.portalCount(),
    ...(source.httpErrors ? { httpErrors: () => source.httpErrors?.() ?? 0 } : {}),
    async records(item, scrapedAt) {
      return [decisionRecord(item.id, await source.parse(item, scrapedAt))];
    },
  };
}

/** The DecisionPublished record of a parsed decision, with what the run reports about it. */
export function decisionRecord(recordId: string, decision: NormalisedDecision): SourceRecord {
  const notes = decision.source_record;
  return {
    recordId,
    entityKey: decision.decision_id,
    contentHash: decision.provenance.content_hash,
    type: 'DecisionPublished',
    schemaVersion: 1,
    data: decision,
    ...(notes
      ? {
          notes: {
            ...(notes.court_known ? {} : { unknownCourt: notes.court_code ?? decision.court }),
            disagreements: notes.disagreements.map((d) => d.field),
          },
        }
      : {}),
  };
}

/** Runs one decision source once (see {@link runEventSource}). */
export function runSource(
  source: DecisionSource,
  deps: IngestDeps,
  options: IngestRunOptions = {},
): Promise<ScraperRun> {
  return runEventSource(decisionEventSource(source), deps, options);
}

/**
 * Runs one source once: parses every item, publishes an event for new or changed content only,
 * skips (and reports) malformed items, and ends with one ScraperRunCompleted event; a run that
 * read the source to the end is marked complete in the ingest state. The health
 * counters `decisions_added` / `decisions_updated` count the published records of any type.
 */
export async function runEventSource(
  source: EventSource,
  deps: IngestDeps,
  options: IngestRunOptions = {},
): Promise<ScraperRun> {
  const batchSize = options.batchSize ?? source.batchSize ?? 200;
  const progressEvery = options.progressEvery ?? 500;
  const runId = deps.newId();
  const startedAt = deps.now();
  const httpErrorsBefore = source.httpErrors?.() ?? 0;
  const errors: ScraperRun['errors'] = [];
  let seen = 0;
  let failed = 0;
  let added = 0;
  let updated = 0;
  let withdrawn = 0;
  let fatal: Error | null = null;
  let pending: SourceRecord[] = [];
  const unknownCourts: Record<string, number> = {};
  const disagreements: Record<string, number> = {};
  const count = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const known = await deps.state.get(
      source.name,
      batch.map((r) => r.recordId),
    );
    const events: OutgoingEvent[] = [];
    const records: IngestRecord[] = [];
    const now = deps.now();
    for (const record of batch) {
      const previous = known.get(record.recordId);
      records.push({
        source: source.name,
        itemId: record.recordId,
        entityKey: record.entityKey,
        contentHash: record.contentHash,
        sourceChecksum: record.sourceChecksum ?? null,
      });
      if (previous?.contentHash === record.contentHash) continue;
      if (record.type === 'DecisionWithdrawn') withdrawn++;
      else if (previous) updated++;
      else added++;
      events.push(recordEvent(record, envelopeSource(record, source.name), now));
    }
    // Publish first, remember second: a crash in between republishes the same content, which the
    // log (same event id) and the projections (same content hash) both ignore.
    await deps.log.append(events);
    await deps.state.put(records, now);
  };

  const noteError = (itemId: string | null, message: string) => {
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ item: itemId, message });
  };

  try {
    for await (const item of source.items()) {
      if (options.signal?.aborted) break;
      seen++;
      try {
        for (const record of await source.records(item, deps.now())) {
          if (record.notes?.unknownCourt) count(unknownCourts, record.notes.unknownCourt);
          for (const field of record.notes?.disagreements ?? []) count(disagreements, field);
          pending.push(record);
        }
      } catch (error) {
        if (!(error instanceof SourceItemError)) throw error;
        failed++;
        noteError(item.id, error.message);
        deps.logger.warn(
          { source: source.name, item: item.id, err: error.message },
          'skipped malformed item',
        );
      }
      if (pending.length >= batchSize) await flush();
      if (seen % progressEvery === 0) options.onProgress?.(seen);
    }
  } catch (error) {
    fatal = error instanceof Error ? error : new Error(String(error));
  }
  // What was parsed before a failure is still published.
  try {
    await flush();
  } catch (error) {
    fatal ??= error instanceof Error ? error : new Error(String(error));
  }
  const interrupted = fatal === null && options.signal?.aborted === true;
  if (fatal) noteError(null, `run aborted: ${fatal.message}`);
  // A run stopped by shutdown did not see the whole source: it is not a successful run.
  if (interrupted) noteError(null, 'run interrupted by shutdown before the source was read to the end');

  const finishedAt = deps.now();
  const run: ScraperRun = {
    source: source.name,
    run_id: runId,
    started_at: startedAt,
    finished_at: finishedAt,
    duration_ms: Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt)),
    success: fatal === null && !interrupted,
    decisions_added: added,
    decisions_updated: updated,
    decisions_withdrawn: withdrawn,
    items_seen: seen,
    items_failed: failed,
    total_held: await deps.state.count(source.name),
    portal_count: await source.portalCount().catch((error: unknown) => {
      // The portal count is informative only: report it and carry on without it.
      noteError(null, `portal count unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }),
    errors,
    ...(source.httpErrors ? { http_errors: source.httpErrors() - httpErrorsBefore } : {}),
    unknown_courts: unknownCourts,
    metadata_disagreements: disagreements,
  };
  await deps.log.append([
    {
      stream: STREAM_OF.ScraperRunCompleted,
      envelope: {
        type: 'ScraperRunCompleted',
        schemaVersion: 1,
        eventId: deps.newId(),
        occurredAt: run.finished_at,
        source: source.name,
        key: source.name,
        data: run,
      },
    },
  ]);
  // Only now is every item of the source published: the mark tells a later start nothing is missing.
  if (run.success) await deps.state.markComplete(source.name, run.finished_at);
  deps.logger.info(
    { source: source.name, seen, added, updated, withdrawn, failed, success: run.success },
    'ingest run finished',
  );
  if (fatal) throw fatal;
  return run;
}
