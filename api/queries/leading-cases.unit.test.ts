/**
 * The order of /leading-cases candidates (`rankCandidates`): the tier first (on the context and
 * cited from it), then within tier 1 the weighted score; then citations from the context, the
 * in-degree, the newer date, the id.
 */
import { describe, expect, it } from 'vitest';
import { pageOfLeaders, type RankedCandidate, rankCandidates } from './leading-cases.query.ts';

const candidate = (decision_id: string, fields: Partial<RankedCandidate>): RankedCandidate => ({
  decision_id,
  decision_date: '2020-01-01',
  citing: 1,
  cited_by: 1,
  in_context: false,
  score: 1,
  tier: 1,
  ...fields,
});

describe('rankCandidates', () => {
  it.each<[string, RankedCandidate[], string[]]>([
    [
      'tier 0 before tier 1, whatever the score',
      [candidate('a', { tier: 1, score: 9, citing: 9 }), candidate('b', { tier: 0, score: 1, citing: 1 })],
      ['b', 'a'],
    ],
    [
      'tier 1: the higher score first, before citations from the context',
      [candidate('a', { score: 2, citing: 5 }), candidate('b', { score: 3, citing: 1 })],
      ['b', 'a'],
    ],
    [
      'tier 0: citations from the context first, not the score',
      [candidate('a', { tier: 0, score: 9, citing: 1 }), candidate('b', { tier: 0, score: 1, citing: 2 })],
      ['b', 'a'],
    ],
    [
      'equal citations: the higher in-degree first',
      [candidate('a', { tier: 0, cited_by: 3 }), candidate('b', { tier: 0, cited_by: 4 })],
      ['b', 'a'],
    ],
    [
      'equal in-degree: the newer first, undated last',
      [
        candidate('a', { decision_date: null }),
        candidate('b', { decision_date: '2019-05-01' }),
        candidate('c', { decision_date: '2021-02-01' }),
      ],
      ['c', 'b', 'a'],
    ],
    ['equal date: by id', [candidate('b', {}), candidate('a', {}), candidate('c', {})], ['a', 'b', 'c']],
  ])('%s', (_, rows, expected) => {
    expect(rankCandidates(rows).map((r) => r.decision_id)).toEqual(expected);
    expect(rankCandidates([...rows].reverse()).map((r) => r.decision_id)).toEqual(expected);
  });
});

describe('pageOfLeaders', () => {
  const own = (decision_id: string, citing: number) =>
    candidate(decision_id, { tier: 0, in_context: true, citing });
  const other = (decision_id: string, score: number) => candidate(decision_id, { score, citing: 1 });
  it.each<[string, RankedCandidate[], number, number, string[] | null]>([
    [
      'a page of tier 0 alone, whatever the others read',
      [own('a', 4), own('b', 5), other('x', 9)],
      99,
      2,
      ['b', 'a'],
    ],
    [
      'tier 0, then the others scoring above what a decision not read can',
      [own('a', 4), other('x', 9), other('y', 7), other('z', 1)],
      6,
      3,
      ['a', 'x', 'y'],
    ],
    [
      'the last one scoring what a decision not read can: not decided',
      [own('a', 4), other('x', 9), other('y', 6)],
      6,
      3,
      null,
    ],
    ['the last one scoring less: not decided', [own('a', 4), other('x', 9), other('y', 5)], 6, 3, null],
    ['fewer read than the page: not decided', [own('a', 4), other('x', 9)], 0, 3, null],
  ])('%s', (_, rows, unreadScore, limit, expected) => {
    expect(pageOfLeaders(rows, unreadScore, limit)?.map((r) => r.decision_id) ?? null).toEqual(expected);
  });
});
