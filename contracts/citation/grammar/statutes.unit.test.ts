import { describe, expect, it } from 'vitest';
import { find } from './grammar-test-support.ts';
import type { CitationMatch } from './find-citations.ts';
import { FEDERAL_ACTS } from '../../laws/federal-acts.ts';
import { LAW_ABBREVIATIONS, lawBySpelling, lawBySr, spellingHasDot, srForLaw } from './law-abbreviations.ts';

/** Compact expectation: `text | key | law | paragraphs | letters | numbers | sentences | ff`. */
function describeStatute(m: CitationMatch): string {
  const d = m.statute!;
  const parts = [m.text, m.key, d.law ?? '-'];
  if (d.paragraphs.length) parts.push(`abs ${d.paragraphs.join(',')}`);
  if (d.letters.length) parts.push(`lit ${d.letters.join(',')}`);
  if (d.numbers.length) parts.push(`ziff ${d.numbers.join(',')}`);
  if (d.sentences.length) parts.push(`satz ${d.sentences.join(',')}`);
  if (d.following) parts.push('ff');
  return parts.join(' | ');
}

function statutes(text: string): string[] {
  return find(text)
    .filter((m) => m.kind === 'statute')
    .map(describeStatute);
}

type Row = readonly [text: string, expected: readonly string[]];

function check(rows: readonly Row[]): void {
  it.each(rows.map(([text, expected]) => ({ text, expected })))('$text', ({ text, expected }) => {
    expect(statutes(text)).toEqual(expected);
  });
}

describe('statute references as decisions write them in full (issue: real documents)', () => {
  check([
    // the act written out, its abbreviation and SR number in brackets
    [
      'Art. 218 des Militärstrafgesetzes vom 13. Juni 1927 (MStG; SR 321.0)',
      ['Art. 218 des Militärstrafgesetzes vom 13. Juni 1927 (MStG; SR 321.0) | 321.0:218 | MStG'],
    ],
    [
      'Art. 5 des Bundesgesetzes über die Beispiele (Beispielgesetz, BspG; SR 999.1) gilt',
      ['Art. 5 des Bundesgesetzes über die Beispiele (Beispielgesetz, BspG; SR 999.1) | 999.1:5 | BspG'],
    ],
    [
      'art. 12 al. 1 de la loi du 2 mars 2010 sur les exemples [LEx-VD; BLV 100.10]',
      [
        'art. 12 al. 1 de la loi du 2 mars 2010 sur les exemples [LEx-VD; BLV 100.10] | LEx-VD VD:12 | LEx-VD | abs 1',
      ],
    ],
    [
      'art. 3 della legge del 4 maggio 2011 sugli esempi (LEs; RL 1.1.1) vale',
      ['art. 3 della legge del 4 maggio 2011 sugli esempi (LEs; RL 1.1.1) | LEs TI:3 | LEs'],
    ],
    // no abbreviation in the brackets, or a sentence ends before them: the act stays unknown
    ['Art. 5 des Gesetzes (vgl. oben) gilt', ['Art. 5 | ?:5 | -']],
    ['Art. 5 des Gesetzes. Die Beschwerde (BGE 140 III 86)', ['Art. 5 | ?:5 | -']],
    // connected articles share the law written last
    ['Art. 8 in Verbindung mit Art. 13 BV', ['Art. 8 | 101:8 | BV', 'Art. 13 BV | 101:13 | BV']],
    ['Art. 8 i.V.m. Art. 13 BV', ['Art. 8 | 101:8 | BV', 'Art. 13 BV | 101:13 | BV']],
    ['art. 8 en relation avec art. 13 Cst.', ['art. 8 | 101:8 | Cst.', 'art. 13 Cst. | 101:13 | Cst.']],
    ['art. 8 in relazione con art. 13 Cost.', ['art. 8 | 101:8 | Cost.', 'art. 13 Cost. | 101:13 | Cost.']],
    // Roman paragraph and item numbers read as Arabic
    ['Art. 20 Abs. II IDG', ['Art. 20 Abs. II IDG | IDG:20 | IDG | abs 2']],
    ['Art. 4 Ziff. I lit. a VRV', ['Art. 4 Ziff. I lit. a VRV | 741.11:4 | VRV | lit a | ziff 1']],
    ['art. 4 ch. III CO', ['art. 4 ch. III CO | 220:4 | CO | ziff 3']],
    // ranges and lists: one reference per article
    [
      'Art. 11–14 OR',
      [
        'Art. 11 | 220:11 | OR',
        'Art. 11–14 OR | 220:12 | OR',
        'Art. 11–14 OR | 220:13 | OR',
        '14 OR | 220:14 | OR',
      ],
    ],
    ['Art. 11 und 12 OR', ['Art. 11 | 220:11 | OR', '12 OR | 220:12 | OR']],
    ['art. 11 à 13 CO', ['art. 11 | 220:11 | CO', 'art. 11 à 13 CO | 220:12 | CO', '13 CO | 220:13 | CO']],
    ['artt. 11 e 12 CO', ['artt. 11 | 220:11 | CO', '12 CO | 220:12 | CO']],
    // article numbers as the acts number them: letters, ordinals, a letter then an ordinal
    ['Art. 32a OR', ['Art. 32a OR | 220:32a | OR']],
    ['Art. 32abis OR', ['Art. 32abis OR | 220:32abis | OR']],
    ['Art. 5aquater StGB', ['Art. 5aquater StGB | 311.0:5aquater | StGB']],
    ['art. 40e CO', ['art. 40e CO | 220:40e | CO']],
    ['art. 2vicies CP', ['art. 2vicies CP | 311.0:2vicies | CP']],
    ['art. 12 quinquies Cost.', ['art. 12 quinquies Cost. | 101:12quinquies | Cost.']],
    // a range too long to be one (a typing slip) keeps its two ends
    ['Art. 1–99 OR', ['Art. 1 | 220:1 | OR', '99 OR | 220:99 | OR']],
  ]);
});

describe('statute references (de)', () => {
  check([
    ['Art. 8 BV', ['Art. 8 BV | 101:8 | BV']],
    ['Art. 8 Abs. 2 lit. a BV', ['Art. 8 Abs. 2 lit. a BV | 101:8 | BV | abs 2 | lit a']],
    ['Art. 8 Abs. 2 Satz 1 BV', ['Art. 8 Abs. 2 Satz 1 BV | 101:8 | BV | abs 2 | satz 1']],
    ['Art. 41 ff. OR', ['Art. 41 ff. OR | 220:41 | OR | ff']],
    ['Art. 41 f. OR', ['Art. 41 f. OR | 220:41 | OR', 'Art. 41 f. OR | 220:42 | OR']],
    ['Art. 41ff. OR', ['Art. 41ff. OR | 220:41 | OR | ff']],
    ['Art. 41a OR', ['Art. 41a OR | 220:41a | OR']],
    ['Art. 266l OR', ['Art. 266l OR | 220:266l | OR']],
    ['Art. 336c Abs. 1 lit. b OR', ['Art. 336c Abs. 1 lit. b OR | 220:336c | OR | abs 1 | lit b']],
    ['Art. 6bis StGB', ['Art. 6bis StGB | 311.0:6bis | StGB']],
    ['Art. 12quater AHVG', ['Art. 12quater AHVG | 831.10:12quater | AHVG']],
    ['Art. 12 quater AHVG', ['Art. 12 quater AHVG | 831.10:12quater | AHVG']],
    ['Art. 3ter BV', ['Art. 3ter BV | 101:3ter | BV']],
    ['Art. 12quinquies StGB', ['Art. 12quinquies StGB | 311.0:12quinquies | StGB']],
    ['Art. 3quaterdecies BV', ['Art. 3quaterdecies BV | 101:3quaterdecies | BV']],
    ['Art. 7septiesdecies StGB', ['Art. 7septiesdecies StGB | 311.0:7septiesdecies | StGB']],
    ['Art. 12 Abs. 2bis BV', ['Art. 12 Abs. 2bis BV | 101:12 | BV | abs 2bis']],
    ['Art. 6 Ziff. 1 EMRK', ['Art. 6 Ziff. 1 EMRK | 0.101:6 | EMRK | ziff 1']],
    [
      'Art. 2 Abs. 1 lit. a Ziff. 3 AIG',
      ['Art. 2 Abs. 1 lit. a Ziff. 3 AIG | 142.20:2 | AIG | abs 1 | lit a | ziff 3'],
    ],
    ['Art. 1 Bst. d und e BV', ['Art. 1 Bst. d und e BV | 101:1 | BV | lit d,e']],
    ['Art. 1 lit. a, b und c BV', ['Art. 1 lit. a, b und c BV | 101:1 | BV | lit a,b,c']],
    ['Art. 29 Abs. 1 und 2 BV', ['Art. 29 Abs. 1 und 2 BV | 101:29 | BV | abs 1,2']],
    ['Art. 29 Abs. 1-3 BV', ['Art. 29 Abs. 1-3 BV | 101:29 | BV | abs 1,3']],
    ['Art. 8 und 9 BV', ['Art. 8 | 101:8 | BV', '9 BV | 101:9 | BV']],
    ['Art. 8, 9 und 29 BV', ['Art. 8 | 101:8 | BV', '9 | 101:9 | BV', '29 BV | 101:29 | BV']],
    ['Art. 8 BV und 9 EMRK', ['Art. 8 BV | 101:8 | BV', '9 EMRK | 0.101:9 | EMRK']],
    ['Art. 8 BV i.V.m. Art. 6 EMRK', ['Art. 8 BV | 101:8 | BV', 'Art. 6 EMRK | 0.101:6 | EMRK']],
    ['Art. 8 i.V.m. Art. 29 BV', ['Art. 8 | 101:8 | BV', 'Art. 29 BV | 101:29 | BV']],
    [
      'Art. 19 Abs. 1 lit. b und d i.V.m. Abs. 2 lit. a BetmG',
      ['Art. 19 Abs. 1 lit. b und d i.V.m. Abs. 2 lit. a BetmG | 812.121:19 | BetmG | abs 1,2 | lit b,d,a'],
    ],
    ['Art. 8 Abs. 1 und Abs. 2 BV', ['Art. 8 Abs. 1 und Abs. 2 BV | 101:8 | BV | abs 1,2']],
    ['Art. 8 Abs. 1 BV i.V.m. Abs. 2 BV', ['Art. 8 Abs. 1 BV | 101:8 | BV | abs 1']],
    ['Art. 8 in Verbindung mit Art. 29 BV', ['Art. 8 | 101:8 | BV', 'Art. 29 BV | 101:29 | BV']],
    [
      'Art. 97 Abs. 1 BGG bzw. Art. 105 Abs. 2 BGG',
      ['Art. 97 Abs. 1 BGG | 173.110:97 | BGG | abs 1', 'Art. 105 Abs. 2 BGG | 173.110:105 | BGG | abs 2'],
    ],
    ['Art. 6 bis 8 BV', ['Art. 6 | 101:6 | BV', 'Art. 6 bis 8 BV | 101:7 | BV', '8 BV | 101:8 | BV']],
    ['Art. 8 BV und 3 weitere Bestimmungen', ['Art. 8 BV | 101:8 | BV']],
    ['Art. 8 und 9', ['Art. 8 | ?:8 | -', '9 | ?:9 | -']],
    ['Artikel 8 BV', ['Artikel 8 BV | 101:8 | BV']],
    ['Art 8 BV', ['Art 8 BV | 101:8 | BV']],
    ['Art. 12quater', ['Art. 12quater | ?:12quater | -']],
    ['Art.8 Abs.2 BV', ['Art.8 Abs.2 BV | 101:8 | BV | abs 2']],
    ['Art. 8 BV.', ['Art. 8 BV | 101:8 | BV']],
    ['(Art. 8 BV)', ['Art. 8 BV | 101:8 | BV']],
    ['Art. 5 EG ZGB', ['Art. 5 EG ZGB | EG ZGB:5 | EG ZGB']],
    ['Art. 5 EG ZGB ZH', ['Art. 5 EG ZGB ZH | EG ZGB ZH:5 | EG ZGB']],
    ['Art. 12 StPO ZH', ['Art. 12 StPO ZH | StPO ZH:12 | StPO']],
    ['Art. 1 SchlT ZGB', ['Art. 1 SchlT ZGB | SchlT ZGB:1 | SchlT ZGB']],
    ['Art. 10 KV', ['Art. 10 KV | KV:10 | KV']],
    ['§ 12 StG', ['§ 12 StG | StG:12 | StG']],
    ['§ 12 Abs. 1 StG ZH', ['§ 12 Abs. 1 StG ZH | StG ZH:12 | StG | abs 1']],
    ['§ 5 Abs. 2 VRG/ZH', ['§ 5 Abs. 2 VRG/ZH | VRG ZH:5 | VRG | abs 2']],
    ['§ 5 VRG (ZH)', ['§ 5 VRG (ZH) | VRG ZH:5 | VRG']],
    ['§§ 12 und 13 StG', ['§§ 12 | StG:12 | StG', '13 StG | StG:13 | StG']],
    ['§12 BauG', ['§12 BauG | BauG:12 | BauG']],
    ['Art. 6 EMRK', ['Art. 6 EMRK | 0.101:6 | EMRK']],
    ['Art. 8 KRK', ['Art. 8 KRK | 0.107:8 | KRK']],
    ['Art. 2 ZGB', ['Art. 2 ZGB | 210:2 | ZGB']],
    ['Art. 2 Abs. 2 ZGB', ['Art. 2 Abs. 2 ZGB | 210:2 | ZGB | abs 2']],
    ['Art. 42 Abs. 2 BGG', ['Art. 42 Abs. 2 BGG | 173.110:42 | BGG | abs 2']],
    ['Art. 106 Abs. 2 BGG', ['Art. 106 Abs. 2 BGG | 173.110:106 | BGG | abs 2']],
    ['Art. 82 lit. a BGG', ['Art. 82 lit. a BGG | 173.110:82 | BGG | lit a']],
    ['Art. 398 Abs. 3 StPO', ['Art. 398 Abs. 3 StPO | 312.0:398 | StPO | abs 3']],
    ['Art. 317 Abs. 1 ZPO', ['Art. 317 Abs. 1 ZPO | 272:317 | ZPO | abs 1']],
    ['Art. 80 SchKG', ['Art. 80 SchKG | 281.1:80 | SchKG']],
    ['Art. 6 IVG', ['Art. 6 IVG | 831.20:6 | IVG']],
    ['Art. 17 ATSG', ['Art. 17 ATSG | 830.1:17 | ATSG']],
    ['Art. 62 Abs. 1 lit. b AIG', ['Art. 62 Abs. 1 lit. b AIG | 142.20:62 | AIG | abs 1 | lit b']],
    ['Art. 62 AuG', ['Art. 62 AuG | 142.20:62 | AuG']],
    ['Art. 90 Abs. 2 SVG', ['Art. 90 Abs. 2 SVG | 741.01:90 | SVG | abs 2']],
    ['Art. 12 lit. a BGFA', ['Art. 12 lit. a BGFA | 935.61:12 | BGFA | lit a']],
    ['Art. 4 DSG', ['Art. 4 DSG | 235.1:4 | DSG']],
    ['Art. 25 KVG', ['Art. 25 KVG | 832.10:25 | KVG']],
    ['Art. 6 UVG', ['Art. 6 UVG | 832.20:6 | UVG']],
    ['Art. 16 DBG', ['Art. 16 DBG | 642.11:16 | DBG']],
    ['Art. 12 VwVG', ['Art. 12 VwVG | 172.021:12 | VwVG']],
    ['Art. 15 BVV 2', ['Art. 15 BVV 2 | 831.441.1:15 | BVV 2']],
    ['art. 15 OPP 2', ['art. 15 OPP 2 | 831.441.1:15 | OPP 2']],
    ['Art. 8 BV 2 mal', ['Art. 8 BV | 101:8 | BV']],
    ['die Art der Sache', []],
    ['die Art 3 der Sache', []],
    ['Art. Art. Art.', []],
  ]);
});

describe('statute references (fr)', () => {
  check([
    ['art. 8 Cst.', ['art. 8 Cst. | 101:8 | Cst.']],
    ['art. 8 Cst', ['art. 8 Cst | 101:8 | Cst']],
    ['art. 8 al. 2 let. a Cst.', ['art. 8 al. 2 let. a Cst. | 101:8 | Cst. | abs 2 | lit a']],
    ['art. 41 ss CO', ['art. 41 ss CO | 220:41 | CO | ff']],
    ['art. 41 s. CO', ['art. 41 s. CO | 220:41 | CO', 'art. 41 s. CO | 220:42 | CO']],
    ['art. 4 ch. 1 CP', ['art. 4 ch. 1 CP | 311.0:4 | CP | ziff 1']],
    ['art. 6 par. 1 CEDH', ['art. 6 par. 1 CEDH | 0.101:6 | CEDH | abs 1']],
    ['art. 6 § 1 CEDH', ['art. 6 § 1 CEDH | 0.101:6 | CEDH | abs 1']],
    ['art. 1 al. 1 let. a et b CP', ['art. 1 al. 1 let. a et b CP | 311.0:1 | CP | abs 1 | lit a,b']],
    ['art. 9 al. 1, 2e phrase, CO', ['art. 9 al. 1, 2e phrase, CO | 220:9 | CO | abs 1 | satz 2']],
    ['art. 9 al. 1 1re phrase CO', ['art. 9 al. 1 1re phrase CO | 220:9 | CO | abs 1 | satz 1']],
    ['art. 8 et 9 Cst.', ['art. 8 | 101:8 | Cst.', '9 Cst. | 101:9 | Cst.']],
    [
      "art. 29 al. 2 Cst. en relation avec l'art. 6 par. 1 CEDH",
      ['art. 29 al. 2 Cst. | 101:29 | Cst. | abs 2', 'art. 6 par. 1 CEDH | 0.101:6 | CEDH | abs 1'],
    ],
    ['article 8 CC', ['article 8 CC | 210:8 | CC']],
    ['art. 25 al. 1 de la LAMal', ['art. 25 al. 1 de la LAMal | 832.10:25 | LAMal | abs 1']],
    ['art. 95 LTF', ['art. 95 LTF | 173.110:95 | LTF']],
    ['art. 82 let. a LTF', ['art. 82 let. a LTF | 173.110:82 | LTF | lit a']],
    ['art. 8 CC', ['art. 8 CC | 210:8 | CC']],
    ['art. 8 CO', ['art. 8 CO | 220:8 | CO']],
    ['art. 8 CP', ['art. 8 CP | 311.0:8 | CP']],
    ['art. 398 al. 3 CPP', ['art. 398 al. 3 CPP | 312.0:398 | CPP | abs 3']],
    ['art. 317 al. 1 CPC', ['art. 317 al. 1 CPC | 272:317 | CPC | abs 1']],
    ['art. 80 LP', ['art. 80 LP | 281.1:80 | LP']],
    ['art. 6 LAI', ['art. 6 LAI | 831.20:6 | LAI']],
    ['art. 17 LPGA', ['art. 17 LPGA | 830.1:17 | LPGA']],
    ['art. 62 al. 1 let. b LEI', ['art. 62 al. 1 let. b LEI | 142.20:62 | LEI | abs 1 | lit b']],
    ['art. 90 al. 2 LCR', ['art. 90 al. 2 LCR | 741.01:90 | LCR | abs 2']],
    ['art. 12 let. a LLCA', ['art. 12 let. a LLCA | 935.61:12 | LLCA | lit a']],
    ['art. 6 LAA', ['art. 6 LAA | 832.20:6 | LAA']],
    ['art. 16 LIFD', ['art. 16 LIFD | 642.11:16 | LIFD']],
    ['art. 12 PA', ['art. 12 PA | 172.021:12 | PA']],
    ['art. 2 LDIP', ['art. 2 LDIP | 291:2 | LDIP']],
    ['art. 4 LPD', ['art. 4 LPD | 235.1:4 | LPD']],
    ['art. 1 LaCC', ['art. 1 LaCC | LaCC:1 | LaCC']],
  ]);
});

describe('statute references (it)', () => {
  check([
    ['art. 8 Cost.', ['art. 8 Cost. | 101:8 | Cost.']],
    ['art. 8 cpv. 2 lett. a Cost.', ['art. 8 cpv. 2 lett. a Cost. | 101:8 | Cost. | abs 2 | lit a']],
    ['articolo 8 Cost.', ['articolo 8 Cost. | 101:8 | Cost.']],
    ['artt. 8 e 9 Cost.', ['artt. 8 | 101:8 | Cost.', '9 Cost. | 101:9 | Cost.']],
    ['art. 41 segg. CO', ['art. 41 segg. CO | 220:41 | CO | ff']],
    ['art. 6 n. 1 CEDU', ['art. 6 n. 1 CEDU | 0.101:6 | CEDU | ziff 1']],
    ['art. 6 cifra 1 CEDU', ['art. 6 cifra 1 CEDU | 0.101:6 | CEDU | ziff 1']],
    ['art. 8 cpv. 1 frase 2 Cost.', ['art. 8 cpv. 1 frase 2 Cost. | 101:8 | Cost. | abs 1 | satz 2']],
    ['art. 95 LTF', ['art. 95 LTF | 173.110:95 | LTF']],
    ['art. 80 LEF', ['art. 80 LEF | 281.1:80 | LEF']],
    ['art. 62 cpv. 1 lett. b LStrI', ['art. 62 cpv. 1 lett. b LStrI | 142.20:62 | LStrI | abs 1 | lit b']],
    ['art. 90 cpv. 2 LCStr', ['art. 90 cpv. 2 LCStr | 741.01:90 | LCStr | abs 2']],
    ['art. 6 LAINF', ['art. 6 LAINF | 832.20:6 | LAINF']],
    ['art. 16 LIFD', ['art. 16 LIFD | 642.11:16 | LIFD']],
    ['art. 1 LIVA', ['art. 1 LIVA | 641.20:1 | LIVA']],
    ['art. 1 LAID', ['art. 1 LAID | 642.14:1 | LAID']],
    ['art. 25 cpv. 1 della LAMal', ['art. 25 cpv. 1 della LAMal | 832.10:25 | LAMal | abs 1']],
    [
      "art. 8 cpv. 2 Cost. in relazione con l'art. 6 CEDU",
      ['art. 8 cpv. 2 Cost. | 101:8 | Cost. | abs 2', 'art. 6 CEDU | 0.101:6 | CEDU'],
    ],
    ['art. 1 lett. a e b CP', ['art. 1 lett. a e b CP | 311.0:1 | CP | lit a,b']],
  ]);
});

/** `key@start-end` of every statute reference, `*` marking an article the text implies. */
function spans(text: string): string[] {
  return find(text)
    .filter((m) => m.kind === 'statute')
    .map((m) => `${m.key}@${m.span.start}-${m.span.end}${m.statute?.inRange ? '*' : ''}`);
}

describe('enumerations and ranges: every article its own reference, with its law and span (de, fr, it)', () => {
  it.each([
    // de
    ['Art. 5 und 6 ZGB', ['210:5@0-6', '210:6@11-16']],
    ['gemäss Art. 5 und 6 ZGB gilt', ['210:5@7-13', '210:6@18-23']],
    ['Art. 5, 6 und 8 OR', ['220:5@0-6', '220:6@8-9', '220:8@14-18']],
    ['Art. 5 f. ZGB', ['210:5@0-13', '210:6@0-13*']],
    ['Art. 41f. OR', ['220:41@0-12', '220:42@0-12*']],
    ['Art. 5 ff. ZGB', ['210:5@0-14']],
    ['Art. 5 f. und 8 OR', ['220:5@0-9', '220:6@0-9*', '220:8@14-18']],
    ['Art. 5 und 6 ZGB sowie Art. 2 OR', ['210:5@0-6', '210:6@11-16', '220:2@23-32']],
    ['Art. 5–7 ZGB', ['210:5@0-6', '210:6@0-12*', '210:7@7-12']],
    ['Art. 5 Abs. 2 f. ZGB', ['210:5@0-20']],
    // fr
    ['art. 5 et 6 CC', ['210:5@0-6', '210:6@10-14']],
    ["selon l'art. 5 et 6 CC", ['210:5@8-14', '210:6@18-22']],
    ['art. 5, 6 et 8 CO', ['220:5@0-6', '220:6@8-9', '220:8@13-17']],
    ['art. 5 s. CC', ['210:5@0-12', '210:6@0-12*']],
    ['art. 5 ss CC', ['210:5@0-12']],
    ['art. 5 à 7 CC', ['210:5@0-6', '210:6@0-13*', '210:7@9-13']],
    // it
    ['artt. 5 e 6 CC', ['210:5@0-7', '210:6@10-14']],
    ['artt. 5, 6 e 8 CO', ['220:5@0-7', '220:6@9-10', '220:8@13-17']],
    ['art. 5 seg. CC', ['210:5@0-14', '210:6@0-14*']],
    ['art. 5 segg. CC', ['210:5@0-15']],
  ])('%s', (text, expected) => {
    expect(spans(text)).toEqual(expected);
  });

  it.each([
    // numbers that are no articles: only the written article, never `6`
    ['Art. 5 und 6 Monate', ['?:5@0-6']],
    ['Art. 5 et 6 mois', ['?:5@0-6']],
    ['art. 5 e 6 mesi', ['?:5@0-6']],
    ['Art. 8 BV und 3 weitere', ['101:8@0-9']],
    // a list without an act that ends with its last number names every article
    ['Artt. 5 e 6', ['?:5@0-7', '?:6@10-11']],
    ["l'art. 5 et 6, qui", ['?:5@2-8', '?:6@12-13']],
    ['Art. 5, 6 und 8.', ['?:5@0-6', '?:6@8-9', '?:8@14-15']],
  ])('%s', (text, expected) => {
    expect(spans(text)).toEqual(expected);
  });
});

describe('statute matches', () => {
  it('carry the SR number, canton, language and confidence', () => {
    const [fr, cantonal, none] = find('art. 41 ss CO; § 12 StG ZH; Art. 12quater', { language: 'it' });
    expect(fr).toMatchObject({
      kind: 'statute',
      canton: 'CH',
      confidence: 0.9,
      language: 'it',
      decisionId: null,
      court: null,
    });
    expect(fr!.statute).toEqual({
      sr: '220',
      law: 'CO',
      article: '41',
      paragraphs: [],
      letters: [],
      numbers: [],
      sentences: [],
      following: true,
    });
    expect(cantonal).toMatchObject({ key: 'StG ZH:12', canton: 'ZH', confidence: 0.7, language: 'de' });
    expect(none).toMatchObject({ key: '?:12quater', canton: null, confidence: 0.3 });
    expect(find('§ 12 StG')[0]!.confidence).toBe(0.6);
  });

  it('give the same key in all three languages', () => {
    const keys = ['Art. 41 OR', 'art. 41 CO', 'art. 41 CO'].map((t) => find(t)[0]!.key);
    expect(new Set(keys)).toEqual(new Set(['220:41']));
    const bv = ['Art. 8 BV', 'art. 8 Cst.', 'art. 8 Cost.'].map((t) => find(t)[0]!.key);
    expect(new Set(bv)).toEqual(new Set(['101:8']));
  });
});

describe('law abbreviation table', () => {
  it.each([
    ['OR', '220'],
    ['CO', '220'],
    ['ZGB', '210'],
    ['CC', '210'],
    ['StGB', '311.0'],
    ['CP', '311.0'],
    ['BV', '101'],
    ['Cst.', '101'],
    ['Cst', '101'],
    ['Cost.', '101'],
    ['Cost', '101'],
    ['BGG', '173.110'],
    ['LTF', '173.110'],
    ['StPO', '312.0'],
    ['CPP', '312.0'],
    ['ZPO', '272'],
    ['CPC', '272'],
    ['SchKG', '281.1'],
    ['LP', '281.1'],
    ['LEF', '281.1'],
    ['IPRG', '291'],
    ['LDIP', '291'],
    ['DSG', '235.1'],
    ['LPD', '235.1'],
    ['AIG', '142.20'],
    ['LEI', '142.20'],
    ['LStrI', '142.20'],
    ['AsylG', '142.31'],
    ['LAsi', '142.31'],
    ['ATSG', '830.1'],
    ['LPGA', '830.1'],
    ['IVG', '831.20'],
    ['LAI', '831.20'],
    ['AHVG', '831.10'],
    ['LAVS', '831.10'],
    ['BVG', '831.40'],
    ['LPP', '831.40'],
    ['KVG', '832.10'],
    ['LAMal', '832.10'],
    ['UVG', '832.20'],
    ['LAA', '832.20'],
    ['LAINF', '832.20'],
    ['VwVG', '172.021'],
    ['PA', '172.021'],
    ['MWSTG', '641.20'],
    ['LTVA', '641.20'],
    ['LIVA', '641.20'],
    ['DBG', '642.11'],
    ['LIFD', '642.11'],
    ['StHG', '642.14'],
    ['LHID', '642.14'],
    ['LAID', '642.14'],
    ['SVG', '741.01'],
    ['LCR', '741.01'],
    ['LCStr', '741.01'],
    ['BGFA', '935.61'],
    ['LLCA', '935.61'],
    ['EMRK', '0.101'],
    ['CEDH', '0.101'],
    ['CEDU', '0.101'],
  ])('%s → SR %s', (spelling, sr) => {
    expect(srForLaw(spelling)).toBe(sr);
  });

  it('holds every abbreviation once, each row in all three languages', () => {
    const seen = new Map<string, string>();
    for (const law of LAW_ABBREVIATIONS) {
      expect(law.de.length * law.fr.length * law.it.length, law.sr).toBeGreaterThan(0);
      expect(lawBySr(law.sr)).toBe(law);
      for (const spelling of [...law.de, ...law.fr, ...law.it]) {
        const other = seen.get(spelling.replaceAll('.', ''));
        expect(other === undefined || other === law.sr, `${spelling}: ${other} and ${law.sr}`).toBe(true);
        seen.set(spelling.replaceAll('.', ''), law.sr);
      }
    }
    expect(new Set(LAW_ABBREVIATIONS.map((l) => l.sr)).size).toBe(LAW_ABBREVIATIONS.length);
  });

  it('agrees with the law table of contracts/laws (federal-acts.ts) wherever both name an act', () => {
    const disagreements: string[] = [];
    for (const act of FEDERAL_ACTS) {
      for (const spelling of [act.abbreviation.de, act.abbreviation.fr, act.abbreviation.it]) {
        if (spelling === null) continue;
        const sr = srForLaw(spelling);
        if (sr !== act.sr_number)
          disagreements.push(`${spelling}: ${sr ?? 'missing'} here, ${act.sr_number} there`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('knows the languages of a spelling and which spellings end in a dot', () => {
    expect(lawBySpelling('CO')?.languages).toBe(2 | 4);
    expect(lawBySpelling('OR')?.languages).toBe(1);
    expect(lawBySpelling('LAsi')?.languages).toBe(2 | 4);
    expect(spellingHasDot('Cst')).toBe(true);
    expect(spellingHasDot('BV')).toBe(false);
    expect(lawBySpelling('StG')).toBeUndefined();
    expect(lawBySpelling('or')).toBeUndefined();
  });
});
