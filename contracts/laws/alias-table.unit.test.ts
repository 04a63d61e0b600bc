import { describe, expect, it } from 'vitest';
import { CANTONS } from '../courts/cantons.ts';
import {
  ALIAS_CORRECTIONS,
  ALIAS_KINDS,
  aliasByKey,
  aliasKeys,
  DELIBERATE_MISSES,
  DISP_U1,
  EDITION_NAMES,
  LAW_ALIAS_TABLE,
  LawAliasEntrySchema,
  SPEC_ALIAS_ENTRIES,
  SPEC_ALIAS_ROWS,
  SPEC_SUMMARY_COUNTS,
  type AliasKind,
} from './alias-table.ts';
import { COLLECTION_LABELS, REPEATING_COLLECTION_LABELS } from './collection-labels.ts';
import { FEDERAL_ACTS, FederalActSchema, federalActBySr, storedAbbreviationKeys } from './federal-acts.ts';
import { normaliseLawKey } from './law-key.ts';

/**
 * A verbatim copy of the spec's alias rows (shared/spec/api.md, "Law alias table"), pasted here
 * so that the data module is checked against the spec text and not against itself.
 */
const SPEC_ROWS_TEXT = String.raw`
| 0.103.2 | treaty | IPBPR, Pakt II, UNO-Pakt II, UN-Pakt II, Pacte II, Pacte ONU II, Patto ONU II, Patto II, ICCPR, CCPR, PIDCP |
| 0.103.1 | treaty | IPWSKR, Pakt I, UNO-Pakt I, UN-Pakt I, Pacte I, Pacte ONU I, Patto ONU I, ICESCR, PIDESC |
| 0.104 | treaty | CERD, ICERD, RDK |
| 0.105 | treaty | CAT, UNCAT, FoK |
| 0.107 | treaty | KRK, UN-KRK, UNO-KRK, CDE, CRC, UNCRC, Kinderrechtskonvention |
| 0.108 | treaty | CEDAW, FDK |
| 0.109 | treaty | BRK, UN-BRK, UNO-BRK, CRPD, CDPH, Behindertenrechtskonvention |
| 0.211.230.02 | treaty | HKÜ, HKUE, CLaH80, CLaH 80, CIEN, CEIE, Haager Kindesentführungsübereinkommen |
| 0.221.211.1 | treaty | CISG, CVIM, WKR, Wiener Kaufrecht, UN-Kaufrecht, UNO-Kaufrecht |
| 0.312.1 | treaty | Römer Statut, Roemer Statut, Statut de Rome, Rome Statute, IStGH-Statut |
| 0.351.1 | treaty | EUeR, CEEJ |
| 0.101 | treaty | ECHR, MRK, Europäische Menschenrechtskonvention, Convention européenne des droits de l'homme, European Convention on Human Rights |
| 0.275.12 | treaty | Lugano, LugUe, revLugÜ, LugÜ 2007, Lugano-Übereinkommen, Convention de Lugano, Lugano Convention, Convenzione di Lugano |
| 0.142.112.681 | treaty | AFMP, Freizügigkeitsabkommen, Accord sur la libre circulation des personnen (French form: Accord sur la libre circulation des personnes) |
| 173.110 | former (as_of_hint 2006-12-31, successor BGG) | OG, OJ, aOG, Bundesrechtspflegegesetz |
| 173.110 | name | Bundesgerichtsgesetz, Loi sur le Tribunal fédéral, Legge sul Tribunale federale, Federal Supreme Court Act, FSCA |
| 312.0 | former (as_of_hint 2010-12-31, successor StPO) | BStP, PPF, Bundesstrafrechtspflege |
| 312.0 | current | nStPO |
| 312.0 | name | Strafprozessordnung, Code de procédure pénale, Codice di procedura penale, Criminal Procedure Code |
| 142.20 | former (as_of_hint 2007-12-31, successor AIG) | ANAG, LSEE, LDDS |
| 142.20 | former (as_of_hint 2018-12-31, successor AIG) | AuG, LEtr, LStr, Ausländergesetz |
| 142.20 | name | Ausländer- und Integrationsgesetz, Loi sur les étrangers et l'intégration, Foreign Nationals and Integration Act, FNIA |
| 832.10 | former (as_of_hint 1995-12-31, successor KVG) | KUVG, LAMA |
| 832.10 | name | Krankenversicherungsgesetz, Loi sur l'assurance-maladie, Health Insurance Act |
| 235.1 | former (as_of_hint 2023-08-31, successor DSG) | aDSG, DSG 1992, aLPD |
| 235.1 | current | nDSG, revDSG, nLPD, DSG 2020 |
| 235.1 | name | Datenschutzgesetz, Loi sur la protection des données, Data Protection Act, FADP |
| 956.1 | act | FINMAG, LFINMA, FINMA-Gesetz, Finanzmarktaufsichtsgesetz |
| 641.71 | act | CO2-Gesetz, CO2, Loi sur le CO2, Legge sul CO2 |
| 101 | name | Const, Cst féd, Bundesverfassung, Constitution fédérale, Costituzione federale, Federal Constitution, Swiss Constitution |
| 101 | former (as_of_hint 1999-12-31, successor BV) | aBV, BV 1874, aCst |
| 210 | name | CCS, Zivilgesetzbuch, Code civil, Code civil suisse, Codice civile, Civil Code, Swiss Civil Code |
| 210 | section (block disp_u1) | SchlT, SchlT ZGB, ZGB SchlT, Schlusstitel ZGB, Titre final CC, Tit. fin. CC |
| 210 | former_edition | aZGB, aCC |
| 220 | name | COS, Obligationenrecht, Code des obligations, Codice delle obbligazioni, Code of Obligations, Swiss Code of Obligations |
| 220 | former_edition | aOR, aCO |
| 311.0 | name | CPS, Strafgesetzbuch, Code pénal, Code pénal suisse, Codice penale, Criminal Code, Swiss Criminal Code, Penal Code |
| 311.0 | former_edition | aStGB, aCP |
| 272 | name | Zivilprozessordnung, Code de procédure civile, Codice di procedura civile, Civil Procedure Code |
| 281.1 | name | Schuldbetreibungs- und Konkursgesetz, Loi sur la poursuite pour dettes et la faillite, Debt Enforcement and Bankruptcy Act, DEBA |
| 291 | name | Federal Act on Private International Law, PILA |
| 831.40 | name | Berufliches Vorsorgegesetz, BVG/LPP, Loi sur la prévoyance professionnelle, Occupational Pensions Act |
| 822.11 | name | Arbeitsgesetz, Loi sur le travail, Employment Act, Labour Act |
| 142.31 | name | Asylgesetz, Loi sur l'asile, Asylum Act |
| 241 | name | Unfair Competition Act, Loi contre la concurrence déloyale |
| 251 | name | Kartellgesetz, Loi sur les cartels, Cartel Act |
| 641.20 | name | Mehrwertsteuergesetz, Loi sur la TVA, VAT Act |
| 642.11 | name | Direkte Bundessteuer, Loi sur l'impôt fédéral direct, Federal Direct Tax Act |
| 741.01 | name | Strassenverkehrsgesetz, Loi sur la circulation routière, Road Traffic Act |
| 955.0 | name | Geldwäschereigesetz, Loi sur le blanchiment d'argent, Anti-Money Laundering Act, AMLA |
`;

const SPEC_SECTION_TEXT = String.raw`Section entry ${'`'}disp_u1${'`'} (SR 210) has these headings: de 'Schlusstitel: Anwendungs- und Einführungsbestimmungen'; fr 'Titre final: De l'entrée en vigueur et de l'application du code civil'; it 'Titolo finale: Dell'entrata in vigore e dell'applicazione del Codice civile'. The block holds 104 articles.`;

const SPEC_LABELS_TEXT = String.raw`
|---|---|
| LS | ZH |
| BSG | BE |
| SRL | LU |
| SRSZ | SZ |
| GDB | OW |
| NG | NW |
| BDLF | FR |
| SHR | SH |
| bGS | AR |
| sGS | SG |
| BR | GR |
| SAR | AG |
| RL | TI |
| RSV | VD |
| RSN | NE |
| RSG | GE |
| RSJU | JU |

`;

interface ParsedSpecRow {
  sr: string;
  kind: AliasKind;
  as_of_hint?: string;
  successor?: string;
  section?: string;
  aliases: string[];
  corrections: string[];
}

function parseSpecRows(text: string): ParsedSpecRow[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) => {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      const [sr, kindCell, aliasCell] = cells as [string, string, string];
      const kind = kindCell.split(' ')[0] as AliasKind;
      const hint = /as_of_hint (\d{4}-\d{2}-\d{2})/.exec(kindCell)?.[1];
      const successor = /successor (\S+?)\)/.exec(kindCell)?.[1];
      const section = /block (\w+)/.exec(kindCell)?.[1];
      const corrections: string[] = [];
      const aliases = aliasCell.split(', ').map((a) => {
        const m = /^(.*) \(French form: (.*)\)$/.exec(a);
        if (m) {
          corrections.push(m[2]!);
          return m[1]!;
        }
        return a;
      });
      return {
        sr,
        kind,
        aliases,
        corrections,
        ...(hint ? { as_of_hint: hint } : {}),
        ...(successor ? { successor } : {}),
        ...(section ? { section } : {}),
      };
    });
}

const PARSED = parseSpecRows(SPEC_ROWS_TEXT);

describe('alias table: the spec copy parses as expected', () => {
  it('has 50 rows, 211 aliases, 37 SR numbers and one French-form correction', () => {
    expect(PARSED).toHaveLength(50);
    expect(PARSED.flatMap((r) => r.aliases)).toHaveLength(211);
    expect(new Set(PARSED.map((r) => r.sr)).size).toBe(37);
    expect(PARSED.flatMap((r) => r.corrections)).toEqual(['Accord sur la libre circulation des personnes']);
  });
});

describe('alias table: summary counts', () => {
  it('the spec entries add up to the spec summary (211 aliases, 37 SR numbers)', () => {
    expect(SPEC_SUMMARY_COUNTS).toEqual({ aliases: 211, sr_numbers: 37 });
    expect(SPEC_ALIAS_ENTRIES).toHaveLength(SPEC_SUMMARY_COUNTS.aliases);
    expect(new Set(SPEC_ALIAS_ENTRIES.map((e) => e.sr_number)).size).toBe(SPEC_SUMMARY_COUNTS.sr_numbers);
  });

  it('the resolution table adds the one correction: 212 entries, still 37 SR numbers', () => {
    expect(ALIAS_CORRECTIONS).toHaveLength(1);
    expect(LAW_ALIAS_TABLE).toHaveLength(212);
    expect(new Set(LAW_ALIAS_TABLE.map((e) => e.sr_number)).size).toBe(37);
  });

  it('normalisation merges CLaH80 and CLaH 80: 210 distinct spec keys, 211 with the correction', () => {
    expect(new Set(SPEC_ALIAS_ENTRIES.map((e) => normaliseLawKey(e.alias))).size).toBe(210);
    expect(aliasKeys()).toHaveLength(211);
    expect(normaliseLawKey('CLaH80')).toBe(normaliseLawKey('CLaH 80'));
  });

  it('counts per kind', () => {
    const perKind = Object.fromEntries(
      ALIAS_KINDS.map((k) => [k, SPEC_ALIAS_ENTRIES.filter((e) => e.kind === k).length]),
    );
    expect(perKind).toEqual({
      treaty: 77,
      former: 22,
      current: 5,
      act: 8,
      name: 87,
      former_edition: 6,
      section: 6,
    });
  });
});

describe('alias table: data equals the spec copy row by row', () => {
  it('same rows in the same order', () => {
    expect(SPEC_ALIAS_ROWS.map((r) => [r.sr_number, r.kind, r.aliases])).toEqual(
      PARSED.map((r) => [r.sr, r.kind, r.aliases]),
    );
  });

  it.each(PARSED.map((r, i) => [i, r] as const))(
    'row %i: as_of_hint, successor and section as the spec says',
    (_i, row) => {
      for (const alias of row.aliases) {
        const entry = SPEC_ALIAS_ENTRIES.find((e) => e.alias === alias && e.sr_number === row.sr)!;
        expect(entry, alias).toBeDefined();
        expect(entry.kind).toBe(row.kind);
        expect(entry.as_of_hint).toBe(row.as_of_hint);
        expect(entry.successor).toBe(row.successor);
        expect(entry.section).toBe(row.section);
      }
    },
  );

  it('the correction entry carries the French form the spec gives', () => {
    const [correction] = ALIAS_CORRECTIONS;
    expect(correction).toMatchObject({
      alias: 'Accord sur la libre circulation des personnes',
      sr_number: '0.142.112.681',
      kind: 'treaty',
    });
    expect(correction!.verified).toMatch(/personnen/);
  });

  it('the section headings are the spec text', () => {
    const m = /de '(.*)'; fr '(.*)'; it '(.*)'\. The block holds (\d+) articles\./.exec(SPEC_SECTION_TEXT)!;
    expect(DISP_U1.heading).toEqual({ de: m[1], fr: m[2], it: m[3] });
    expect(DISP_U1.article_count).toBe(Number(m[4]));
    for (const e of SPEC_ALIAS_ENTRIES.filter((x) => x.kind === 'section')) {
      expect(e.section).toBe('disp_u1');
      expect(e.sr_number).toBe('210');
      expect(e.section_heading).toEqual(DISP_U1.heading);
    }
  });

  it('the collection labels are the spec table', () => {
    const rows = SPEC_LABELS_TEXT.split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| Label'))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    expect(COLLECTION_LABELS.map((l) => [l.label, l.canton])).toEqual(rows);
    expect(COLLECTION_LABELS).toHaveLength(17);
    expect(REPEATING_COLLECTION_LABELS).toEqual(['GS', 'BGS', 'SGS', 'RB']);
  });
});

/**
 * Written by hand from the spec text, independently of the data module (a typo in either is
 * caught by the other): name, SR number, kind.
 */
const HAND_ROWS: readonly (readonly [string, string, AliasKind])[] = [
  ['IPBPR', '0.103.2', 'treaty'],
  ['Pakt II', '0.103.2', 'treaty'],
  ['UNO-Pakt II', '0.103.2', 'treaty'],
  ['UN-Pakt II', '0.103.2', 'treaty'],
  ['Pacte II', '0.103.2', 'treaty'],
  ['Pacte ONU II', '0.103.2', 'treaty'],
  ['Patto ONU II', '0.103.2', 'treaty'],
  ['Patto II', '0.103.2', 'treaty'],
  ['ICCPR', '0.103.2', 'treaty'],
  ['CCPR', '0.103.2', 'treaty'],
  ['PIDCP', '0.103.2', 'treaty'],
  ['IPWSKR', '0.103.1', 'treaty'],
  ['Pakt I', '0.103.1', 'treaty'],
  ['UNO-Pakt I', '0.103.1', 'treaty'],
  ['Pacte ONU I', '0.103.1', 'treaty'],
  ['Patto ONU I', '0.103.1', 'treaty'],
  ['ICESCR', '0.103.1', 'treaty'],
  ['PIDESC', '0.103.1', 'treaty'],
  ['CERD', '0.104', 'treaty'],
  ['ICERD', '0.104', 'treaty'],
  ['RDK', '0.104', 'treaty'],
  ['CAT', '0.105', 'treaty'],
  ['UNCAT', '0.105', 'treaty'],
  ['FoK', '0.105', 'treaty'],
  ['KRK', '0.107', 'treaty'],
  ['UNO-KRK', '0.107', 'treaty'],
  ['CDE', '0.107', 'treaty'],
  ['CRC', '0.107', 'treaty'],
  ['UNCRC', '0.107', 'treaty'],
  ['Kinderrechtskonvention', '0.107', 'treaty'],
  ['CEDAW', '0.108', 'treaty'],
  ['FDK', '0.108', 'treaty'],
  ['BRK', '0.109', 'treaty'],
  ['UN-BRK', '0.109', 'treaty'],
  ['CRPD', '0.109', 'treaty'],
  ['CDPH', '0.109', 'treaty'],
  ['Behindertenrechtskonvention', '0.109', 'treaty'],
  ['HKÜ', '0.211.230.02', 'treaty'],
  ['HKUE', '0.211.230.02', 'treaty'],
  ['CLaH80', '0.211.230.02', 'treaty'],
  ['CLaH 80', '0.211.230.02', 'treaty'],
  ['CIEN', '0.211.230.02', 'treaty'],
  ['CEIE', '0.211.230.02', 'treaty'],
  ['Haager Kindesentführungsübereinkommen', '0.211.230.02', 'treaty'],
  ['CISG', '0.221.211.1', 'treaty'],
  ['CVIM', '0.221.211.1', 'treaty'],
  ['WKR', '0.221.211.1', 'treaty'],
  ['Wiener Kaufrecht', '0.221.211.1', 'treaty'],
  ['UNO-Kaufrecht', '0.221.211.1', 'treaty'],
  ['Römer Statut', '0.312.1', 'treaty'],
  ['Roemer Statut', '0.312.1', 'treaty'],
  ['Statut de Rome', '0.312.1', 'treaty'],
  ['Rome Statute', '0.312.1', 'treaty'],
  ['IStGH-Statut', '0.312.1', 'treaty'],
  ['EUeR', '0.351.1', 'treaty'],
  ['CEEJ', '0.351.1', 'treaty'],
  ['ECHR', '0.101', 'treaty'],
  ['MRK', '0.101', 'treaty'],
  ['Europäische Menschenrechtskonvention', '0.101', 'treaty'],
  ["Convention européenne des droits de l'homme", '0.101', 'treaty'],
  ['European Convention on Human Rights', '0.101', 'treaty'],
  ['Lugano', '0.275.12', 'treaty'],
  ['LugUe', '0.275.12', 'treaty'],
  ['revLugÜ', '0.275.12', 'treaty'],
  ['LugÜ 2007', '0.275.12', 'treaty'],
  ['Lugano-Übereinkommen', '0.275.12', 'treaty'],
  ['Convention de Lugano', '0.275.12', 'treaty'],
  ['Lugano Convention', '0.275.12', 'treaty'],
  ['Convenzione di Lugano', '0.275.12', 'treaty'],
  ['AFMP', '0.142.112.681', 'treaty'],
  ['Freizügigkeitsabkommen', '0.142.112.681', 'treaty'],
  ['Accord sur la libre circulation des personnen', '0.142.112.681', 'treaty'],
  ['Accord sur la libre circulation des personnes', '0.142.112.681', 'treaty'],
  ['OG', '173.110', 'former'],
  ['OJ', '173.110', 'former'],
  ['aOG', '173.110', 'former'],
  ['Bundesrechtspflegegesetz', '173.110', 'former'],
  ['Bundesgerichtsgesetz', '173.110', 'name'],
  ['Loi sur le Tribunal fédéral', '173.110', 'name'],
  ['Legge sul Tribunale federale', '173.110', 'name'],
  ['Federal Supreme Court Act', '173.110', 'name'],
  ['FSCA', '173.110', 'name'],
  ['BStP', '312.0', 'former'],
  ['PPF', '312.0', 'former'],
  ['Bundesstrafrechtspflege', '312.0', 'former'],
  ['nStPO', '312.0', 'current'],
  ['Strafprozessordnung', '312.0', 'name'],
  ['Code de procédure pénale', '312.0', 'name'],
  ['Codice di procedura penale', '312.0', 'name'],
  ['Criminal Procedure Code', '312.0', 'name'],
  ['ANAG', '142.20', 'former'],
  ['LSEE', '142.20', 'former'],
  ['LDDS', '142.20', 'former'],
  ['AuG', '142.20', 'former'],
  ['LEtr', '142.20', 'former'],
  ['LStr', '142.20', 'former'],
  ['Ausländergesetz', '142.20', 'former'],
  ['Ausländer- und Integrationsgesetz', '142.20', 'name'],
  ["Loi sur les étrangers et l'intégration", '142.20', 'name'],
  ['FNIA', '142.20', 'name'],
  ['KUVG', '832.10', 'former'],
  ['LAMA', '832.10', 'former'],
  ['Krankenversicherungsgesetz', '832.10', 'name'],
  ["Loi sur l'assurance-maladie", '832.10', 'name'],
  ['Health Insurance Act', '832.10', 'name'],
  ['aDSG', '235.1', 'former'],
  ['DSG 1992', '235.1', 'former'],
  ['aLPD', '235.1', 'former'],
  ['nDSG', '235.1', 'current'],
  ['revDSG', '235.1', 'current'],
  ['nLPD', '235.1', 'current'],
  ['DSG 2020', '235.1', 'current'],
  ['Datenschutzgesetz', '235.1', 'name'],
  ['FADP', '235.1', 'name'],
  ['FINMAG', '956.1', 'act'],
  ['LFINMA', '956.1', 'act'],
  ['FINMA-Gesetz', '956.1', 'act'],
  ['Finanzmarktaufsichtsgesetz', '956.1', 'act'],
  ['CO2-Gesetz', '641.71', 'act'],
  ['CO2', '641.71', 'act'],
  ['Loi sur le CO2', '641.71', 'act'],
  ['Legge sul CO2', '641.71', 'act'],
  ['Const', '101', 'name'],
  ['Cst féd', '101', 'name'],
  ['Bundesverfassung', '101', 'name'],
  ['Costituzione federale', '101', 'name'],
  ['Swiss Constitution', '101', 'name'],
  ['aBV', '101', 'former'],
  ['BV 1874', '101', 'former'],
  ['aCst', '101', 'former'],
  ['CCS', '210', 'name'],
  ['Zivilgesetzbuch', '210', 'name'],
  ['Code civil suisse', '210', 'name'],
  ['Codice civile', '210', 'name'],
  ['SchlT', '210', 'section'],
  ['SchlT ZGB', '210', 'section'],
  ['ZGB SchlT', '210', 'section'],
  ['Schlusstitel ZGB', '210', 'section'],
  ['Titre final CC', '210', 'section'],
  ['Tit. fin. CC', '210', 'section'],
  ['aZGB', '210', 'former_edition'],
  ['aCC', '210', 'former_edition'],
  ['COS', '220', 'name'],
  ['Obligationenrecht', '220', 'name'],
  ['Codice delle obbligazioni', '220', 'name'],
  ['Swiss Code of Obligations', '220', 'name'],
  ['aOR', '220', 'former_edition'],
  ['aCO', '220', 'former_edition'],
  ['CPS', '311.0', 'name'],
  ['Code pénal suisse', '311.0', 'name'],
  ['Penal Code', '311.0', 'name'],
  ['aStGB', '311.0', 'former_edition'],
  ['aCP', '311.0', 'former_edition'],
  ['Zivilprozessordnung', '272', 'name'],
  ['Civil Procedure Code', '272', 'name'],
  ['Schuldbetreibungs- und Konkursgesetz', '281.1', 'name'],
  ['DEBA', '281.1', 'name'],
  ['Federal Act on Private International Law', '291', 'name'],
  ['PILA', '291', 'name'],
  ['Berufliches Vorsorgegesetz', '831.40', 'name'],
  ['BVG/LPP', '831.40', 'name'],
  ['Occupational Pensions Act', '831.40', 'name'],
  ['Arbeitsgesetz', '822.11', 'name'],
  ['Labour Act', '822.11', 'name'],
  ['Asylgesetz', '142.31', 'name'],
  ["Loi sur l'asile", '142.31', 'name'],
  ['Unfair Competition Act', '241', 'name'],
  ['Loi contre la concurrence déloyale', '241', 'name'],
  ['Kartellgesetz', '251', 'name'],
  ['Cartel Act', '251', 'name'],
  ['Mehrwertsteuergesetz', '641.20', 'name'],
  ['Loi sur la TVA', '641.20', 'name'],
  ['Direkte Bundessteuer', '642.11', 'name'],
  ['Federal Direct Tax Act', '642.11', 'name'],
  ['Strassenverkehrsgesetz', '741.01', 'name'],
  ['Road Traffic Act', '741.01', 'name'],
  ['Geldwäschereigesetz', '955.0', 'name'],
  ["Loi sur le blanchiment d'argent", '955.0', 'name'],
  ['AMLA', '955.0', 'name'],
];

describe('alias table: hand-written rows from the spec text', () => {
  it('has at least 80 rows', () => {
    expect(HAND_ROWS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(HAND_ROWS)('%s -> SR %s (%s)', (alias, sr, kind) => {
    const entry = LAW_ALIAS_TABLE.find((e) => e.alias === alias);
    expect(entry, `${alias} is in the table as written`).toBeDefined();
    expect(entry!.sr_number).toBe(sr);
    expect(entry!.kind).toBe(kind);
    expect(aliasByKey(normaliseLawKey(alias))?.sr_number).toBe(sr);
  });
});

describe('alias table: entry fields', () => {
  it.each(LAW_ALIAS_TABLE.map((e) => [e.alias, e] as const))('%s is a valid entry', (_alias, entry) => {
    expect(LawAliasEntrySchema.safeParse(entry).error?.issues ?? []).toEqual([]);
  });

  it('former entries carry title of the former act, note, as_of_hint and successor', () => {
    const og = LAW_ALIAS_TABLE.find((e) => e.alias === 'OG')!;
    expect(og).toMatchObject({ kind: 'former', as_of_hint: '2006-12-31', successor: 'BGG' });
    expect(og.title_de).toMatch(/Organisation der Bundesrechtspflege/);
    expect(og.note).toMatch(
      /OG \(Bundesrechtspflegegesetz.*replaced by the BGG on 1 January 2007; the current text \(BGG\) is served/,
    );
    expect(og.note).toMatch(/1\. Januar 2007/);
  });

  it('non-former entries carry the German title of the act from the federal-acts table', () => {
    for (const e of LAW_ALIAS_TABLE.filter((x) => x.kind !== 'former')) {
      expect(e.title_de, e.alias).toBe(federalActBySr(e.sr_number)!.title.de);
    }
  });

  it('every entry names its provenance', () => {
    for (const e of SPEC_ALIAS_ENTRIES)
      expect(e.verified).toBe('spec alias table (api.md, Law alias table, CC0-1.0)');
  });

  it('duplicate keys name the same SR number and kind', () => {
    const byKey = new Map<string, { sr: string; kind: string }>();
    for (const e of LAW_ALIAS_TABLE) {
      const key = normaliseLawKey(e.alias);
      const seen = byKey.get(key);
      if (seen) expect({ sr: e.sr_number, kind: e.kind }).toEqual(seen);
      else byKey.set(key, { sr: e.sr_number, kind: e.kind });
    }
  });
});

describe('rule 4 and 5 lists', () => {
  it('every edition name of rule 4 is an alias entry (former, current or former_edition)', () => {
    expect(EDITION_NAMES).toHaveLength(15);
    for (const name of EDITION_NAMES) {
      const entry = LAW_ALIAS_TABLE.find((e) => e.alias === name);
      expect(entry, name).toBeDefined();
      expect(['former', 'current', 'former_edition']).toContain(entry!.kind);
    }
  });

  it('the only prefixed table names outside the rule 4 list is revLugÜ (a treaty common name)', () => {
    const prefixed = LAW_ALIAS_TABLE.filter((e) => /^(a|n|rev)\p{Lu}/u.test(e.alias)).map((e) => e.alias);
    expect(prefixed.filter((n) => !(EDITION_NAMES as readonly string[]).includes(n))).toEqual(['revLugÜ']);
  });

  it('no deliberate miss is an alias or a stored abbreviation', () => {
    const keys = new Set([...aliasKeys(), ...storedAbbreviationKeys()]);
    for (const name of DELIBERATE_MISSES) expect(keys.has(normaliseLawKey(name)), name).toBe(false);
  });
});

describe('federal acts', () => {
  it.each(FEDERAL_ACTS.map((a) => [a.sr_number, a] as const))('SR %s is a valid record', (_sr, act) => {
    expect(FederalActSchema.safeParse(act).error?.issues ?? []).toEqual([]);
  });

  it('SR numbers are unique', () => {
    expect(new Set(FEDERAL_ACTS.map((a) => a.sr_number)).size).toBe(FEDERAL_ACTS.length);
  });

  it('every SR number the alias table names is a known act with titles in de, fr, it', () => {
    for (const sr of new Set(LAW_ALIAS_TABLE.map((e) => e.sr_number))) {
      const act = federalActBySr(sr);
      expect(act, sr).toBeDefined();
      expect(act!.instrument === 'treaty').toBe(sr.startsWith('0.'));
    }
  });

  it.each([
    ['220', 'OR', 'CO', 'CO'],
    ['210', 'ZGB', 'CC', 'CC'],
    ['101', 'BV', 'Cst.', 'Cost.'],
    ['311.0', 'StGB', 'CP', 'CP'],
    ['173.110', 'BGG', 'LTF', 'LTF'],
    ['312.0', 'StPO', 'CPP', 'CPP'],
    ['272', 'ZPO', 'CPC', 'CPC'],
    ['281.1', 'SchKG', 'LP', 'LEF'],
    ['291', 'IPRG', 'LDIP', 'LDIP'],
    ['235.1', 'DSG', 'LPD', 'LPD'],
    ['142.20', 'AIG', 'LEI', 'LStrI'],
    ['142.31', 'AsylG', 'LAsi', 'LAsi'],
    ['831.40', 'BVG', 'LPP', 'LPP'],
    ['831.441.1', 'BVV 2', 'OPP 2', 'OPP 2'],
    ['822.11', 'ArG', 'LTr', 'LL'],
    ['241', 'UWG', 'LCD', 'LCSl'],
    ['251', 'KG', 'LCart', 'LCart'],
    ['641.20', 'MWSTG', 'LTVA', 'LIVA'],
    ['642.11', 'DBG', 'LIFD', 'LIFD'],
    ['741.01', 'SVG', 'LCR', 'LCStr'],
    ['955.0', 'GwG', 'LBA', 'LRD'],
    ['832.10', 'KVG', 'LAMal', 'LAMal'],
  ])('SR %s is stored as %s / %s / %s', (sr, de, fr, it) => {
    expect(federalActBySr(sr)!.abbreviation).toEqual({ de, fr, it });
  });

  it('acts of kind act in the alias table have no stored abbreviation', () => {
    for (const sr of new Set(LAW_ALIAS_TABLE.filter((e) => e.kind === 'act').map((e) => e.sr_number))) {
      expect(federalActBySr(sr)!.abbreviation, sr).toEqual({ de: null, fr: null, it: null });
    }
  });

  it('no stored abbreviation key is held by two SR numbers', () => {
    const owner = new Map<string, string>();
    for (const a of FEDERAL_ACTS) {
      for (const abbr of [a.abbreviation.de, a.abbreviation.fr, a.abbreviation.it]) {
        if (abbr === null) continue;
        const key = normaliseLawKey(abbr);
        expect(owner.get(key) ?? a.sr_number, `${abbr}`).toBe(a.sr_number);
        owner.set(key, a.sr_number);
      }
    }
  });

  it('no stored abbreviation key is an alias key, a collection label or a canton code', () => {
    const aliases = new Set(aliasKeys());
    const labels = new Set([
      ...COLLECTION_LABELS.map((l) => normaliseLawKey(l.label)),
      ...REPEATING_COLLECTION_LABELS,
    ]);
    const cantons = new Set<string>(['CH', ...CANTONS]);
    for (const key of storedAbbreviationKeys()) {
      expect(aliases.has(key), key).toBe(false);
      expect(labels.has(key), key).toBe(false);
      expect(cantons.has(key), key).toBe(false);
    }
    for (const key of aliasKeys()) {
      expect(labels.has(key), key).toBe(false);
      expect(cantons.has(key), key).toBe(false);
    }
  });
});
