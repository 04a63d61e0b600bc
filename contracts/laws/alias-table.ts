import { z } from 'zod';
import { federalActBySr } from './federal-acts.ts';
import { normaliseLawKey } from './law-key.ts';

/**
 * The law alias table of the spec (api.md, "Law alias table (public, licensed CC0-1.0)"): names
 * callers may use in place of the stored abbreviation of a federal act or treaty. Every entry of
 * the spec, as written there, one entry per alias, grouped by the spec's rows.
 *
 * Counts. The spec's summary says 211 aliases over 37 SR numbers, and its rows add up to exactly
 * that when the AFMP row's third cell, "Accord sur la libre circulation des personnen (French
 * form: Accord sur la libre circulation des personnes)", is read as ONE alias whose name is the
 * misspelt "... personnen" (a German plural ending). That typo is kept as the spec wrote it
 * ({@link SPEC_ALIAS_ENTRIES}); the correct French form "... personnes" is added as a separate,
 * marked entry ({@link ALIAS_CORRECTIONS}), so {@link LAW_ALIAS_TABLE} holds 212 entries. Two spec
 * aliases, 'CLaH80' and 'CLaH 80', are one key after normalisation (rule 1), so the 211 spec
 * aliases give 210 distinct keys, and the full table 211 keys.
 */

export const ALIAS_KINDS = [
  'treaty',
  'former',
  'current',
  'act',
  'name',
  'former_edition',
  'section',
] as const;
export type AliasKind = (typeof ALIAS_KINDS)[number];

export interface SectionHeading {
  readonly de: string;
  readonly fr: string;
  readonly it: string;
}

export interface LawAliasEntry {
  /** The name as the spec writes it. */
  readonly alias: string;
  readonly sr_number: string;
  readonly kind: AliasKind;
  /** German title of the act (for kind former: of the former act). */
  readonly title_de: string;
  /** Provenance text. */
  readonly verified: string;
  /** Explanation (kinds former, current, former_edition), German and English. */
  readonly note?: string;
  /** Date to pass as `as_of` for the former text (kind former). */
  readonly as_of_hint?: string;
  /** Abbreviation of the act that replaced it (kind former). */
  readonly successor?: string;
  /** Block identifier of the served block (kind section). */
  readonly section?: string;
  /** Heading the block must carry in each language (kind section). */
  readonly section_heading?: SectionHeading;
}

export const SectionHeadingSchema = z
  .object({ de: z.string().min(1), fr: z.string().min(1), it: z.string().min(1) })
  .strict();

export const LawAliasEntrySchema = z
  .object({
    alias: z.string().min(1),
    sr_number: z.string().regex(/^\d{1,4}(?:\.\d{1,4}){0,5}$/),
    kind: z.enum(ALIAS_KINDS),
    title_de: z.string().min(3),
    verified: z.string().min(3),
    note: z.string().min(10).optional(),
    as_of_hint: z.iso.date().optional(),
    successor: z.string().min(1).optional(),
    section: z.string().min(1).optional(),
    section_heading: SectionHeadingSchema.optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    const need = (field: keyof typeof e, when: boolean) => {
      if (when && e[field] === undefined)
        ctx.addIssue({ code: 'custom', message: `${field} is required for kind ${e.kind}`, path: [field] });
      if (!when && e[field] !== undefined)
        ctx.addIssue({ code: 'custom', message: `${field} is not used for kind ${e.kind}`, path: [field] });
    };
    need('note', e.kind === 'former' || e.kind === 'current' || e.kind === 'former_edition');
    need('as_of_hint', e.kind === 'former');
    need('successor', e.kind === 'former');
    need('section', e.kind === 'section');
    need('section_heading', e.kind === 'section');
  });

/** Summary counts as the spec states them. */
export const SPEC_SUMMARY_COUNTS = { aliases: 211, sr_numbers: 37 } as const;

export const SPEC_PROVENANCE = 'spec alias table (api.md, Law alias table, CC0-1.0)';

/** Section entry `disp_u1` of SR 210 (the Schlusstitel / Titre final / Titolo finale of the ZGB). */
export const DISP_U1 = {
  sr_number: '210',
  id: 'disp_u1',
  heading: {
    de: 'Schlusstitel: Anwendungs- und Einführungsbestimmungen',
    fr: "Titre final: De l'entrée en vigueur et de l'application du code civil",
    it: "Titolo finale: Dell'entrata in vigore e dell'applicazione del Codice civile",
  },
  /** "The block holds 104 articles." */
  article_count: 104,
} as const satisfies { sr_number: string; id: string; heading: SectionHeading; article_count: number };

/** One row of the spec's alias table. */
interface SpecRow {
  readonly sr_number: string;
  readonly kind: AliasKind;
  readonly aliases: readonly string[];
  /** For kind former: the title of the former act. Otherwise the German title of the act. */
  readonly title_de?: string;
  readonly note?: string;
  readonly as_of_hint?: string;
  readonly successor?: string;
  readonly section?: string;
  readonly section_heading?: SectionHeading;
}

const note = (de: string, en: string): string => `${de} / ${en}`;

/** The rows of the spec, in the spec's order. */
export const SPEC_ALIAS_ROWS: readonly SpecRow[] = [
  {
    sr_number: '0.103.2',
    kind: 'treaty',
    aliases: [
      'IPBPR',
      'Pakt II',
      'UNO-Pakt II',
      'UN-Pakt II',
      'Pacte II',
      'Pacte ONU II',
      'Patto ONU II',
      'Patto II',
      'ICCPR',
      'CCPR',
      'PIDCP',
    ],
  },
  {
    sr_number: '0.103.1',
    kind: 'treaty',
    aliases: [
      'IPWSKR',
      'Pakt I',
      'UNO-Pakt I',
      'UN-Pakt I',
      'Pacte I',
      'Pacte ONU I',
      'Patto ONU I',
      'ICESCR',
      'PIDESC',
    ],
  },
  { sr_number: '0.104', kind: 'treaty', aliases: ['CERD', 'ICERD', 'RDK'] },
  { sr_number: '0.105', kind: 'treaty', aliases: ['CAT', 'UNCAT', 'FoK'] },
  {
    sr_number: '0.107',
    kind: 'treaty',
    aliases: ['KRK', 'UN-KRK', 'UNO-KRK', 'CDE', 'CRC', 'UNCRC', 'Kinderrechtskonvention'],
  },
  { sr_number: '0.108', kind: 'treaty', aliases: ['CEDAW', 'FDK'] },
  {
    sr_number: '0.109',
    kind: 'treaty',
    aliases: ['BRK', 'UN-BRK', 'UNO-BRK', 'CRPD', 'CDPH', 'Behindertenrechtskonvention'],
  },
  {
    sr_number: '0.211.230.02',
    kind: 'treaty',
    aliases: ['HKÜ', 'HKUE', 'CLaH80', 'CLaH 80', 'CIEN', 'CEIE', 'Haager Kindesentführungsübereinkommen'],
  },
  {
    sr_number: '0.221.211.1',
    kind: 'treaty',
    aliases: ['CISG', 'CVIM', 'WKR', 'Wiener Kaufrecht', 'UN-Kaufrecht', 'UNO-Kaufrecht'],
  },
  {
    sr_number: '0.312.1',
    kind: 'treaty',
    aliases: ['Römer Statut', 'Roemer Statut', 'Statut de Rome', 'Rome Statute', 'IStGH-Statut'],
  },
  { sr_number: '0.351.1', kind: 'treaty', aliases: ['EUeR', 'CEEJ'] },
  {
    sr_number: '0.101',
    kind: 'treaty',
    aliases: [
      'ECHR',
      'MRK',
      'Europäische Menschenrechtskonvention',
      "Convention européenne des droits de l'homme",
      'European Convention on Human Rights',
    ],
  },
  {
    sr_number: '0.275.12',
    kind: 'treaty',
    aliases: [
      'Lugano',
      'LugUe',
      'revLugÜ',
      'LugÜ 2007',
      'Lugano-Übereinkommen',
      'Convention de Lugano',
      'Lugano Convention',
      'Convenzione di Lugano',
    ],
  },
  // Spec typo kept ("personnen"); the correct French form is in ALIAS_CORRECTIONS.
  {
    sr_number: '0.142.112.681',
    kind: 'treaty',
    aliases: ['AFMP', 'Freizügigkeitsabkommen', 'Accord sur la libre circulation des personnen'],
  },
  {
    sr_number: '173.110',
    kind: 'former',
    as_of_hint: '2006-12-31',
    successor: 'BGG',
    aliases: ['OG', 'OJ', 'aOG', 'Bundesrechtspflegegesetz'],
    title_de: 'Bundesgesetz über die Organisation der Bundesrechtspflege (Bundesrechtspflegegesetz, OG)',
    note: note(
      'Das OG (Bundesrechtspflegegesetz) wurde am 1. Januar 2007 durch das BGG ersetzt; geliefert wird der geltende Text (BGG). Für den früheren Text as_of=2006-12-31 angeben.',
      'OG (Bundesrechtspflegegesetz, Federal Judicature Act) was replaced by the BGG on 1 January 2007; the current text (BGG) is served. Pass as_of=2006-12-31 for the former text.',
    ),
  },
  {
    sr_number: '173.110',
    kind: 'name',
    aliases: [
      'Bundesgerichtsgesetz',
      'Loi sur le Tribunal fédéral',
      'Legge sul Tribunale federale',
      'Federal Supreme Court Act',
      'FSCA',
    ],
  },
  {
    sr_number: '312.0',
    kind: 'former',
    as_of_hint: '2010-12-31',
    successor: 'StPO',
    aliases: ['BStP', 'PPF', 'Bundesstrafrechtspflege'],
    title_de: 'Bundesgesetz über die Bundesstrafrechtspflege (BStP)',
    note: note(
      'Das BStP (Bundesgesetz über die Bundesstrafrechtspflege) wurde am 1. Januar 2011 durch die Schweizerische Strafprozessordnung (StPO) ersetzt; geliefert wird der geltende Text (StPO). Für den früheren Text as_of=2010-12-31 angeben.',
      'The BStP (Federal Act on Federal Criminal Procedure) was replaced by the Swiss Criminal Procedure Code (StPO) on 1 January 2011; the current text (StPO) is served. Pass as_of=2010-12-31 for the former text.',
    ),
  },
  {
    sr_number: '312.0',
    kind: 'current',
    aliases: ['nStPO'],
    note: note(
      'nStPO ist eine informelle Bezeichnung der geltenden Schweizerischen Strafprozessordnung (StPO); geliefert wird der geltende Text.',
      'nStPO is an informal name of the Swiss Criminal Procedure Code in force (StPO); the text in force is served.',
    ),
  },
  {
    sr_number: '312.0',
    kind: 'name',
    aliases: [
      'Strafprozessordnung',
      'Code de procédure pénale',
      'Codice di procedura penale',
      'Criminal Procedure Code',
    ],
  },
  {
    sr_number: '142.20',
    kind: 'former',
    as_of_hint: '2007-12-31',
    successor: 'AIG',
    aliases: ['ANAG', 'LSEE', 'LDDS'],
    title_de: 'Bundesgesetz über Aufenthalt und Niederlassung der Ausländer (ANAG)',
    note: note(
      'Das ANAG (Bundesgesetz über Aufenthalt und Niederlassung der Ausländer) wurde am 1. Januar 2008 durch das Ausländergesetz (AuG, seit 1. Januar 2019 AIG) ersetzt; geliefert wird der geltende Text (AIG). Für den früheren Text as_of=2007-12-31 angeben.',
      'The ANAG (Federal Act on the Residence and Settlement of Foreign Nationals) was replaced on 1 January 2008 by the Foreign Nationals Act (AuG, since 1 January 2019 the AIG); the current text (AIG) is served. Pass as_of=2007-12-31 for the former text.',
    ),
  },
  {
    sr_number: '142.20',
    kind: 'former',
    as_of_hint: '2018-12-31',
    successor: 'AIG',
    aliases: ['AuG', 'LEtr', 'LStr', 'Ausländergesetz'],
    title_de: 'Bundesgesetz über die Ausländerinnen und Ausländer (Ausländergesetz, AuG)',
    note: note(
      'Das AuG (Ausländergesetz) wurde am 1. Januar 2019 zum Ausländer- und Integrationsgesetz (AIG) umbenannt und geändert; geliefert wird der geltende Text (AIG). Für den früheren Text as_of=2018-12-31 angeben.',
      'The AuG (Foreign Nationals Act) was renamed and amended as the Foreign Nationals and Integration Act (AIG) on 1 January 2019; the current text (AIG) is served. Pass as_of=2018-12-31 for the former text.',
    ),
  },
  {
    sr_number: '142.20',
    kind: 'name',
    aliases: [
      'Ausländer- und Integrationsgesetz',
      "Loi sur les étrangers et l'intégration",
      'Foreign Nationals and Integration Act',
      'FNIA',
    ],
  },
  {
    sr_number: '832.10',
    kind: 'former',
    as_of_hint: '1995-12-31',
    successor: 'KVG',
    aliases: ['KUVG', 'LAMA'],
    title_de: 'Bundesgesetz über die Kranken- und Unfallversicherung (KUVG)',
    note: note(
      'Das KUVG (Bundesgesetz über die Kranken- und Unfallversicherung) wurde für die Krankenversicherung am 1. Januar 1996 durch das KVG ersetzt; geliefert wird der geltende Text (KVG). Für den früheren Text as_of=1995-12-31 angeben.',
      'The KUVG (Federal Act on Sickness and Accident Insurance) was replaced for health insurance by the KVG on 1 January 1996; the current text (KVG) is served. Pass as_of=1995-12-31 for the former text.',
    ),
  },
  {
    sr_number: '832.10',
    kind: 'name',
    aliases: ['Krankenversicherungsgesetz', "Loi sur l'assurance-maladie", 'Health Insurance Act'],
  },
  {
    sr_number: '235.1',
    kind: 'former',
    as_of_hint: '2023-08-31',
    successor: 'DSG',
    aliases: ['aDSG', 'DSG 1992', 'aLPD'],
    title_de: 'Bundesgesetz über den Datenschutz (DSG) vom 19. Juni 1992',
    note: note(
      'Das DSG vom 19. Juni 1992 wurde am 1. September 2023 durch das totalrevidierte DSG vom 25. September 2020 ersetzt; geliefert wird der geltende Text (DSG). Für den früheren Text as_of=2023-08-31 angeben.',
      'The Data Protection Act of 19 June 1992 was replaced on 1 September 2023 by the totally revised Data Protection Act of 25 September 2020; the current text (DSG) is served. Pass as_of=2023-08-31 for the former text.',
    ),
  },
  {
    sr_number: '235.1',
    kind: 'current',
    aliases: ['nDSG', 'revDSG', 'nLPD', 'DSG 2020'],
    note: note(
      'nDSG, revDSG, nLPD und DSG 2020 sind informelle Bezeichnungen des geltenden, totalrevidierten Datenschutzgesetzes vom 25. September 2020 (in Kraft seit 1. September 2023); geliefert wird der geltende Text (DSG).',
      'nDSG, revDSG, nLPD and DSG 2020 are informal names of the totally revised Data Protection Act of 25 September 2020 in force since 1 September 2023; the text in force (DSG) is served.',
    ),
  },
  {
    sr_number: '235.1',
    kind: 'name',
    aliases: ['Datenschutzgesetz', 'Loi sur la protection des données', 'Data Protection Act', 'FADP'],
  },
  {
    sr_number: '956.1',
    kind: 'act',
    aliases: ['FINMAG', 'LFINMA', 'FINMA-Gesetz', 'Finanzmarktaufsichtsgesetz'],
  },
  { sr_number: '641.71', kind: 'act', aliases: ['CO2-Gesetz', 'CO2', 'Loi sur le CO2', 'Legge sul CO2'] },
  {
    sr_number: '101',
    kind: 'name',
    aliases: [
      'Const',
      'Cst féd',
      'Bundesverfassung',
      'Constitution fédérale',
      'Costituzione federale',
      'Federal Constitution',
      'Swiss Constitution',
    ],
  },
  {
    sr_number: '101',
    kind: 'former',
    as_of_hint: '1999-12-31',
    successor: 'BV',
    aliases: ['aBV', 'BV 1874', 'aCst'],
    title_de: 'Bundesverfassung der Schweizerischen Eidgenossenschaft vom 29. Mai 1874',
    note: note(
      'Die Bundesverfassung vom 29. Mai 1874 wurde am 1. Januar 2000 durch die Bundesverfassung vom 18. April 1999 (BV) ersetzt; geliefert wird der geltende Text (BV). Für den früheren Text as_of=1999-12-31 angeben.',
      'The Federal Constitution of 29 May 1874 was replaced on 1 January 2000 by the Federal Constitution of 18 April 1999 (BV); the current text (BV) is served. Pass as_of=1999-12-31 for the former text.',
    ),
  },
  {
    sr_number: '210',
    kind: 'name',
    aliases: [
      'CCS',
      'Zivilgesetzbuch',
      'Code civil',
      'Code civil suisse',
      'Codice civile',
      'Civil Code',
      'Swiss Civil Code',
    ],
  },
  {
    sr_number: '210',
    kind: 'section',
    section: DISP_U1.id,
    section_heading: DISP_U1.heading,
    aliases: ['SchlT', 'SchlT ZGB', 'ZGB SchlT', 'Schlusstitel ZGB', 'Titre final CC', 'Tit. fin. CC'],
  },
  {
    sr_number: '210',
    kind: 'former_edition',
    aliases: ['aZGB', 'aCC'],
    note: note(
      'aZGB/aCC bezeichnet eine frühere Fassung des Zivilgesetzbuches (SR 210, weiterhin in Kraft); geliefert wird die heute geltende Fassung. Für den früheren Text as_of mit dem gewünschten Datum angeben.',
      'aZGB/aCC names a former edition of the Civil Code (SR 210, still in force); the edition in force today is served. Pass as_of with the wanted date for the former text.',
    ),
  },
  {
    sr_number: '220',
    kind: 'name',
    aliases: [
      'COS',
      'Obligationenrecht',
      'Code des obligations',
      'Codice delle obbligazioni',
      'Code of Obligations',
      'Swiss Code of Obligations',
    ],
  },
  {
    sr_number: '220',
    kind: 'former_edition',
    aliases: ['aOR', 'aCO'],
    note: note(
      'aOR/aCO bezeichnet eine frühere Fassung des Obligationenrechts (SR 220, weiterhin in Kraft); geliefert wird die heute geltende Fassung. Für den früheren Text as_of mit dem gewünschten Datum angeben.',
      'aOR/aCO names a former edition of the Code of Obligations (SR 220, still in force); the edition in force today is served. Pass as_of with the wanted date for the former text.',
    ),
  },
  {
    sr_number: '311.0',
    kind: 'name',
    aliases: [
      'CPS',
      'Strafgesetzbuch',
      'Code pénal',
      'Code pénal suisse',
      'Codice penale',
      'Criminal Code',
      'Swiss Criminal Code',
      'Penal Code',
    ],
  },
  {
    sr_number: '311.0',
    kind: 'former_edition',
    aliases: ['aStGB', 'aCP'],
    note: note(
      'aStGB/aCP bezeichnet eine frühere Fassung des Strafgesetzbuches (SR 311.0, weiterhin in Kraft); geliefert wird die heute geltende Fassung. Für den früheren Text as_of mit dem gewünschten Datum angeben.',
      'aStGB/aCP names a former edition of the Criminal Code (SR 311.0, still in force); the edition in force today is served. Pass as_of with the wanted date for the former text.',
    ),
  },
  {
    sr_number: '272',
    kind: 'name',
    aliases: [
      'Zivilprozessordnung',
      'Code de procédure civile',
      'Codice di procedura civile',
      'Civil Procedure Code',
    ],
  },
  {
    sr_number: '281.1',
    kind: 'name',
    aliases: [
      'Schuldbetreibungs- und Konkursgesetz',
      'Loi sur la poursuite pour dettes et la faillite',
      'Debt Enforcement and Bankruptcy Act',
      'DEBA',
    ],
  },
  { sr_number: '291', kind: 'name', aliases: ['Federal Act on Private International Law', 'PILA'] },
  {
    sr_number: '831.40',
    kind: 'name',
    aliases: [
      'Berufliches Vorsorgegesetz',
      'BVG/LPP',
      'Loi sur la prévoyance professionnelle',
      'Occupational Pensions Act',
    ],
  },
  {
    sr_number: '822.11',
    kind: 'name',
    aliases: ['Arbeitsgesetz', 'Loi sur le travail', 'Employment Act', 'Labour Act'],
  },
  { sr_number: '142.31', kind: 'name', aliases: ['Asylgesetz', "Loi sur l'asile", 'Asylum Act'] },
  {
    sr_number: '241',
    kind: 'name',
    aliases: ['Unfair Competition Act', 'Loi contre la concurrence déloyale'],
  },
  { sr_number: '251', kind: 'name', aliases: ['Kartellgesetz', 'Loi sur les cartels', 'Cartel Act'] },
  { sr_number: '641.20', kind: 'name', aliases: ['Mehrwertsteuergesetz', 'Loi sur la TVA', 'VAT Act'] },
  {
    sr_number: '642.11',
    kind: 'name',
    aliases: ['Direkte Bundessteuer', "Loi sur l'impôt fédéral direct", 'Federal Direct Tax Act'],
  },
  {
    sr_number: '741.01',
    kind: 'name',
    aliases: ['Strassenverkehrsgesetz', 'Loi sur la circulation routière', 'Road Traffic Act'],
  },
  {
    sr_number: '955.0',
    kind: 'name',
    aliases: ['Geldwäschereigesetz', "Loi sur le blanchiment d'argent", 'Anti-Money Laundering Act', 'AMLA'],
  },
];

function titleDe(row: SpecRow): string {
  if (row.title_de !== undefined) return row.title_de;
  const act = federalActBySr(row.sr_number);
  // Every SR number of the table is in FEDERAL_ACTS (asserted by the tests); the fallback only
  // keeps the data total.
  return act?.title.de ?? `SR ${row.sr_number}`;
}

function entriesOf(row: SpecRow, verified: string): LawAliasEntry[] {
  return row.aliases.map((alias) => ({
    alias,
    sr_number: row.sr_number,
    kind: row.kind,
    title_de: titleDe(row),
    verified,
    ...(row.note !== undefined ? { note: row.note } : {}),
    ...(row.as_of_hint !== undefined ? { as_of_hint: row.as_of_hint } : {}),
    ...(row.successor !== undefined ? { successor: row.successor } : {}),
    ...(row.section !== undefined ? { section: row.section } : {}),
    ...(row.section_heading !== undefined ? { section_heading: row.section_heading } : {}),
  }));
}

/** The 211 entries of the spec, exactly as written there (including the 'personnen' typo). */
export const SPEC_ALIAS_ENTRIES: readonly LawAliasEntry[] = SPEC_ALIAS_ROWS.flatMap((row) =>
  entriesOf(row, SPEC_PROVENANCE),
);

/**
 * Entries added to the spec's: the correct French form of the misspelt AFMP alias, which the spec
 * itself gives in its parenthesis ("French form: Accord sur la libre circulation des personnes").
 */
export const ALIAS_CORRECTIONS: readonly LawAliasEntry[] = entriesOf(
  { sr_number: '0.142.112.681', kind: 'treaty', aliases: ['Accord sur la libre circulation des personnes'] },
  "spec alias table, correct French form given in the spec's parenthesis to the misspelt alias 'Accord sur la libre circulation des personnen'",
);

/** The whole table used for resolution: the spec's 211 entries plus the corrections (212). */
export const LAW_ALIAS_TABLE: readonly LawAliasEntry[] = [...SPEC_ALIAS_ENTRIES, ...ALIAS_CORRECTIONS];

/** Rule 4: the only edition-prefixed names that resolve (all of them are alias-table entries). */
export const EDITION_NAMES = [
  'aStGB',
  'aCP',
  'aZGB',
  'aCC',
  'aOR',
  'aCO',
  'aBV',
  'aCst',
  'aOG',
  'aDSG',
  'aLPD',
  'nDSG',
  'nLPD',
  'revDSG',
  'nStPO',
] as const;

/** Rule 5: names deliberately not mapped; they are misses. */
export const DELIBERATE_MISSES = ['OJF', 'LMSD', 'LAMI', 'ALPC', 'TJPG', 'LTPM'] as const;

const ALIAS_INDEX: ReadonlyMap<string, LawAliasEntry> = (() => {
  const index = new Map<string, LawAliasEntry>();
  // The first entry of a key wins; duplicate keys (CLaH80 / CLaH 80) name the same SR and kind.
  for (const entry of LAW_ALIAS_TABLE) {
    const key = normaliseLawKey(entry.alias);
    if (!index.has(key)) index.set(key, entry);
  }
  return index;
})();

/** The alias entry of a normalised key (rule 1), if any. */
export function aliasByKey(normalisedKey: string): LawAliasEntry | undefined {
  return ALIAS_INDEX.get(normalisedKey);
}

/** All normalised alias keys (for tests and collision checks). */
export function aliasKeys(): readonly string[] {
  return [...ALIAS_INDEX.keys()];
}
