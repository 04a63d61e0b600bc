import { describe, expect, it } from 'vitest';
import { makeEntry, makeVersion } from '../../test/support/statutes-events.ts';
import { SourceItemError } from '../source.port.ts';
import { catalogRecord, contentHash, statuteRecord } from './statute-record.ts';

const origin = { source: 'fedlex', itemId: 'item-7', scrapedAt: '2026-11-01T08:00:00.000Z' };

function withoutProvenance<T extends { provenance: unknown }>(value: T): Omit<T, 'provenance'> {
  const { provenance: _p, ...content } = value;
  return content;
}

describe('statute and catalogue records', () => {
  const cases = [
    {
      name: 'statute version',
      build: () => statuteRecord(withoutProvenance(makeVersion({ sr_number: '220', consolidation_date: '2026-01-01' })), origin),
      content: withoutProvenance(makeVersion({ sr_number: '220', consolidation_date: '2026-01-01' })),
      type: 'StatuteVersionPublished',
      entityKey: 'CH:220:de',
      recordId: 'item-7',
    },
    {
      name: 'catalogue entry',
      build: () => catalogRecord(withoutProvenance(makeEntry({ catalog_id: 4711 })), origin, 'catalog-4711'),
      content: withoutProvenance(makeEntry({ catalog_id: 4711 })),
      type: 'LegislationCatalogEntryPublished',
      entityKey: '4711:de',
      recordId: 'catalog-4711',
    },
  ] as const;

  it.each(cases)('$name: typed record with provenance and the hash of the content', (c) => {
    const record = c.build();
    expect(record).toMatchObject({ type: c.type, schemaVersion: 1, recordId: c.recordId, contentHash: contentHash(c.content) });
    expect(record.entityKey).toBe(c.entityKey);
    expect(record.data).toMatchObject({
      ...c.content,
      provenance: { source: 'fedlex', source_item_id: 'item-7', scraped_at: origin.scrapedAt, content_hash: contentHash(c.content) },
    });
  });

  it('the hash follows the content, not the origin', () => {
    const content = withoutProvenance(makeVersion({ sr_number: '210', consolidation_date: '2025-01-01' }));
    const a = statuteRecord(content, origin);
    const b = statuteRecord(content, { ...origin, scrapedAt: '2026-11-02T08:00:00.000Z', itemId: 'other' });
    const c = statuteRecord({ ...content, title: 'Zivilgesetzbuch' }, origin);
    expect(b.contentHash).toBe(a.contentHash);
    expect(c.contentHash).not.toBe(a.contentHash);
  });

  it.each([
    {
      name: 'statute version without an SR number',
      build: () =>
        statuteRecord({ ...withoutProvenance(makeVersion({ sr_number: '220', consolidation_date: '2026-01-01' })), sr_number: '' }, origin),
      message: /statute version is invalid/,
    },
    {
      name: 'catalogue entry with a bad language',
      build: () =>
        catalogRecord({ ...withoutProvenance(makeEntry({ catalog_id: 1 })), language: 'xx' as 'de' }, origin, 'catalog-1'),
      message: /catalogue entry is invalid/,
    },
  ])('$name is an item error naming the item', ({ build, message }) => {
    let thrown: unknown;
    try {
      build();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SourceItemError);
    expect((thrown as SourceItemError).message).toMatch(message);
    expect((thrown as SourceItemError).itemId).toBe('item-7');
  });
});
