import { describe, expect, it } from 'vitest';
import { parseEvent, statuteKey, STREAM_OF, type StatuteVersion } from './index.ts';

const version: StatuteVersion = {
  jurisdiction: 'CH',
  sr_number: '220',
  language: 'de',
  consolidation_date: '2024-01-01',
  title: 'Obligationenrecht',
  abbreviation: 'OR',
  eli: 'eli/cc/27/317_321_377',
  entry_into_force: '1912-01-01',
  blocks: [
    { id: 'tit_1', kind: 'title', num: 'Erster Titel:', heading: 'Allgemeine Bestimmungen', parent: null },
  ],
  articles: [
    {
      article_num: '41',
      eid: 'art_41',
      heading: 'Voraussetzungen der Haftpflicht',
      text: '1 Wer ...',
      block: 'tit_1',
    },
    { article_num: '266l', eid: 'art_266_l', heading: null, text: 'Text', block: null },
  ],
  gazette_refs: [{ ref_type: 'AS', year: 2019, page: 123, eli: 'eli/oc/2019/123', language: 'de' }],
  source_url: null,
  provenance: {
    source: 'test',
    source_item_id: 'x',
    scraped_at: '2026-01-01T00:00:00.000Z',
    content_hash: 'a'.repeat(64),
  },
};

const envelope = (data: unknown) => ({
  type: 'StatuteVersionPublished',
  schemaVersion: 1,
  eventId: 'e1',
  occurredAt: '2026-01-01T00:00:00.000Z',
  source: 'test',
  key: 'CH:220:de',
  data,
});

describe('statute events', () => {
  it('validates a version and routes it to the statutes stream', () => {
    const parsed = parseEvent(envelope(version));
    expect(parsed.ok).toBe(true);
    expect(STREAM_OF.StatuteVersionPublished).toBe('statutes');
    expect(STREAM_OF.LegislationCatalogEntryPublished).toBe('legislation-catalog');
    expect(statuteKey(version)).toBe('CH:220:de');
  });

  it.each([
    [
      'an article number that is not one',
      { ...version, articles: [{ ...version.articles[0]!, article_num: '41-42' }] },
    ],
    ['duplicate eIds', { ...version, articles: [version.articles[0]!, version.articles[0]!] }],
    ['a language without statutes', { ...version, language: 'rm' }],
    ['an impossible date', { ...version, consolidation_date: '2024-02-30' }],
    [
      'a gazette ref without an ELI',
      { ...version, gazette_refs: [{ ...version.gazette_refs[0]!, eli: 'nope' }] },
    ],
  ])('rejects %s (the projection runner dead-letters it)', (_what, data) => {
    const parsed = parseEvent(envelope(data));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/invalid StatuteVersionPublished v1/);
  });
});
