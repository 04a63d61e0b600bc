import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  catalogEntryKey,
  legislationCatalogEntrySchema,
  statuteKey,
  statuteVersionSchema,
  type LegislationCatalogEntry,
  type StatuteVersion,
} from '../../contracts/events/index.ts';
import type { SourceRecord } from '../event-source.port.ts';
import { SourceItemError } from '../source.port.ts';

/** Hash of the parsed content (not the raw file): a re-generated or re-served file with the same content is a no-op. */
export function contentHash(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

interface Origin {
  readonly source: string;
  readonly itemId: string;
  readonly scrapedAt: string;
}

/** A StatuteVersionPublished record, validated against the event schema (an invalid version is an item error). */
export function statuteRecord(
  content: Omit<StatuteVersion, 'provenance'>,
  origin: Origin,
  recordId = origin.itemId,
): SourceRecord {
  const data = {
    ...content,
    provenance: {
      source: origin.source,
      source_item_id: origin.itemId,
      scraped_at: origin.scrapedAt,
      content_hash: contentHash(content),
    },
  };
  const checked = statuteVersionSchema.safeParse(data);
  if (!checked.success) {
    throw new SourceItemError(
      origin.itemId,
      `statute version is invalid: ${z.prettifyError(checked.error).slice(0, 500)}`,
    );
  }
  return {
    recordId,
    entityKey: statuteKey(content),
    contentHash: data.provenance.content_hash,
    type: 'StatuteVersionPublished',
    schemaVersion: 1,
    data: checked.data,
  };
}

/** A LegislationCatalogEntryPublished record, validated likewise. */
export function catalogRecord(
  content: Omit<LegislationCatalogEntry, 'provenance'>,
  origin: Origin,
  recordId: string,
): SourceRecord {
  const data = {
    ...content,
    provenance: {
      source: origin.source,
      source_item_id: origin.itemId,
      scraped_at: origin.scrapedAt,
      content_hash: contentHash(content),
    },
  };
  const checked = legislationCatalogEntrySchema.safeParse(data);
  if (!checked.success) {
    throw new SourceItemError(
      origin.itemId,
      `catalogue entry is invalid: ${z.prettifyError(checked.error).slice(0, 500)}`,
    );
  }
  return {
    recordId,
    entityKey: catalogEntryKey(content),
    contentHash: data.provenance.content_hash,
    type: 'LegislationCatalogEntryPublished',
    schemaVersion: 1,
    data: checked.data,
  };
}
