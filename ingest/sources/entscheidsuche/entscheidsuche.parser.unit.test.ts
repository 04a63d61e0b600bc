import { describe, expect, it } from 'vitest';
import {
  normalisedDecisionSchema,
  type NormalisedDecision,
} from '../../../contracts/events/decision-events.ts';
import { SourceItemError } from '../../source.port.ts';
import { parseEntscheidsucheItem } from './entscheidsuche.parser.ts';

const ctx = { itemId: 'CH_BGer/test.json', sourceName: 'entscheidsuche', scrapedAt: '2026-11-02T08:00:00Z' };

/** A decision page in the Federal Supreme Court's layout: one div.para per line. */
function page(...lines: string[]): string {
  return `<html><head><meta charset="utf-8"><title>t</title></head><body><div class="content">${lines
    .map((l) => `<div class="para">${l}</div>`)
    .join('\n')}</div></body></html>`;
}

const body = (...header: string[]): string =>
  page(
    ...header,
    'Sachverhalt:',
    'A. Die Parteien streiten.',
    'Erwägungen:',
    '1. Erwägung.',
    '1.1. Unter-Erwägung.',
    'Demnach erkennt das Gericht:',
    '1. Abgewiesen.',
  );

function rec(over: Record<string, unknown>): Record<string, unknown> {
  return {
    Signatur: 'CH_BGer_004',
    Spider: 'CH_BGer',
    Sprache: 'de',
    Datum: '2015-05-03',
    HTML: { Datei: 'CH_BGer/x.html', URL: 'https://entscheidsuche.ch/docs/CH_BGer/x.html', Checksum: 'abc' },
    Scrapedate: '2015-05-20',
    Num: ['4A_123/2015'],
    ...over,
  };
}

const meta = (de: string, fr: string, it: string, own?: string) => [
  { Sprachen: ['de'], Text: de },
  { Sprachen: ['fr'], Text: fr },
  { Sprachen: ['it'], Text: it },
  ...(own ? [{ Sprachen: ['de', 'fr', 'it'], Text: own }] : []),
];

interface Row {
  readonly name: string;
  readonly json: unknown;
  readonly html: string | null;
  readonly expected?: Partial<NormalisedDecision>;
  readonly error?: RegExp;
}

// prettier-ignore
const ROWS: Row[] = [
  {
    name: 'BGer, German, modern docket, chamber from Meta, type and title from the header',
    json: rec({ Meta: meta('Eidgenossenschaft Bundesgericht I. zivilrechtliche Abteilung', 'Confédération Tribunal fédéral Ire Cour de droit civil', 'Confederazione Tribunale federale I Corte di diritto civile'), Abstract: [{ Sprachen: ['de'], Text: 'Art. 271 OR; Kündigung.' }] }),
    html: body('Bundesgericht', 'Tribunal fédéral', '4A_123/2015', 'Urteil vom 3. Mai 2015', 'I. zivilrechtliche Abteilung', 'Gegenstand', 'Mietvertrag; Kündigung,'),
    expected: { decision_id: 'bger_4A_123_2015', court: 'bger', canton: 'CH', chamber: 'I. zivilrechtliche Abteilung', docket_number: '4A_123/2015', decision_type: 'Urteil', decision_date: '2015-05-03', language: 'de', title: 'Mietvertrag; Kündigung', regeste: 'Art. 271 OR; Kündigung.', source_url: 'https://entscheidsuche.ch/docs/CH_BGer/x.html', publication_date: null },
  },
  {
    name: 'BGer, French, Num as a string with a space instead of the underscore',
    json: rec({ Sprache: 'fr', Num: '4A 123/2015', Meta: meta('Eidgenossenschaft Bundesgericht I. zivilrechtliche Abteilung', 'Confédération Tribunal fédéral Ire Cour de droit civil', 'Confederazione Tribunale federale I Corte di diritto civile') }),
    html: body('Tribunal fédéral', '4A_123/2015', 'Arrêt du 3 mai 2015', 'Objet', 'Bail à loyer; résiliation'),
    expected: { decision_id: 'bger_4A_123_2015', docket_number: '4A_123/2015', language: 'fr', chamber: 'Ire Cour de droit civil', decision_type: 'Arrêt', title: 'Bail à loyer; résiliation' },
  },
  {
    name: 'BGer, Italian, second civil division',
    json: rec({ Signatur: 'CH_BGer_005', Sprache: 'it', Num: ['5A_45/2020'], Datum: '2020-09-01', Meta: meta('Eidgenossenschaft Bundesgericht II. zivilrechtliche Abteilung', 'Confédération Tribunal fédéral IIe Cour de droit civil', 'Confederazione Tribunale federale II Corte di diritto civile') }),
    html: body('Tribunale federale', '5A_45/2020', 'Sentenza del 1° settembre 2020', 'Oggetto', 'Divorzio'),
    expected: { decision_id: 'bger_5A_45_2020', chamber: 'II Corte di diritto civile', decision_type: 'Sentenza', language: 'it', title: 'Divorzio' },
  },
  {
    name: 'BGer before 2007: dotted docket kept in the id',
    json: rec({ Signatur: 'CH_BGer_005', Num: ['5C.123/2003'], Datum: '2003-06-12' }),
    html: body('5C.123/2003', 'Urteil vom 12. Juni 2003'),
    expected: { decision_id: 'bger_5C.123_2003', docket_number: '5C.123/2003', chamber: 'II. zivilrechtliche Abteilung', title: 'Urteil vom 12. Juni 2003' },
  },
  {
    name: 'former insurance court docket; chamber name that starts with the court name',
    json: rec({ Signatur: 'CH_BGer_016', Sprache: 'fr', Num: ['I 594/01'], Datum: '2002-03-04', Meta: meta('Eidgenossenschaft Bundesgericht Eidgenössisches Versicherungsgericht', 'Confédération Tribunal fédéral Tribunal fédéral des assurances', 'Confederazione Tribunale federale Tribunale federale delle assicurazioni') }),
    html: body('I 594/01', 'Arrêt du 4 mars 2002'),
    expected: { decision_id: 'bger_I_594_01', docket_number: 'I 594/01', chamber: 'Tribunal fédéral des assurances', decision_type: 'Arrêt' },
  },
  {
    name: 'BGE: reference as docket, regeste in the decision language, type from the excerpt line, division as chamber',
    json: rec({
      Signatur: 'CH_BGE_005', Spider: 'CH_BGE', Sprache: 'fr', Num: ['BGE 140 III 86', '4A_123/2013'], Datum: '2014-02-03',
      Meta: meta('Eidgenossenschaft Bundesgericht (BGE) Band III', 'Confédération Tribunal fédéral (ATF) Volume III', 'Confederazione Tribunale federale (DTF) Volume III', 'Ire Cour de droit civil'),
      Abstract: [{ Sprachen: ['de'], Text: 'Regeste deutsch (E. 2).' }, { Sprachen: ['fr'], Text: 'Regeste française (consid. 2).' }, { Sprachen: ['it'], Text: 'Regesto italiano (consid. 2).' }],
    }),
    html: page('Chapeau', '140 III 86', "13. Extrait de l'arrêt de la Ire Cour de droit civil dans la cause A. contre B. SA (recours en matière civile)", '4A_123/2013 du 3 février 2014', 'Regeste (de)', 'x', 'Faits à partir de page 87', 'A. Faits.', 'Extrait des considérants:', '2. Texte.', '2.1 Texte.'),
    expected: { decision_id: 'bge_BGE_140_III_86', court: 'bge', docket_number: 'BGE 140 III 86', regeste: 'Regeste française (consid. 2).', decision_type: 'Arrêt', chamber: 'Ire Cour de droit civil', title: 'Arrêt du 3 février 2014' },
  },
  {
    name: 'BVGer: the portal tree has no chambers, the chamber comes from the all-language Meta entry',
    json: rec({ Signatur: 'CH_BVGE_001', Spider: 'CH_BVGer', Num: ['D-1234/2020'], Datum: '2021-01-15', Meta: meta('Eidgenossenschaft Bundesverwaltungsgericht', 'Confédération Bundesverwaltungsgericht', 'Confederazione Bundesverwaltungsgericht', 'Abteilung IV') }),
    html: body('Bundesverwaltungsgericht', 'Abteilung IV', 'D-1234/2020', 'Urteil vom 15. Januar 2021', 'Gegenstand', 'Asyl und Wegweisung; Verfügung des SEM vom 3. März 2020.'),
    expected: { decision_id: 'bvger_D-1234_2020', court: 'bvger', chamber: 'Abteilung IV', title: 'Asyl und Wegweisung; Verfügung des SEM vom 3. März 2020' },
  },
  {
    name: 'BStGer, Italian, Decisione',
    json: rec({ Signatur: 'CH_BSTG_001', Spider: 'CH_BSTG', Sprache: 'it', Num: ['BB.2023.132'], Datum: '2023-11-20', Meta: [{ Sprachen: ['de', 'fr', 'it'], Text: 'Corte dei reclami penali' }] }),
    html: body('Tribunale penale federale', 'Corte dei reclami penali', 'BB.2023.132', 'Decisione del 20 novembre 2023'),
    expected: { decision_id: 'bstger_BB.2023.132', chamber: 'Corte dei reclami penali', decision_type: 'Decisione', language: 'it', title: 'Decisione del 20 novembre 2023' },
  },
  {
    name: 'BPatGer without Meta: no chamber',
    json: rec({ Signatur: 'CH_BPatG_001', Spider: 'CH_BPatG', Num: ['O2018_001'], Datum: '2019-04-02' }),
    html: body('Bundespatentgericht', 'O2018_001', 'Urteil vom 2. April 2019'),
    expected: { decision_id: 'bpatger_O2018_001', court: 'bpatger', chamber: null, decision_type: 'Urteil' },
  },
  {
    name: 'MKG collection reference',
    json: rec({ Signatur: 'CH_MKG_001', Spider: 'CH_MKG', Num: ['MKGE 14 Nr. 3'], Datum: '2014-06-30' }),
    html: body('Militärkassationsgericht', 'MKGE 14 Nr. 3', 'Urteil vom 30. Juni 2014'),
    expected: { decision_id: 'mkg_MKGE_14_Nr_3', court: 'mkg', docket_number: 'MKGE 14 Nr. 3' },
  },
  {
    name: 'FINMA order (regulator, canton CH)',
    json: rec({ Signatur: 'CH_FINMA_001', Spider: 'CH_FINMA', Num: ['FINMA 2019/12'], Datum: '2019-08-08' }),
    html: body('Eidgenössische Finanzmarktaufsicht FINMA', 'Verfügung vom 8. August 2019', 'in Sachen', 'A.________ AG', 'Gegenstand', 'Unerlaubte Entgegennahme von Publikumseinlagen'),
    expected: { decision_id: 'finma_FINMA_2019_12', court: 'finma', canton: 'CH', decision_type: 'Verfügung', title: 'Unerlaubte Entgegennahme von Publikumseinlagen' },
  },
  {
    name: 'WEKO, French decision',
    json: rec({ Signatur: 'CH_WEKO_001', Spider: 'CH_WEKO', Sprache: 'fr', Num: ['32-0247'], Datum: '2016-05-02' }),
    html: body('Commission de la concurrence', 'Décision du 2 mai 2016'),
    expected: { decision_id: 'weko_32-0247', decision_type: 'Décision', language: 'fr', title: 'Décision du 2 mai 2016' },
  },
  {
    name: 'Obergericht ZH: canton and court stripped from Meta, docket without separators',
    json: rec({ Signatur: 'ZH_OG_001', Spider: 'ZH_Obergericht', Num: ['LB210005'], Datum: '2021-06-15', Meta: meta('Zürich Obergericht Zivilkammern', 'Zurich Obergericht Zivilkammern', 'Zurigo Obergericht Zivilkammern') }),
    html: body('Obergericht des Kantons Zürich', 'Geschäfts-Nr.: LB210005', 'Beschluss vom 15. Juni 2021', 'Gegenstand', 'Forderung aus Arbeitsvertrag'),
    expected: { decision_id: 'zh_obergericht_LB210005', court: 'zh_obergericht', canton: 'ZH', chamber: 'Zivilkammern', decision_type: 'Beschluss' },
  },
  {
    name: 'Cour de justice GE, tenancy chamber, slashes in the docket',
    json: rec({ Signatur: 'GE_CJ_004', Spider: 'GE_Gerichte', Sprache: 'fr', Num: ['ACJC/123/2021'], Datum: '2021-02-01', Meta: meta('Genf Cour de Justice (Cour civile) Chambre des baux et loyers', 'Genève Cour de Justice (Cour civile) Chambre des baux et loyers', 'Ginevra Cour de Justice (Cour civile) Chambre des baux et loyers') }),
    html: body('Cour de justice', 'Arrêt du 1er février 2021'),
    expected: { decision_id: 'ge_gerichte_ACJC_123_2021', canton: 'GE', chamber: 'Chambre des baux et loyers', decision_type: 'Arrêt', title: 'Arrêt du 1er février 2021' },
  },
  {
    name: 'Tribunal cantonal VD',
    json: rec({ Signatur: 'VD_TC_002', Spider: 'VD_FindInfo', Sprache: 'fr', Num: ['HC/2021/123'], Datum: '2021-03-09' }),
    html: body('Tribunal cantonal', 'Ordonnance du 9 mars 2021'),
    expected: { decision_id: 'vd_findinfo_HC_2021_123', canton: 'VD', chamber: "Cour d'appel civile", decision_type: 'Ordonnance' },
  },
  {
    name: "Tribunale d'appello TI, Italian",
    json: rec({ Signatur: 'TI_TRAC_001', Spider: 'TI_Gerichte', Sprache: 'it', Num: ['12.2019.45'], Datum: '2019-10-10' }),
    html: body("Tribunale d'appello", 'Decreto del 10 ottobre 2019'),
    expected: { decision_id: 'ti_gerichte_12.2019.45', canton: 'TI', chamber: 'La prima Camera civile', decision_type: 'Decreto' },
  },
  {
    name: 'Tribunal cantonal JU: spaces and a slash in the docket',
    json: rec({ Signatur: 'JU_TC_002', Spider: 'JU_Gerichte', Sprache: 'fr', Num: ['CC 12 / 2019'], Datum: '2019-11-11' }),
    html: body('Tribunal cantonal', 'Arrêt du 11 novembre 2019'),
    expected: { decision_id: 'ju_tribunal_cantonal_CC_12_2019', docket_number: 'CC 12 / 2019' },
  },
  {
    name: 'court without chambers: canton and court only, the legal-field entry is not a chamber',
    json: rec({ Signatur: 'ZH_VG_001', Spider: 'ZH_Verwaltungsgericht', Num: ['VB.2020.00123'], Datum: '2020-08-20', Meta: [{ Sprachen: ['de'], Text: 'Zürich Verwaltungsgericht' }, { Sprachen: ['de'], Text: 'Raumplanung und Baurecht' }] }),
    html: body('Verwaltungsgericht des Kantons Zürich', 'Urteil vom 20. August 2020'),
    expected: { decision_id: 'zh_verwaltungsgericht_VB.2020.00123', chamber: null, canton: 'ZH' },
  },
  {
    name: 'missing Datum: no decision date, title from type and docket',
    json: rec({ Signatur: 'ZH_OG_002', Spider: 'ZH_Obergericht', Num: ['SB190012'], Datum: undefined }),
    html: body('Obergericht des Kantons Zürich', 'Urteil'),
    expected: { decision_date: null, decision_type: 'Urteil', title: 'Urteil SB190012', chamber: 'Strafkammern' },
  },
  {
    name: 'placeholder date YYYY-01-01 is kept but not spelled in the title',
    json: rec({ Datum: '2019-01-01', Num: ['4A_7/2019'] }),
    html: body('Bundesgericht', '4A_7/2019', 'Urteil'),
    expected: { decision_date: '2019-01-01', title: 'Urteil 4A_7/2019' },
  },
  {
    name: 'year-only Datum: the date the decision states wins, the record date is kept as a disagreement',
    json: rec({ Datum: '2018', Num: ['4A_8/2018'] }),
    html: body('Urteil vom 5. Juli 2018'),
    expected: {
      decision_date: '2018-07-05',
      source_record: { court_code: 'CH_BGer_004', court_known: true, disagreements: [{ field: 'decision_date', record: '2018-01-01', text: '2018-07-05' }] },
    },
  },
  {
    name: 'year-only Datum and no date in the text: the placeholder date',
    json: rec({ Datum: '2018', Num: ['4A_8/2018'] }),
    html: body('Urteil'),
    expected: { decision_date: '2018-01-01', source_record: { court_code: 'CH_BGer_004', court_known: true, disagreements: [] } },
  },
  {
    name: 'missing Sprache: the canton language (GE → fr)',
    json: rec({ Signatur: 'GE_TAPI_001', Spider: 'GE_Gerichte', Sprache: undefined, Num: ['JTAPI/12/2020'], Datum: '2020-12-01' }),
    html: body('Tribunal administratif de première instance', 'Jugement du 1er décembre 2020'),
    expected: { language: 'fr', court: 'ge_tapi', decision_type: 'Jugement', chamber: null },
  },
  {
    name: 'chamber from the portal labels when Meta is missing',
    json: rec({ Signatur: 'CH_BGer_006', Num: ['6B_1518/2021'], Datum: '2022-05-03', Kopfzeile: undefined }),
    html: body('6B_1518/2021', 'Urteil vom 3. Mai 2022'),
    expected: { chamber: 'Strafrechtliche Abteilung', decision_id: 'bger_6B_1518_2021' },
  },
  {
    name: 'HTML entities decoded, inline markup flattened, blank line between paragraphs',
    json: rec({ Num: ['4A_9/2015'] }),
    html: '<html><body><div class="content"><div class="para">Urteil vom 3. Mai 2015</div><div class="para">A.&nbsp;B. &amp; C. <b>AG</b> &lt;Kl&auml;gerin&gt; &#8211; &quot;X&quot; l&#39;art.</div></div></body></html>',
    expected: { full_text: 'Urteil vom 3. Mai 2015\n\nA. B. & C. AG <Klägerin> – "X" l\'art.' },
  },
  {
    name: 'no div.content: body with nested divs and p, script and style dropped',
    json: rec({ Num: ['4A_10/2015'], Abstract: [{ Sprachen: ['fr'], Text: 'Nur französisch.' }] }),
    html: '<html><head><style>p{}</style></head><body><script>var x=1;</script><div><div><p>Erste   Zeile\n mit Umbruch</p><div>Zweite <i>Zeile</i></div></div><ul><li>Punkt</li></ul></div></body></html>',
    expected: { full_text: 'Erste Zeile mit Umbruch\n\nZweite Zeile\n\nPunkt', regeste: 'Nur französisch.', decision_type: null, title: 'Entscheid vom 3. Mai 2015' },
  },
  {
    name: 'unclosed tags and implied paragraph ends',
    json: rec({ Num: ['4A_11/2015'] }),
    html: '<div class="content"><div class="para">Urteil vom 3. Mai 2015<div class="para">Gegenstand<p>Kündigung<p>Text &auml;&#x27;',
    expected: { full_text: "Urteil vom 3. Mai 2015\n\nGegenstand\n\nKündigung\n\nText ä'", title: 'Kündigung', decision_type: 'Urteil' },
  },
  {
    name: 'publication date when given',
    json: rec({ PDatum: '2015-06-01' }),
    html: body('Urteil vom 3. Mai 2015'),
    expected: { publication_date: '2015-06-01', regeste: null },
  },
  {
    name: 'signature the registry does not know: kept under a court of its own, canton from the prefix',
    json: rec({ Signatur: 'CH_EDÖB_006', Num: ['Empfehlung vom 30.6.2025'] }),
    html: body('Bern, 30. Juni 2025', 'Empfehlung'),
    expected: { court: 'ch_edoeb', canton: 'CH', decision_date: '2025-06-30', source_record: { court_code: 'CH_EDÖB_006', court_known: false, disagreements: [{ field: 'decision_date', record: '2015-05-03', text: '2025-06-30' }] } },
  },
  {
    name: 'signature with an unknown prefix: the Confederation, the prefix kept in the key',
    json: rec({ Signatur: 'XX_ABC_001' }),
    html: body('x'),
    expected: { court: 'ch_xx_abc', canton: 'CH', source_record: { court_code: 'XX_ABC_001', court_known: false, disagreements: [] } },
  },
  { name: 'missing HTML', json: rec({}), html: null, error: /HTML: no HTML file/ },
  { name: 'HTML without text', json: rec({}), html: '<html><body><div class="content"> <div class="para">&nbsp;</div></div></body></html>', error: /HTML: the page has no text/ },
  { name: 'missing Num', json: rec({ Num: undefined }), html: body('x'), error: /Num/ },
  { name: 'empty Num list', json: rec({ Num: [] }), html: body('x'), error: /Num: no docket number/ },
  { name: 'impossible Datum', json: rec({ Datum: '2021-02-30' }), html: body('x'), error: /Datum: '2021-02-30' is not a date/ },
  { name: 'unsupported Sprache', json: rec({ Sprache: 'en' }), html: body('x'), error: /Sprache: unsupported language 'en'/ },
  { name: 'not an object', json: ['CH_BGer_004'], html: body('x'), error: /invalid entscheidsuche record/ },
  { name: 'Signatur of the wrong type', json: rec({ Signatur: 4 }), html: body('x'), error: /Signatur/ },
];

describe('parseEntscheidsucheItem', () => {
  it('has many table rows', () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(ROWS)('$name', ({ json, html, expected, error }) => {
    if (error) {
      let thrown: unknown;
      try {
        parseEntscheidsucheItem(json, html, ctx);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SourceItemError);
      expect((thrown as SourceItemError).message).toMatch(error);
      expect((thrown as SourceItemError).itemId).toBe(ctx.itemId);
      return;
    }
    const decision = parseEntscheidsucheItem(json, html, ctx);
    expect(() => normalisedDecisionSchema.parse(decision)).not.toThrow();
    expect(decision).toMatchObject(expected ?? {});
    expect(decision.provenance).toMatchObject({
      source: 'entscheidsuche',
      source_item_id: ctx.itemId,
      scraped_at: ctx.scrapedAt,
    });
    expect(decision.provenance.content_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('full text has one paragraph per div.para, separated by blank lines', () => {
    const d = parseEntscheidsucheItem(rec({}), page('Eins', ' Zwei  ', 'Drei'), ctx);
    expect(d.full_text).toBe('Eins\n\nZwei\n\nDrei');
  });
});

describe('content_hash', () => {
  const json = rec({ Abstract: [{ Sprachen: ['de'], Text: 'Regeste.' }] });
  const html = body('Urteil vom 3. Mai 2015', 'Gegenstand', 'Kündigung');

  it('is the same for the same content, whatever the provenance', () => {
    const a = parseEntscheidsucheItem(json, html, ctx);
    const b = parseEntscheidsucheItem(structuredClone(json), html, {
      itemId: 'other/id.json',
      sourceName: 'sample',
      scrapedAt: '2030-01-01T00:00:00+01:00',
    });
    expect(b.provenance.content_hash).toBe(a.provenance.content_hash);
  });

  it('changes when the text changes', () => {
    const a = parseEntscheidsucheItem(json, html, ctx);
    const b = parseEntscheidsucheItem(json, html.replace('Kündigung', 'Kündigung, Erstreckung'), ctx);
    expect(b.provenance.content_hash).not.toBe(a.provenance.content_hash);
  });

  it('changes when metadata changes', () => {
    const a = parseEntscheidsucheItem(json, html, ctx);
    const b = parseEntscheidsucheItem({ ...json, Datum: '2015-05-04' }, html, ctx);
    expect(b.provenance.content_hash).not.toBe(a.provenance.content_hash);
  });
});
