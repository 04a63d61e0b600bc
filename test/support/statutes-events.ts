import { createHash } from 'node:crypto';
import type { LegislationCatalogEntry, RawEnvelope, StatuteVersion } from '../../contracts/events/index.ts';
import type { OutgoingEvent } from '../../infra/event-log/event-log.port.ts';

type VersionInput = Partial<Omit<StatuteVersion, 'provenance'>> &
  Pick<StatuteVersion, 'sr_number' | 'consolidation_date'>;

/** A valid statute version for tests; the content hash follows the content. */
export function makeVersion(input: VersionInput): StatuteVersion {
  const content = {
    jurisdiction: input.jurisdiction ?? 'CH',
    sr_number: input.sr_number,
    language: input.language ?? 'de',
    consolidation_date: input.consolidation_date,
    title: input.title ?? `Gesetz ${input.sr_number}`,
    abbreviation: input.abbreviation === undefined ? 'TG' : input.abbreviation,
    eli: input.eli ?? null,
    entry_into_force: input.entry_into_force ?? null,
    blocks: input.blocks ?? [],
    articles: input.articles ?? [
      {
        article_num: '1',
        eid: 'art_1',
        heading: 'Zweck',
        text: `Fassung ${input.consolidation_date}.`,
        block: null,
      },
    ],
    gazette_refs: input.gazette_refs ?? [],
    source_url: input.source_url ?? null,
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return {
    ...content,
    provenance: {
      source: 'test',
      source_item_id: `${content.sr_number}/${content.consolidation_date}`,
      scraped_at: '2026-01-01T00:00:00.000Z',
      content_hash: hash,
    },
  };
}

let seq = 0;
export function versionEvent(v: StatuteVersion | Record<string, unknown>): OutgoingEvent {
  seq++;
  const data = v as StatuteVersion;
  const envelope: RawEnvelope = {
    type: 'StatuteVersionPublished',
    schemaVersion: 1,
    eventId: `statute-${seq}-${String(data.provenance?.content_hash ?? 'x').slice(0, 8)}`,
    occurredAt: '2026-01-01T00:00:00.000Z',
    source: 'test',
    key: `${data.jurisdiction}:${data.sr_number}:${data.language}`,
    data: v,
  };
  return { stream: 'statutes', envelope };
}

export function makeEntry(
  input: Partial<Omit<LegislationCatalogEntry, 'provenance'>> & Pick<LegislationCatalogEntry, 'catalog_id'>,
): LegislationCatalogEntry {
  const content = {
    catalog_id: input.catalog_id,
    jurisdiction: input.jurisdiction ?? 'ZH',
    language: input.language ?? 'de',
    systematic_number: input.systematic_number ?? '211.1',
    title: input.title ?? 'Gerichtsorganisationsgesetz',
    abbreviation: input.abbreviation === undefined ? 'GOG' : input.abbreviation,
    is_active: input.is_active ?? true,
    version_active_since: input.version_active_since ?? '2024-01-01',
    inactive_since: input.inactive_since ?? null,
    keywords: input.keywords ?? [],
    original_url: input.original_url ?? null,
    source_url: input.source_url ?? null,
    versions: input.versions ?? [],
    gazette_refs: input.gazette_refs ?? [],
  };
  const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return {
    ...content,
    provenance: {
      source: 'test',
      source_item_id: String(content.catalog_id),
      scraped_at: '2026-01-01T00:00:00.000Z',
      content_hash: hash,
    },
  };
}

export function entryEvent(e: LegislationCatalogEntry): OutgoingEvent {
  seq++;
  return {
    stream: 'legislation-catalog',
    envelope: {
      type: 'LegislationCatalogEntryPublished',
      schemaVersion: 1,
      eventId: `entry-${seq}`,
      occurredAt: '2026-01-01T00:00:00.000Z',
      source: 'test',
      key: `${e.catalog_id}:${e.language}`,
      data: e,
    },
  };
}
