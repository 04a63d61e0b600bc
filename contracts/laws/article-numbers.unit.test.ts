import { describe, expect, it } from 'vitest';
import {
  articleNumFromEid,
  ARTICLE_NUM,
  compareArticleNums,
  normaliseArticleNum,
} from './article-numbers.ts';

describe('article numbers', () => {
  it.each([
    ['41', '41'],
    ['41a', '41a'],
    ['41 a', '41a'],
    ['41A', '41a'],
    ['266l', '266l'],
    ['Art. 266l', '266l'],
    ['art 6 bis', '6bis'],
    ['6bis', '6bis'],
    ['12quater', '12quater'],
    ['3 quaterdecies', '3quaterdecies'],
    ['20vicies', '20vicies'],
    ['§ 12', '12'],
    ['Artikel 8', '8'],
    ['articolo 29a', '29a'],
    ['007', '7'],
    ['6bis a', '6bisa'],
  ])('reads %j as %j', (input, expected) => {
    expect(normaliseArticleNum(input)).toBe(expected);
    expect(ARTICLE_NUM.test(expected)).toBe(true);
  });

  it.each(['', 'abc', '41aa', '12345', '41-42', 'Art.', '211.1', '6 bisxy'])('rejects %j', (input) => {
    expect(normaliseArticleNum(input)).toBeUndefined();
  });

  it.each([
    ['art_1', '1'],
    ['art_5_a', '5a'],
    ['art_6_bis', '6bis'],
    ['disp_u1/art_1', '1'],
    ['art_266_l', '266l'],
    ['art_12_quater', '12quater'],
  ])('reads the Fedlex eId %j as %j', (eid, expected) => {
    expect(articleNumFromEid(eid)).toBe(expected);
  });

  it('rejects eIds that are not articles', () => {
    expect(articleNumFromEid('art_1/para_2')).toBeUndefined();
    expect(articleNumFromEid('chap_1')).toBeUndefined();
  });

  it('sorts in reading order: 6 < 6a < 6b < 6bis < 6ter < 7 < 41 < 266l', () => {
    const shuffled = ['266l', '7', '6ter', '6a', '41', '6', '6bis', '6b'];
    expect([...shuffled].sort(compareArticleNums)).toEqual([
      '6',
      '6a',
      '6b',
      '6bis',
      '6ter',
      '7',
      '41',
      '266l',
    ]);
  });
});
