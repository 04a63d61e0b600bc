import { describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../search.port.ts';
import { type HitsBody, pageOf } from './opensearch-search-index.ts';

const hit = (id: string, score: number | null) => ({ _score: score, fields: { decision_id: [id] } });

describe('pageOf: a search response as filter_path leaves it', () => {
  it.each<[string, HitsBody, ReturnType<typeof pageOf>]>([
    [
      'hits and an exact total',
      {
        timed_out: false,
        _shards: { total: 1, failed: 0 },
        hits: { total: { value: 2, relation: 'eq' }, hits: [hit('a', 2), hit('b', 1)] },
      },
      { hits: [hit('a', 2), hit('b', 1)], total: 2, lowerBound: false },
    ],
    [
      'a total counted to the cap',
      {
        timed_out: false,
        _shards: { total: 1, failed: 0 },
        hits: { total: { value: 10000, relation: 'gte' }, hits: [hit('a', null)] },
      },
      { hits: [hit('a', null)], total: 10000, lowerBound: true },
    ],
    [
      'no hits: filter_path leaves out the empty list',
      { timed_out: false, _shards: { total: 1, failed: 0 }, hits: { total: { value: 0, relation: 'eq' } } },
      { hits: [], total: 0, lowerBound: false },
    ],
    [
      'no hits and no total counted: nothing of `hits` is left',
      { timed_out: false, _shards: { total: 1, failed: 0 } },
      { hits: [], total: 0, lowerBound: false },
    ],
  ])('%s', (_, body, page) => {
    expect(pageOf(body)).toEqual(page);
  });

  it.each<[string, HitsBody, RegExp]>([
    [
      'a shard failed',
      {
        timed_out: false,
        _shards: { total: 2, failed: 1, failures: [{ shard: 1, reason: { type: 'node_closed_exception' } }] },
        hits: { total: { value: 1, relation: 'eq' }, hits: [hit('a', 1)] },
      },
      /answered in part \(1 of 2 shards failed\): .*node_closed_exception/,
    ],
    [
      'the search timed out',
      {
        timed_out: true,
        _shards: { total: 1, failed: 0 },
        hits: { total: { value: 1, relation: 'eq' }, hits: [hit('a', 1)] },
      },
      /answered in part \(the search timed out\)/,
    ],
  ])('a response from part of the index is refused, not a short page: %s', (_, body, message) => {
    expect(() => pageOf(body)).toThrow(SearchUnavailableError);
    expect(() => pageOf(body)).toThrow(message);
  });
});
