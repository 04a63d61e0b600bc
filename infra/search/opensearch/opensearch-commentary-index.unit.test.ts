import { describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../search.port.ts';
import type { StoredParagraph } from './commentary-layout.ts';
import { type ParagraphHitsBody, paragraphResultOf } from './opensearch-commentary-index.ts';

const paragraph = (ordinal: number, text: string): StoredParagraph => ({
  commentary_id: 'oc-or-41',
  title: 'Onlinekommentar zu Art. 41 OR',
  abbreviation: 'OR',
  sr_number: '220',
  article_num: '41',
  language: 'de',
  authors: ['A. Muster'],
  editors: [],
  edition_date: '2024-01-01',
  licence: 'CC BY 4.0',
  licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  url: 'https://onlinekommentar.ch/de/kommentare/or41',
  pdf_url: null,
  suggested_citation: null,
  sample: false,
  ordinal,
  margin: String(ordinal),
  text,
});

const complete = { timed_out: false, _shards: { total: 1, failed: 0 } };

describe('paragraphResultOf: a paragraph search response as filter_path leaves it', () => {
  it.each<[string, ParagraphHitsBody, { total: number; snippets: string[]; scores: number[] }]>([
    [
      'hits with highlights, scores mapped into [0, 1)',
      {
        ...complete,
        hits: {
          total: { value: 2 },
          hits: [
            {
              _score: 3,
              _source: { source: paragraph(1, 'Wer einem andern widerrechtlich Schaden zufügt') },
              highlight: { 't_de.body': ['Wer einem andern widerrechtlich <b>Schaden</b> zufügt'] },
            },
            { _score: 1, _source: { source: paragraph(2, 'Haftung aus unerlaubter Handlung') } },
          ],
        },
      },
      {
        total: 2,
        snippets: [
          'Wer einem andern widerrechtlich <b>Schaden</b> zufügt',
          'Haftung aus unerlaubter Handlung',
        ],
        scores: [0.75, 0.5],
      },
    ],
    [
      'no hits: filter_path leaves out the empty list',
      { ...complete, hits: { total: { value: 0 } } },
      { total: 0, snippets: [], scores: [] },
    ],
    ['nothing of `hits` is left', { ...complete }, { total: 0, snippets: [], scores: [] }],
  ])('%s', (_, body, expected) => {
    const result = paragraphResultOf(body);
    expect(result.total).toBe(expected.total);
    expect(result.hits.map((h) => h.snippet)).toEqual(expected.snippets);
    expect(result.hits.map((h) => h.score)).toEqual(expected.scores);
  });

  it.each<[string, ParagraphHitsBody, RegExp]>([
    [
      'a shard failed',
      {
        timed_out: false,
        _shards: { total: 3, failed: 2, failures: [{ shard: 0, reason: { type: 'node_closed_exception' } }] },
        hits: { total: { value: 1 }, hits: [{ _score: 1, _source: { source: paragraph(1, 'Schaden') } }] },
      },
      /answered in part \(2 of 3 shards failed\): .*node_closed_exception/,
    ],
    [
      'the search timed out',
      {
        timed_out: true,
        _shards: { total: 1, failed: 0 },
        hits: { total: { value: 1 }, hits: [{ _score: 1, _source: { source: paragraph(1, 'Schaden') } }] },
      },
      /answered in part \(the search timed out\)/,
    ],
  ])('a response from part of the index is refused, not a short list: %s', (_, body, message) => {
    expect(() => paragraphResultOf(body)).toThrow(SearchUnavailableError);
    expect(() => paragraphResultOf(body)).toThrow(message);
  });
});
