import { describe, expect, it } from 'vitest';
import {
  DELIBERATE_MISSES,
  DISP_U1,
  EDITION_NAMES,
  LAW_ALIAS_TABLE,
  SPEC_ALIAS_ENTRIES,
  SPEC_SUMMARY_COUNTS,
  type AliasKind,
} from './alias-table.ts';
import { COLLECTION_LABELS } from './collection-labels.ts';
import { FEDERAL_ACTS, LAW_LANGUAGES, type LawLanguage } from './federal-acts.ts';
import { normaliseLawKey } from './law-key.ts';
import {
  checkServedSection,
  LAW_MISS_CODES,
  resolveLawName,
  type CantonalCandidate,
  type CantonalCandidatesLookup,
  type LawMiss,
  type LawMissCode,
  type LawResolution,
  type LawResolved,
  type ResolveLawInput,
} from './resolve-law.ts';

function resolved(r: LawResolution): LawResolved {
  if (r.status !== 'resolved') throw new Error(`expected resolved, got miss ${r.code}: ${r.reason}`);
  return r;
}

function missed(r: LawResolution, code?: LawMissCode): LawMiss {
  if (r.status !== 'miss')
    throw new Error(`expected a miss, got SR ${r.sr_number} (${r.canton}) via ${r.via}`);
  if (code !== undefined) expect(r.code, r.reason).toBe(code);
  expect(LAW_MISS_CODES).toContain(r.code);
  expect(r.reason.length).toBeGreaterThan(10);
  return r;
}

/** A fake cantonal collection keyed by normalised name (the real one lives outside contracts). */
const CANTONAL: Record<string, CantonalCandidate[]> = {
  STG: [
    { canton: 'ZH', sr_number: '631.1', title: 'Steuergesetz', abbreviation: 'StG' },
    { canton: 'BE', sr_number: '661.11', title: 'Steuergesetz', abbreviation: 'StG' },
  ],
  KG: [{ canton: 'ZH', sr_number: '180.1', title: 'Kirchengesetz', abbreviation: 'KG' }],
  NWG: [
    { canton: 'SZ', sr_number: '451.1', title: 'Naturschutz- und Wildgesetz (fake)', abbreviation: 'NWG' },
  ],
  AZG: [
    { canton: 'BE', sr_number: '153.01', title: 'Arbeitszeitgesetz (fake)', abbreviation: 'AZG' },
    { canton: 'LU', sr_number: '51', title: 'Arbeitszeitgesetz (fake)', abbreviation: 'AZG' },
  ],
  ASVG: [
    { canton: 'AG', sr_number: '331.200', title: 'Sozialversicherungsgesetz (fake)', abbreviation: 'ASVG' },
  ],
  OJF: [{ canton: 'FR', sr_number: '130.1', title: 'Loi sur la justice (fake)', abbreviation: 'LJ' }],
  LAMI: [{ canton: 'VD', sr_number: '832.01', title: "Loi d'application (fake)", abbreviation: 'LAMI' }],
  GOG: [
    { canton: 'ZH', sr_number: '211.1', title: 'Gerichtsorganisationsgesetz', abbreviation: 'GOG' },
    {
      canton: 'ZH',
      sr_number: '211.11',
      title: 'Gerichtsorganisationsgesetz (Anhang, fake)',
      abbreviation: 'GOG',
    },
  ],
};
const fakeLookup: CantonalCandidatesLookup = (key) => CANTONAL[key] ?? [];

const r = (input: ResolveLawInput) => resolveLawName(input);

describe('summary counts', () => {
  it('the spec table has 211 aliases over 37 SR numbers; resolution uses 212 entries (one correction)', () => {
    expect(SPEC_ALIAS_ENTRIES).toHaveLength(SPEC_SUMMARY_COUNTS.aliases);
    expect(new Set(SPEC_ALIAS_ENTRIES.map((e) => e.sr_number)).size).toBe(SPEC_SUMMARY_COUNTS.sr_numbers);
    expect(LAW_ALIAS_TABLE).toHaveLength(212);
  });
});

describe('every alias of the table resolves to its SR number and kind', () => {
  it.each(LAW_ALIAS_TABLE.map((e) => [e.alias, e.sr_number, e.kind, e] as const))(
    '%s -> SR %s (%s)',
    (alias, sr, kind, entry) => {
      for (const language of LAW_LANGUAGES) {
        const res = resolved(r({ abbreviation: alias, language }));
        expect(res).toMatchObject({ sr_number: sr, kind, canton: 'CH', via: 'alias', language });
        expect(res.alias?.sr_number).toBe(sr);
        expect(res.as_of_hint).toBe(entry.as_of_hint);
        expect(res.successor).toBe(entry.successor);
        if (entry.note !== undefined) expect(res.note).toContain(entry.note);
        expect(res.title).toBe(FEDERAL_ACTS.find((a) => a.sr_number === sr)!.title[language]);
      }
    },
  );

  it.each(LAW_ALIAS_TABLE.map((e) => [e.alias, e.sr_number] as const))(
    '%s: upper, lower, squeezed and punctuated variants',
    (alias, sr) => {
      const variants = [
        alias.toUpperCase(),
        alias.toLowerCase(),
        alias.replace(/[\s.\-/_]/g, ''),
        ` ${alias.replace(/ /g, '-')} `,
        alias.replace(/ /g, '_'),
        alias.replace(/ /g, '\u00a0'),
      ];
      for (const v of variants) expect(resolved(r({ abbreviation: v })).sr_number, v).toBe(sr);
    },
  );
});

describe('rule 1: normalisation', () => {
  it.each([
    ['Pacte II', '0.103.2'],
    ['pacte-ii', '0.103.2'],
    ['PACTEII', '0.103.2'],
    ['pacte_ii', '0.103.2'],
    ['Pacte/II', '0.103.2'],
    ['p.a.c.t.e. i.i', '0.103.2'],
    ['Pacte\u00a0II', '0.103.2'],
    ['Pacte\u202fII', '0.103.2'],
    ['Pacte\u2011II', '0.103.2'],
    ['UNO Pakt II', '0.103.2'],
    ['uno-pakt-ii', '0.103.2'],
    ['UNOPAKTI', '0.103.1'],
    ['un pakt i', '0.103.1'],
    ['CLaH 80', '0.211.230.02'],
    ['clah-80', '0.211.230.02'],
    ['BVG / LPP', '831.40'],
    ['bvglpp', '831.40'],
    ['co2 gesetz', '641.71'],
    ['FINMA Gesetz', '956.1'],
    ['finmagesetz', '956.1'],
    ['Tit fin CC', '210'],
    ['TITREFINALCC', '210'],
    ['schlt-zgb', '210'],
    ['ausländer und integrationsgesetz', '142.20'],
    ['SCHULDBETREIBUNGS UND KONKURSGESETZ', '281.1'],
    ["loi sur l'impôt fédéral direct", '642.11'],
    ['Loi sur l\u2019asile', '142.31'],
    ['Convention européenne des droits de l\u2019homme', '0.101'],
    ['IStGH Statut', '0.312.1'],
    ['lugano übereinkommen', '0.275.12'],
  ])('%s -> %s', (name, sr) => {
    expect(resolved(r({ abbreviation: name })).sr_number).toBe(sr);
  });

  it.each([
    ['Pacte  II', 'PACTEII'],
    ['pacte-ii', 'PACTEII'],
    ['hkü', 'HKÜ'],
    ['HKU\u0308', 'HKÜ'],
    ['o.p.p. 2', 'OPP2'],
    ['C s t', 'CST'],
    ['BVG/LPP', 'BVGLPP'],
  ])('key of %s is %s', (name, key) => {
    expect(normaliseLawKey(name)).toBe(key);
  });
});

describe('rule 3: case-insensitive, umlauts kept', () => {
  it.each([
    ['HKÜ', '0.211.230.02'],
    ['hkü', '0.211.230.02'],
    ['Hkü', '0.211.230.02'],
    ['HKU\u0308', '0.211.230.02'],
    ['HKUE', '0.211.230.02'],
    ['hkue', '0.211.230.02'],
    ['Römer Statut', '0.312.1'],
    ['RÖMER STATUT', '0.312.1'],
    ['römer statut', '0.312.1'],
    ['roemer statut', '0.312.1'],
    ['revLugÜ', '0.275.12'],
    ['REVLUGÜ', '0.275.12'],
    ['lugü 2007', '0.275.12'],
    ['FREIZÜGIGKEITSABKOMMEN', '0.142.112.681'],
    ['geldwäschereigesetz', '955.0'],
    ['code pénal', '311.0'],
    ['CODE PÉNAL SUISSE', '311.0'],
    ['costituzione federale', '101'],
    ['CODICE DELLE OBBLIGAZIONI', '220'],
  ])('%s -> %s', (name, sr) => {
    expect(resolved(r({ abbreviation: name })).sr_number).toBe(sr);
  });

  it.each(['HKU', 'hku', 'Code penal', 'Romer Statut', 'Freizugigkeitsabkommen'])(
    '%s (umlaut or accent dropped) is a miss',
    (name) => {
      missed(r({ abbreviation: name }), 'unknown_name');
    },
  );
});

describe('rule 2: stored abbreviations in de, fr, it', () => {
  const rows = FEDERAL_ACTS.flatMap((act) =>
    LAW_LANGUAGES.flatMap((lang) => {
      const abbr = act.abbreviation[lang];
      return abbr === null ? [] : [[abbr, lang, act.sr_number] as const];
    }),
  );

  it.each(rows)('%s (%s) -> SR %s, as written and in variants', (abbr, lang, sr) => {
    const variants = [
      abbr,
      abbr.toUpperCase(),
      abbr.toLowerCase(),
      abbr.replace(/[.\s]/g, ''),
      abbr.split('').join(' '),
      `${abbr.replace(/\./g, '')}.`,
    ];
    for (const v of variants) {
      const res = resolved(r({ abbreviation: v }));
      expect(res, v).toMatchObject({ sr_number: sr, via: 'stored_abbreviation', canton: 'CH' });
      expect(res.matched_languages).toContain(lang);
      expect(res.kind).toBeUndefined();
    }
  });

  it.each([
    ['Cst', '101'],
    ['Cst.', '101'],
    ['C s t', '101'],
    ['cst', '101'],
    ['CST.', '101'],
    ['Cost', '101'],
    ['Cost.', '101'],
    ['BV', '101'],
    ['bv', '101'],
    ['OPP2', '831.441.1'],
    ['o.p.p. 2', '831.441.1'],
    ['OPP 2', '831.441.1'],
    ['BVV 2', '831.441.1'],
    ['BVV2', '831.441.1'],
    ['bvv2', '831.441.1'],
    ['ZGB', '210'],
    ['zgb', '210'],
    ['cc', '210'],
    ['CC', '210'],
    ['C.C.', '210'],
    ['OR', '220'],
    ['or', '220'],
    ['CO', '220'],
    ['co', '220'],
    ['StGB', '311.0'],
    ['STGB', '311.0'],
    ['CP', '311.0'],
    ['BGG', '173.110'],
    ['LTF', '173.110'],
    ['L.T.F.', '173.110'],
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
    ['lstri', '142.20'],
    ['AsylG', '142.31'],
    ['LAsi', '142.31'],
    ['BVG', '831.40'],
    ['LPP', '831.40'],
    ['ArG', '822.11'],
    ['LTr', '822.11'],
    ['LL', '822.11'],
    ['UWG', '241'],
    ['LCD', '241'],
    ['LCSl', '241'],
    ['KG', '251'],
    ['LCart', '251'],
    ['MWSTG', '641.20'],
    ['LTVA', '641.20'],
    ['LIVA', '641.20'],
    ['DBG', '642.11'],
    ['LIFD', '642.11'],
    ['SVG', '741.01'],
    ['LCR', '741.01'],
    ['LCStr', '741.01'],
    ['GwG', '955.0'],
    ['LBA', '955.0'],
    ['LRD', '955.0'],
    ['KVG', '832.10'],
    ['LAMal', '832.10'],
    ['LAMAL', '832.10'],
    ['EMRK', '0.101'],
    ['CEDH', '0.101'],
    ['CEDU', '0.101'],
    ['FZA', '0.142.112.681'],
    ['ALCP', '0.142.112.681'],
    ['LugÜ', '0.275.12'],
    ['lugü', '0.275.12'],
  ])('%s -> %s (hand-written)', (name, sr) => {
    expect(resolved(r({ abbreviation: name }))).toMatchObject({ sr_number: sr, via: 'stored_abbreviation' });
  });

  it('reports the languages that matched and the abbreviation and title of the served language', () => {
    expect(resolved(r({ abbreviation: 'CC' })).matched_languages).toEqual(['fr', 'it']);
    expect(resolved(r({ abbreviation: 'Cst' })).matched_languages).toEqual(['fr']);
    expect(resolved(r({ abbreviation: 'LPD' })).matched_languages).toEqual(['fr', 'it']);
    expect(resolved(r({ abbreviation: 'ZGB', language: 'fr' }))).toMatchObject({
      abbreviation: 'CC',
      title: 'Code civil suisse',
    });
    expect(resolved(r({ abbreviation: 'CO', language: 'de' }))).toMatchObject({
      abbreviation: 'OR',
      sr_number: '220',
    });
    expect(resolved(r({ abbreviation: 'BV', language: 'it' }))).toMatchObject({
      abbreviation: 'Cost.',
      title: 'Costituzione federale della Confederazione Svizzera',
    });
    expect(resolved(r({ abbreviation: 'ArG', language: 'it' })).abbreviation).toBe('LL');
  });

  it('FINMAG (kind act) has no stored abbreviation: it resolves through the table', () => {
    const res = resolved(r({ abbreviation: 'FINMAG' }));
    expect(res).toMatchObject({ sr_number: '956.1', via: 'alias', kind: 'act' });
    expect(res.abbreviation).toBeUndefined();
  });

  it('passes the article through', () => {
    expect(resolved(r({ abbreviation: 'OR', article: '266l' }))).toMatchObject({
      sr_number: '220',
      article: '266l',
    });
    expect(resolved(r({ abbreviation: 'BV', article: ' 8 ' })).article).toBe('8');
  });
});

describe('rule 4: edition prefixes', () => {
  const expected: Record<(typeof EDITION_NAMES)[number], readonly [string, AliasKind]> = {
    aStGB: ['311.0', 'former_edition'],
    aCP: ['311.0', 'former_edition'],
    aZGB: ['210', 'former_edition'],
    aCC: ['210', 'former_edition'],
    aOR: ['220', 'former_edition'],
    aCO: ['220', 'former_edition'],
    aBV: ['101', 'former'],
    aCst: ['101', 'former'],
    aOG: ['173.110', 'former'],
    aDSG: ['235.1', 'former'],
    aLPD: ['235.1', 'former'],
    nDSG: ['235.1', 'current'],
    nLPD: ['235.1', 'current'],
    revDSG: ['235.1', 'current'],
    nStPO: ['312.0', 'current'],
  };

  it.each(EDITION_NAMES.map((n) => [n, ...expected[n]] as const))(
    '%s -> SR %s (%s) with a note',
    (name, sr, kind) => {
      for (const v of [name, name.toUpperCase(), name.toLowerCase()]) {
        const res = resolved(r({ abbreviation: v }));
        expect(res).toMatchObject({ sr_number: sr, kind, via: 'alias' });
        expect(res.note).toBeDefined();
      }
    },
  );

  it('former_edition serves the edition in force with a note and no hint or successor', () => {
    const res = resolved(r({ abbreviation: 'aOR', article: '333' }));
    expect(res).toMatchObject({
      sr_number: '220',
      kind: 'former_edition',
      article: '333',
      abbreviation: 'OR',
    });
    expect(res.note).toMatch(/edition in force today is served/);
    expect(res.as_of_hint).toBeUndefined();
    expect(res.successor).toBeUndefined();
  });

  it.each([
    ['ASVG', 'edition_prefix_not_interpreted', ['AG']],
    ['NWG', 'unknown_name', ['SZ']],
    ['AZG', 'unknown_name', ['BE', 'LU']],
    ['aXYZ', 'edition_prefix_not_interpreted', []],
    ['aSchKG', 'edition_prefix_not_interpreted', []],
    ['nOR', 'edition_prefix_not_interpreted', []],
    ['aBGG', 'edition_prefix_not_interpreted', []],
    ['revStPO', 'edition_prefix_not_interpreted', []],
    ['revOR', 'edition_prefix_not_interpreted', []],
    ['nZGB', 'edition_prefix_not_interpreted', []],
    ['aArG', 'edition_prefix_not_interpreted', []],
    ['aLTF', 'edition_prefix_not_interpreted', []],
    ['nCst', 'edition_prefix_not_interpreted', []],
    ['aKVG', 'edition_prefix_not_interpreted', []],
    ['nStGB', 'edition_prefix_not_interpreted', []],
    ['aStPO', 'edition_prefix_not_interpreted', []],
    ['revZGB', 'edition_prefix_not_interpreted', []],
    ['aDBG', 'edition_prefix_not_interpreted', []],
  ] as const)('%s is a miss (%s) with cantonal candidates %j', (name, code, cantons) => {
    const m = missed(r({ abbreviation: name, cantonalCandidates: fakeLookup }), code);
    expect(m.reason).toContain(`'${name}'`);
    expect(m.candidates.map((c) => c.canton)).toEqual(cantons);
    if (code === 'edition_prefix_not_interpreted')
      expect(m.note).toMatch(/Edition prefixes are not interpreted/);
    if (cantons.length > 0) expect(m.note).toMatch(/cantonal collection knows this name/);
  });

  it('without a cantonal collection the prefixed misses have no candidates', () => {
    for (const name of ['ASVG', 'NWG', 'AZG'])
      expect(missed(r({ abbreviation: name })).candidates).toEqual([]);
  });
});

describe('rule 5: deliberate misses', () => {
  it.each(DELIBERATE_MISSES.map((n) => [n]))('%s is a miss', (name) => {
    for (const v of [name, name.toLowerCase(), name.split('').join('.')]) {
      const m = missed(r({ abbreviation: v }), 'deliberately_unmapped');
      expect(m.reason).toContain(`'${v}'`);
      expect(m.candidates).toEqual([]);
    }
  });

  it('the deliberate misses carry cantonal candidates where the collection knows them', () => {
    expect(
      missed(r({ abbreviation: 'OJF', cantonalCandidates: fakeLookup }), 'deliberately_unmapped').candidates,
    ).toEqual(CANTONAL['OJF']);
    expect(
      missed(r({ abbreviation: 'LAMI', cantonalCandidates: fakeLookup }), 'deliberately_unmapped').candidates,
    ).toEqual(CANTONAL['LAMI']);
  });

  it('a deliberate miss asked in its canton resolves as the cantonal act', () => {
    expect(
      resolved(r({ abbreviation: 'OJF', secondPathElement: 'FR', cantonalCandidates: fakeLookup })),
    ).toMatchObject({
      canton: 'FR',
      sr_number: '130.1',
      via: 'stored_abbreviation',
    });
    missed(
      r({ abbreviation: 'OJF', secondPathElement: 'VD', cantonalCandidates: fakeLookup }),
      'deliberately_unmapped',
    );
  });
});

describe('rule 6: systematic-collection labels', () => {
  it.each(COLLECTION_LABELS.map((l) => [l.label, l.canton] as const))(
    '%s + article 211.1 -> canton %s, sr_number 211.1',
    (label, canton) => {
      const res = resolved(r({ abbreviation: label, article: '211.1' }));
      expect(res).toMatchObject({ canton, sr_number: '211.1', via: 'collection_label' });
      expect(res.article).toBeUndefined();
      expect(res.note).toContain(canton);
    },
  );

  it('the spec example: LS with article 211.1 is ZH 211.1', () => {
    const res = resolved(r({ abbreviation: 'LS', article: '211.1' }));
    expect({ canton: res.canton, sr_number: res.sr_number }).toEqual({ canton: 'ZH', sr_number: '211.1' });
  });

  it.each(COLLECTION_LABELS.filter((l) => !l.case_sensitive).map((l) => [l.label, l.canton] as const))(
    '%s matches case-insensitively (-> %s)',
    (label, canton) => {
      for (const v of [
        label.toLowerCase(),
        label[0] + label.slice(1).toLowerCase(),
        label.split('').join('.'),
      ]) {
        expect(resolved(r({ abbreviation: v, article: '170.4' })), v).toMatchObject({
          canton,
          sr_number: '170.4',
        });
      }
    },
  );

  it.each([
    ['bGS', 'AR'],
    ['b.G.S.', 'AR'],
    ['b GS', 'AR'],
    ['sGS', 'SG'],
    ['s.G.S.', 'SG'],
  ])('%s (exact case) -> %s', (label, canton) => {
    expect(resolved(r({ abbreviation: label, article: '211.1' }))).toMatchObject({
      canton,
      sr_number: '211.1',
    });
  });

  it.each(['GS', 'BGS', 'SGS', 'RB', 'gs', 'Gs', 'rb', 'R.B.', 'B.G.S.', 'S G S'])(
    '%s repeats across cantons: a miss with an explanation',
    (label) => {
      const m = missed(
        r({ abbreviation: label, article: '211.1', cantonalCandidates: fakeLookup }),
        'repeating_collection_label',
      );
      expect(m.reason).toContain(`'${label}'`);
      expect(m.reason).toMatch(/several cantons/);
      expect(m.note).toMatch(/'_'/);
    },
  );

  it.each(['bgs', 'Bgs', 'BGs', 'bgS', 'sgs', 'Sgs', 'SGs'])(
    '%s collides bGS/BGS or sGS/SGS by case: a miss naming both',
    (label) => {
      const m = missed(r({ abbreviation: label, article: '211.1' }), 'ambiguous_collection_label_case');
      expect(m.reason).toContain(`'${label}'`);
      expect(m.reason).toMatch(/'bGS' \(canton AR\) and 'BGS'|'sGS' \(canton SG\) and 'SGS'/);
    },
  );

  it('repeating labels stay unmapped even with a canton', () => {
    missed(r({ abbreviation: 'BGS', canton: 'SO', article: '211.1' }), 'repeating_collection_label');
  });

  it('takes the SR number from sr_number or a second path element, keeping the article', () => {
    expect(resolved(r({ abbreviation: 'LS', sr_number: '211.1', article: '5' }))).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
      article: '5',
    });
    expect(resolved(r({ abbreviation: 'RSG', secondPathElement: 'E 2 05', article: '12' }))).toMatchObject({
      canton: 'GE',
      sr_number: 'E 2 05',
      article: '12',
    });
    expect(resolved(r({ abbreviation: 'LS', secondPathElement: '211.1' }))).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
    });
  });

  it('a label without SR number, with a non-number or with another canton is a miss', () => {
    missed(r({ abbreviation: 'LS' }), 'missing_sr_number');
    missed(r({ abbreviation: 'LS', article: '§§' }), 'invalid_sr_number');
    missed(r({ abbreviation: 'LS', article: '211.1', canton: 'BE' }), 'canton_conflict');
    missed(r({ abbreviation: 'LS', secondPathElement: 'BE', article: '211.1' }), 'canton_conflict');
  });

  it('a label with its own canton (or the default CH) is accepted', () => {
    expect(resolved(r({ abbreviation: 'LS', article: '211.1', canton: 'ZH' })).canton).toBe('ZH');
    expect(resolved(r({ abbreviation: 'LS', article: '211.1', canton: 'CH' })).canton).toBe('ZH');
    expect(resolved(r({ abbreviation: 'ZH', secondPathElement: 'LS', article: '211.1' }))).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
    });
  });
});

describe('rule 7: treaties by common name in all languages', () => {
  it.each([
    ['Pakt II', '0.103.2'],
    ['UNO-Pakt II', '0.103.2'],
    ['Pacte II', '0.103.2'],
    ['Pacte ONU II', '0.103.2'],
    ['Patto II', '0.103.2'],
    ['Patto ONU II', '0.103.2'],
    ['ICCPR', '0.103.2'],
    ['Pakt I', '0.103.1'],
    ['Pacte I', '0.103.1'],
    ['Patto ONU I', '0.103.1'],
    ['ICESCR', '0.103.1'],
    ['Kinderrechtskonvention', '0.107'],
    ['CDE', '0.107'],
    ['CRC', '0.107'],
    ['Behindertenrechtskonvention', '0.109'],
    ['CDPH', '0.109'],
    ['CRPD', '0.109'],
    ['Haager Kindesentführungsübereinkommen', '0.211.230.02'],
    ['CLaH80', '0.211.230.02'],
    ['Wiener Kaufrecht', '0.221.211.1'],
    ['CVIM', '0.221.211.1'],
    ['CISG', '0.221.211.1'],
    ['Römer Statut', '0.312.1'],
    ['Statut de Rome', '0.312.1'],
    ['Rome Statute', '0.312.1'],
    ['EUeR', '0.351.1'],
    ['CEEJ', '0.351.1'],
    ['Europäische Menschenrechtskonvention', '0.101'],
    ["Convention européenne des droits de l'homme", '0.101'],
    ['European Convention on Human Rights', '0.101'],
    ['MRK', '0.101'],
    ['Lugano-Übereinkommen', '0.275.12'],
    ['Convention de Lugano', '0.275.12'],
    ['Convenzione di Lugano', '0.275.12'],
    ['Lugano Convention', '0.275.12'],
    ['Freizügigkeitsabkommen', '0.142.112.681'],
    ['Accord sur la libre circulation des personnes', '0.142.112.681'],
    ['Accord sur la libre circulation des personnen', '0.142.112.681'],
    ['AFMP', '0.142.112.681'],
  ])('%s -> %s (treaty)', (name, sr) => {
    for (const language of LAW_LANGUAGES) {
      const res = resolved(r({ abbreviation: name, language }));
      expect(res).toMatchObject({ sr_number: sr, kind: 'treaty', canton: 'CH' });
      expect(res.act?.instrument).toBe('treaty');
      expect(res.title).toBe(res.act!.title[language]);
    }
  });

  it('the correct French form of the AFMP alias carries its provenance', () => {
    const res = resolved(r({ abbreviation: 'Accord sur la libre circulation des personnes' }));
    expect(res.alias?.verified).toMatch(/correct French form/);
  });
});

describe('rule 7 and Error 6: former names resolve with a note, as_of hint and successor', () => {
  const formers = LAW_ALIAS_TABLE.filter((e) => e.kind === 'former');

  it.each(formers.map((e) => [e.alias, e.sr_number, e.successor!, e.as_of_hint!] as const))(
    '%s -> SR %s, successor %s, as_of %s',
    (name, sr, successor, hint) => {
      const res = resolved(r({ abbreviation: name }));
      expect(res).toMatchObject({ sr_number: sr, kind: 'former', successor, as_of_hint: hint, via: 'alias' });
      expect(res.note).toContain(successor);
      expect(res.note).toContain(hint);
      expect(res.note).toMatch(/current text .* is served/);
      // The successor is the act served today: its stored German abbreviation.
      expect(res.act?.abbreviation.de).toBe(successor);
      expect(res.abbreviation).toBe(successor);
    },
  );

  it.each([
    ['OG', '173.110', 'BGG', '2006-12-31'],
    ['OJ', '173.110', 'BGG', '2006-12-31'],
    ['Bundesrechtspflegegesetz', '173.110', 'BGG', '2006-12-31'],
    ['BStP', '312.0', 'StPO', '2010-12-31'],
    ['PPF', '312.0', 'StPO', '2010-12-31'],
    ['ANAG', '142.20', 'AIG', '2007-12-31'],
    ['LSEE', '142.20', 'AIG', '2007-12-31'],
    ['AuG', '142.20', 'AIG', '2018-12-31'],
    ['LEtr', '142.20', 'AIG', '2018-12-31'],
    ['Ausländergesetz', '142.20', 'AIG', '2018-12-31'],
    ['KUVG', '832.10', 'KVG', '1995-12-31'],
    ['LAMA', '832.10', 'KVG', '1995-12-31'],
    ['DSG 1992', '235.1', 'DSG', '2023-08-31'],
    ['BV 1874', '101', 'BV', '1999-12-31'],
  ])('%s -> %s, successor %s, as_of_hint %s (hand-written)', (name, sr, successor, hint) => {
    expect(resolved(r({ abbreviation: name }))).toMatchObject({
      sr_number: sr,
      successor,
      as_of_hint: hint,
      kind: 'former',
    });
  });

  it('the OG note explains the replacement in German and English', () => {
    const note = resolved(r({ abbreviation: 'OG' })).note!;
    expect(note).toMatch(/OG \(Bundesrechtspflegegesetz/);
    expect(note).toMatch(/replaced by the BGG on 1 January 2007/);
    expect(note).toMatch(/am 1\. Januar 2007 durch das BGG ersetzt/);
  });

  it('current names resolve to the act in force with a note', () => {
    for (const name of ['nDSG', 'revDSG', 'nLPD', 'DSG 2020']) {
      const res = resolved(r({ abbreviation: name }));
      expect(res).toMatchObject({ sr_number: '235.1', kind: 'current', abbreviation: 'DSG' });
      expect(res.note).toMatch(/in force/);
    }
    expect(resolved(r({ abbreviation: 'nStPO', language: 'fr' }))).toMatchObject({
      sr_number: '312.0',
      kind: 'current',
      abbreviation: 'CPP',
    });
  });
});

describe('section names: SR 210 restricted to block disp_u1', () => {
  const sectionNames = LAW_ALIAS_TABLE.filter((e) => e.kind === 'section').map((e) => e.alias);

  it('the six section names of the spec', () => {
    expect(sectionNames).toEqual([
      'SchlT',
      'SchlT ZGB',
      'ZGB SchlT',
      'Schlusstitel ZGB',
      'Titre final CC',
      'Tit. fin. CC',
    ]);
  });

  it.each(sectionNames.flatMap((n) => LAW_LANGUAGES.map((l) => [n, l] as const)))(
    '%s (%s) carries the heading of the served language',
    (name, language) => {
      const res = resolved(r({ abbreviation: name, language, article: '1' }));
      expect(res).toMatchObject({ sr_number: '210', kind: 'section', article: '1', language });
      expect(res.section).toEqual({
        id: 'disp_u1',
        heading: DISP_U1.heading,
        expected_heading: DISP_U1.heading[language],
      });
      expect(res.note).toMatch(/never the main body/);
    },
  );

  it.each([
    ['de', 'Schlusstitel: Anwendungs- und Einführungsbestimmungen'],
    ['fr', "Titre final: De l'entrée en vigueur et de l'application du code civil"],
    ['it', "Titolo finale: Dell'entrata in vigore e dell'applicazione del Codice civile"],
  ] as const)('expected heading in %s: %s (hand-written from the spec)', (language, heading) => {
    expect(resolved(r({ abbreviation: 'SchlT', language })).section?.expected_heading).toBe(heading);
  });

  it('ZGB itself is the whole act (no section)', () => {
    expect(resolved(r({ abbreviation: 'ZGB' })).section).toBeUndefined();
  });

  describe('checkServedSection', () => {
    const res = r({ abbreviation: 'Titre final CC', language: 'fr' });

    it('passes when the served block is disp_u1 with the expected heading (white space aside)', () => {
      expect(
        checkServedSection(res, {
          id: 'disp_u1',
          heading: "Titre final:  De l\u2019entrée en vigueur et de l'application du code civil ",
        }),
      ).toBe(res);
    });

    it('is a miss with a note when the block is not available, never the main body', () => {
      const m = missed(checkServedSection(res, undefined), 'section_unavailable');
      expect(m.reason).toContain("'Titre final CC'");
      expect(m.reason).toContain('disp_u1');
      expect(m.note).toMatch(/never the main body/);
    });

    it('is a miss when another block or a heading of another language is served', () => {
      missed(checkServedSection(res, { id: 'lvl_u1', heading: 'Einleitung' }), 'section_unavailable');
      missed(checkServedSection(res, { id: 'disp_u1', heading: DISP_U1.heading.de }), 'section_unavailable');
      missed(checkServedSection(res, { id: 'disp_u1', heading: null }), 'section_unavailable');
    });

    it('leaves other resolutions alone', () => {
      const zgb = r({ abbreviation: 'ZGB' });
      expect(checkServedSection(zgb, undefined)).toBe(zgb);
      const unknown = r({ abbreviation: 'XYZ' });
      expect(checkServedSection(unknown, undefined)).toBe(unknown);
    });
  });
});

describe('rule 8: the canton as second path element, either order', () => {
  it.each([
    [{ abbreviation: 'StG', secondPathElement: 'ZH' }, 'ZH', '631.1'],
    [{ abbreviation: 'ZH', secondPathElement: 'StG' }, 'ZH', '631.1'],
    [{ abbreviation: 'StG', secondPathElement: 'zh' }, 'ZH', '631.1'],
    [{ abbreviation: 'zh', secondPathElement: 'stg' }, 'ZH', '631.1'],
    [{ abbreviation: 'StG', secondPathElement: 'BE' }, 'BE', '661.11'],
    [{ abbreviation: 'BE', secondPathElement: 'S.t.G.' }, 'BE', '661.11'],
    [{ abbreviation: 'StG', canton: 'ZH' }, 'ZH', '631.1'],
    [{ abbreviation: 'StG', canton: 'zh', secondPathElement: 'ZH' }, 'ZH', '631.1'],
    [{ abbreviation: 'StG', canton: 'CH', secondPathElement: 'ZH' }, 'ZH', '631.1'],
    [{ abbreviation: 'KG', secondPathElement: 'ZH' }, 'ZH', '180.1'],
    [{ abbreviation: 'GOG', secondPathElement: 'ZH', sr_number: '211.11' }, 'ZH', '211.11'],
  ] as const)('%j -> %s %s', (input, canton, sr) => {
    const res = resolved(r({ ...input, cantonalCandidates: fakeLookup }));
    expect(res).toMatchObject({ canton, sr_number: sr, via: 'stored_abbreviation' });
  });

  it('the act name and title come from the cantonal collection', () => {
    expect(
      resolved(
        r({ abbreviation: 'ZH', secondPathElement: 'StG', article: '12', cantonalCandidates: fakeLookup }),
      ),
    ).toMatchObject({
      input: 'StG',
      abbreviation: 'StG',
      title: 'Steuergesetz',
      article: '12',
    });
  });

  it('a federal act with CH as second path element is federal', () => {
    expect(resolved(r({ abbreviation: 'OR', secondPathElement: 'CH' }))).toMatchObject({
      canton: 'CH',
      sr_number: '220',
    });
    expect(resolved(r({ abbreviation: 'CH', secondPathElement: 'ZGB' }))).toMatchObject({
      canton: 'CH',
      sr_number: '210',
    });
  });

  it('a federal name that is no act of the canton is served as federal law with a note', () => {
    const res = resolved(r({ abbreviation: 'ZGB', secondPathElement: 'ZH', cantonalCandidates: fakeLookup }));
    expect(res).toMatchObject({ canton: 'CH', sr_number: '210' });
    expect(res.note).toMatch(/not an act of canton ZH/);
    const og = resolved(r({ abbreviation: 'OG', canton: 'BE', cantonalCandidates: fakeLookup }));
    expect(og).toMatchObject({ canton: 'CH', sr_number: '173.110', kind: 'former' });
    expect(og.note).toMatch(/BGG/);
    expect(og.note).toMatch(/canton BE/);
  });

  it('misses: two cantons, no canton, conflicting cantons, ambiguity, unknown act, no collection', () => {
    missed(r({ abbreviation: 'ZH', secondPathElement: 'BE' }), 'invalid_path');
    missed(r({ abbreviation: 'StG', secondPathElement: 'Zürich' }), 'invalid_path');
    missed(
      r({ abbreviation: 'StG', secondPathElement: 'ZH', canton: 'BE', cantonalCandidates: fakeLookup }),
      'canton_conflict',
    );
    const amb = missed(
      r({ abbreviation: 'GOG', secondPathElement: 'ZH', cantonalCandidates: fakeLookup }),
      'cantonal_ambiguous',
    );
    expect(amb.candidates).toHaveLength(2);
    const unknown = missed(
      r({ abbreviation: 'XYZG', secondPathElement: 'ZH', cantonalCandidates: fakeLookup }),
      'unknown_name',
    );
    expect(unknown.reason).toContain("'XYZG'");
    expect(unknown.reason).toContain('canton ZH');
    missed(r({ abbreviation: 'StG', secondPathElement: 'ZH' }), 'cantonal_lookup_unavailable');
    const conflict = missed(
      r({ abbreviation: 'StG', secondPathElement: 'ZH', sr_number: '999', cantonalCandidates: fakeLookup }),
      'sr_number_conflict',
    );
    expect(conflict.candidates).toEqual([CANTONAL['STG']![0]]);
    expect(
      resolved(
        r({
          abbreviation: 'StG',
          secondPathElement: 'ZH',
          sr_number: '631.1',
          cantonalCandidates: fakeLookup,
        }),
      ).sr_number,
    ).toBe('631.1');
    missed(
      r({ abbreviation: 'StG', secondPathElement: 'AG', cantonalCandidates: fakeLookup }),
      'unknown_name',
    );
  });

  it('a cantonal name asked federally is a miss with its cantonal candidates (Error 4)', () => {
    const m = missed(r({ abbreviation: 'StG', cantonalCandidates: fakeLookup }), 'unknown_name');
    expect(m.candidates.map((c) => `${c.canton} ${c.sr_number}`)).toEqual(['ZH 631.1', 'BE 661.11']);
    expect(m.note).toMatch(/ZH, BE/);
  });

  it('a canton code alone names no act', () => {
    for (const name of ['ZH', 'zh', 'CH']) missed(r({ abbreviation: name }), 'canton_without_act');
  });
});

describe('the literal _ : lookup by sr_number', () => {
  it.each([
    [{ abbreviation: '_', sr_number: '210' }, 'CH', '210'],
    [{ abbreviation: '_', sr_number: '0.101' }, 'CH', '0.101'],
    [{ abbreviation: '_', sr_number: '999.99' }, 'CH', '999.99'],
    [{ abbreviation: '_', sr_number: '211.1', canton: 'ZH' }, 'ZH', '211.1'],
    [{ abbreviation: '_', sr_number: '211.1', canton: 'zh' }, 'ZH', '211.1'],
    [{ abbreviation: '_', sr_number: 'E 2 05', canton: 'GE' }, 'GE', 'E 2 05'],
    [{ abbreviation: '_', secondPathElement: 'ZH', sr_number: '211.1' }, 'ZH', '211.1'],
    [{ abbreviation: 'ZH', secondPathElement: '_', sr_number: '211.1' }, 'ZH', '211.1'],
    [{ abbreviation: ' _ ', sr_number: ' 220 ' }, 'CH', '220'],
    [{ abbreviation: '_', secondPathElement: '220' }, 'CH', '220'],
  ] as const)('%j -> %s %s', (input, canton, sr) => {
    expect(resolved(r(input))).toMatchObject({ canton, sr_number: sr, via: 'sr_number' });
  });

  it('a federal lookup carries the known act', () => {
    expect(resolved(r({ abbreviation: '_', sr_number: '220', language: 'it' }))).toMatchObject({
      abbreviation: 'CO',
      act: { sr_number: '220' },
    });
    expect(resolved(r({ abbreviation: '_', sr_number: '999.99' })).act).toBeUndefined();
  });

  it('misses without or with a malformed sr_number', () => {
    expect(missed(r({ abbreviation: '_' }), 'missing_sr_number').reason).toMatch(/sr_number/);
    missed(r({ abbreviation: '_', canton: 'ZH' }), 'missing_sr_number');
    missed(r({ abbreviation: '_', sr_number: 'abc' }), 'invalid_sr_number');
    missed(r({ abbreviation: '_', sr_number: '21 0' }), 'invalid_sr_number');
    missed(r({ abbreviation: '_', sr_number: '§', canton: 'ZH' }), 'invalid_sr_number');
  });
});

describe('SR numbers as the name', () => {
  it.each(['101', '210', '220', '0.101', '0.103.2', '831.441.1', '173.110'])(
    '%s resolves by number',
    (sr) => {
      const res = resolved(r({ abbreviation: sr }));
      expect(res).toMatchObject({ sr_number: sr, canton: 'CH', via: 'sr_number' });
      expect(res.act?.sr_number).toBe(sr);
    },
  );

  it('an SR number in a canton is a cantonal lookup', () => {
    expect(resolved(r({ abbreviation: '211.1', canton: 'ZH' }))).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
      via: 'sr_number',
    });
    expect(resolved(r({ abbreviation: '211.1', secondPathElement: 'ZH' }))).toMatchObject({
      canton: 'ZH',
      sr_number: '211.1',
    });
  });

  it('sr_number must agree with the name', () => {
    expect(resolved(r({ abbreviation: 'OR', sr_number: '220' })).sr_number).toBe('220');
    missed(r({ abbreviation: 'OR', sr_number: '210' }), 'sr_number_conflict');
    missed(r({ abbreviation: '220', sr_number: '210' }), 'sr_number_conflict');
  });
});

describe('misses name the input; user input never throws', () => {
  it.each(['XYZ', 'Gesetz', 'BGE', 'Obergericht', 'OR1', '§ 12', 'Art. 8 BV'])(
    '%s is an unknown name',
    (name) => {
      const m = missed(r({ abbreviation: name }));
      expect(m.reason).toContain(`'${name}'`);
      expect(m.candidates).toEqual([]);
    },
  );

  it('invalid inputs', () => {
    missed(r({ abbreviation: '' }), 'invalid_input');
    missed(r({ abbreviation: '   ' }), 'invalid_input');
    missed(r({ abbreviation: '...' }), 'invalid_input');
    missed(r({ abbreviation: '-/-' }), 'invalid_input');
    missed(r({ abbreviation: 'x'.repeat(201) }), 'invalid_input');
    missed(r({ abbreviation: 'OR', canton: 'XX' }), 'invalid_canton');
    missed(r({ abbreviation: 'OR', language: 'en' as LawLanguage }), 'invalid_language');
    missed(r({ abbreviation: undefined as unknown as string }), 'invalid_input');
    missed(r({ abbreviation: 42 as unknown as string }), 'invalid_input');
    missed(r(null as unknown as ResolveLawInput), 'invalid_input');
  });

  it('an injected collection that throws or returns rubbish does not break resolution', () => {
    const throwing: CantonalCandidatesLookup = () => {
      throw new Error('down');
    };
    const m = missed(r({ abbreviation: 'StG', cantonalCandidates: throwing }), 'unknown_name');
    expect(m.note).toMatch(/could not be consulted/);
    missed(
      r({ abbreviation: 'StG', secondPathElement: 'ZH', cantonalCandidates: throwing }),
      'cantonal_lookup_unavailable',
    );
    expect(
      resolved(r({ abbreviation: 'OR', secondPathElement: 'ZH', cantonalCandidates: throwing })).sr_number,
    ).toBe('220');
    const rubbish = (() => [
      null,
      1,
      { canton: 'XX', sr_number: '1', title: 't' },
      { canton: 'ZH', sr_number: '', title: 't' },
      { canton: 'zh', sr_number: '1.1', title: 'ok' },
    ]) as unknown as CantonalCandidatesLookup;
    expect(missed(r({ abbreviation: 'Q', cantonalCandidates: rubbish })).candidates).toEqual([
      { canton: 'ZH', sr_number: '1.1', title: 'ok' },
    ]);
    const notArray = (() => 'nope') as unknown as CantonalCandidatesLookup;
    expect(missed(r({ abbreviation: 'Q', cantonalCandidates: notArray })).candidates).toEqual([]);
  });

  it('control characters are not echoed into the reason', () => {
    const m = missed(r({ abbreviation: 'X\u0000Y\nZ' }));
    // eslint-disable-next-line no-control-regex
    expect(m.reason).not.toMatch(/[\u0000-\u001f]/);
  });

  it('random inputs always give a resolution or a miss', () => {
    let seed = 20240611;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = [
      'a',
      'Z',
      'ü',
      'Ü',
      '.',
      ' ',
      '-',
      '_',
      '/',
      '1',
      '0',
      "'",
      '\u0308',
      '§',
      'ß',
      '\u00a0',
      'S',
      'G',
      'B',
      'O',
      'R',
      'C',
      'H',
    ];
    const cantons = [undefined, 'CH', 'ZH', 'zh', 'XX', ''];
    for (let i = 0; i < 2000; i++) {
      const len = Math.floor(rand() * 8);
      let name = '';
      for (let j = 0; j < len; j++) name += alphabet[Math.floor(rand() * alphabet.length)];
      const input: ResolveLawInput = {
        abbreviation: name,
        ...(rand() < 0.3
          ? { secondPathElement: ['ZH', 'StG', '211.1', '_', ''][Math.floor(rand() * 5)]! }
          : {}),
        ...(rand() < 0.5 ? { canton: cantons[Math.floor(rand() * cantons.length)] } : {}),
        ...(rand() < 0.3 ? { article: ['211.1', '8', ''][Math.floor(rand() * 3)]! } : {}),
        ...(rand() < 0.2 ? { sr_number: ['210', 'x', ''][Math.floor(rand() * 3)]! } : {}),
        cantonalCandidates: fakeLookup,
      };
      const res = resolveLawName(input);
      expect(['resolved', 'miss']).toContain(res.status);
      if (res.status === 'miss') expect(LAW_MISS_CODES).toContain(res.code);
    }
  });
});
