import { describe, expect, it } from 'vitest';
import {
  commentaryParagraphs,
  parseCommentaryDetail,
  parseCommentaryTitle,
} from './onlinekommentar.parser.ts';

describe('OnlineKommentar titles', () => {
  it.each([
    ['Art. 41 OR', 'article', '41', 'OR'],
    ['Art. 1b BankG', 'article', '1b', 'BankG'],
    ['Art. 1b LB', 'article', '1b', 'LB'],
    ['Art. 119a Cost.', 'article', '119a', 'Cost.'],
    ['Art. 322decies StGB', 'article', '322decies', 'StGB'],
    ['Art. 80c IRSG', 'article', '80c', 'IRSG'],
    ['Vorb. zu Art. 261 – 269 ZPO und Art. 261 ZPO', 'preliminary', null, 'ZPO'],
    ['Art. 6 Abs. 6 und 7', 'article', '6', null],
    ['Art. 119a Cst.', 'article', '119a', 'Cst.'],
    ['Art. 179quater StGB', 'article', '179quater', 'StGB'],
    ['Art. 6 Abs. 6 und 7 BV', 'article', '6', 'BV'],
    ['Art. 1 CCC (Übereinkommen über die Cyberkriminalität)', 'article', '1', 'CCC'],
    ['Vorb. zu Art. 13-14a StHG', 'preliminary', null, 'StHG'],
    ['Einleitung KGTG', 'introduction', null, 'KGTG'],
    ['Übergangsbestimmungen zur Aktienrechtsrevision vom 19. Juni 2020', 'other', null, null],
  ])('%j is %s, article %s, act %s', (title, kind, article, abbreviation) => {
    expect(parseCommentaryTitle(title)).toEqual({ kind, article_num: article, abbreviation });
  });
});

describe('OnlineKommentar paragraphs and records', () => {
  it('keeps each innermost block verbatim (whitespace collapsed) with its margin number', () => {
    const html =
      '<div><p><span class="paragraph-nr">7</span>Erster&nbsp;Satz,\n  zweiter   Satz.</p><p><span class="paragraph-nr">8</span></p><p>Folgt auf die N. 8.</p><blockquote><p>Zitat</p></blockquote></div>';
    expect(commentaryParagraphs(html)).toEqual([
      { margin: '7', text: 'Erster Satz, zweiter Satz.' },
      { margin: '8', text: 'Folgt auf die N. 8.' },
      { margin: null, text: 'Zitat' },
    ]);
  });

  it('reads the live markup: numbered paragraphs as <p id="pN"><span class="paragraph-nr">N</span>, headings without a number', () => {
    const html =
      '<h2>I. Einleitung</h2><p id="p1"><span class="paragraph-nr">1</span>Erster   Absatz mit <em>Betonung</em>.</p><p id="p2"><span class="paragraph-nr">2</span>Zweiter.</p>';
    expect(commentaryParagraphs(html)).toEqual([
      { margin: null, text: 'I. Einleitung' },
      { margin: '1', text: 'Erster Absatz mit Betonung.' },
      { margin: '2', text: 'Zweiter.' },
    ]);
  });

  it('places a record by its act id, else by the title through the alias table; rejects what is not a record', () => {
    const body = (title: string, act: object | null, language = 'fr') =>
      JSON.stringify({ data: { id: 'x', title, language, legislative_act: act, content: '<p>Texte.</p>' } });
    const byTitle = parseCommentaryDetail(body('Art. 8 CC', null), 'fr');
    expect(byTitle.ok && byTitle.content).toMatchObject({
      sr_number: '210',
      article_num: '8',
      language: 'fr',
    });
    const byAct = parseCommentaryDetail(
      body('Art. 3 XYZ', { id: 'd2870610-6720-4037-be1c-d870b3189c0f' }),
      'fr',
    );
    expect(byAct.ok && byAct.content.sr_number).toBe('220');
    expect(parseCommentaryDetail(body('Art. 1 X', null, 'en'), 'en')).toMatchObject({ ok: false });
    expect(parseCommentaryDetail('{"data":{"id":"x"}}', 'de')).toMatchObject({ ok: false });
    expect(parseCommentaryDetail('<html>', 'de')).toMatchObject({ ok: false });
    expect(
      parseCommentaryDetail(JSON.stringify({ data: { id: 'x', title: 'Art. 1 OR', content: '' } }), 'de'),
    ).toMatchObject({
      ok: false,
    });
  });
});
