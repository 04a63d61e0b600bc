import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../../contracts/search/query-parser.ts';
import type { QueryAst } from '../../../contracts/search/query-ast.ts';
import { createPgliteDialect } from '../../db/pglite-dialect.ts';
import { compileTsQuery, compileTsRank } from './tsquery-compiler.ts';

interface Doc {
  readonly id: string;
  readonly language: string;
  readonly title: string;
  readonly regeste: string | null;
  readonly fullText: string;
  readonly refKeys: readonly string[];
}

const DOCS: readonly Doc[] = [
  {
    id: 'bger_4A_714_2014',
    language: 'de',
    title: 'Mietvertrag; fristlose Kündigung',
    regeste: 'Voraussetzungen der fristlosen Kündigung eines Mietvertrags durch den Vermieter.',
    fullText: 'Der Vermieter kündigte den Mietvertrag fristlos. Die fristlose Kündigung war berechtigt.',
    refKeys: ['bger_4A_714_2014', '4A_714/2014'],
  },
  {
    id: 'bger_4A_100_2015',
    language: 'de',
    title: 'Arbeitsvertrag; Kündigung',
    regeste: null,
    fullText:
      'Gemäss Urteil 4A_714/2014 vom 3. März 2015 und BGE 140 III 86 E. 2 ist die Kündigung ' +
      'missbräuchlich. Der Arbeitsvertrag wurde aufgelöst.',
    refKeys: ['bger_4A_100_2015', '4A_100/2015'],
  },
  {
    id: 'bge_BGE_140_III_86',
    language: 'de',
    title: 'Arbeitsvertrag; Kündigungen zur Unzeit',
    regeste: 'Sperrfristen bei Krankheit.',
    fullText: 'Die Arbeitgeberin sprach während der Sperrfrist Kündigungen aus.',
    refKeys: ['bge_BGE_140_III_86', 'BGE 140 III 86', '4A_500/2013'],
  },
  {
    id: 'bger_5A_1_2020',
    language: 'de',
    title: 'Entlassung',
    regeste: null,
    fullText: 'Die fristlose Entlassung erfolgte am Montag; eine ordentliche Kündigung wäre möglich gewesen.',
    refKeys: ['bger_5A_1_2020', '5A_1/2020'],
  },
  {
    id: 'bger_4A_2_2021',
    language: 'de',
    title: 'Kaufvertrag',
    regeste: null,
    fullText: 'Der Vertrag über die Lieferung von Waren wurde nicht erfüllt.',
    refKeys: ['bger_4A_2_2021', '4A_2/2021'],
  },
  {
    id: 'bvger_A_1234_2020',
    language: 'de',
    title: 'Zollabgaben',
    regeste: null,
    fullText: 'Die Beschwerde gegen die Zollverfügung wird abgewiesen.',
    refKeys: ['bvger_A_1234_2020', 'A-1234/2020'],
  },
  {
    id: 'bger_2C_900_2021',
    language: 'de',
    title: 'Zollveranlagung',
    regeste: null,
    fullText: 'Vgl. Urteil des Bundesverwaltungsgerichts A-1234/2020 vom 5. Mai 2021.',
    refKeys: ['bger_2C_900_2021', '2C_900/2021'],
  },
  {
    id: 'bger_4A_200_2016',
    language: 'fr',
    title: 'Bail à loyer; résiliation',
    regeste: 'Résiliation du bail à loyer pour justes motifs.',
    fullText: 'Les contrats de bail peuvent être résiliés. Voir ATF 140 III 86 consid. 2.',
    refKeys: ['bger_4A_200_2016', '4A_200/2016'],
  },
  {
    id: 'bger_4A_300_2017',
    language: 'fr',
    title: 'Responsabilité civile du détenteur',
    regeste: null,
    fullText: "L'arrêt attaqué retient la responsabilité civile du détenteur du véhicule.",
    refKeys: ['bger_4A_300_2017', '4A_300/2017'],
  },
  {
    id: 'bger_4A_400_2018',
    language: 'fr',
    title: 'Contrat de travail',
    regeste: null,
    fullText: 'Le contrat de travail a été résilié; cf. arrêt 4A_714/2014 du 3 mars 2015.',
    refKeys: ['bger_4A_400_2018', '4A_400/2018'],
  },
  {
    id: 'bger_4A_500_2019',
    language: 'it',
    title: 'Responsabilità civile',
    regeste: null,
    fullText: 'Il diritto al risarcimento presuppone la responsabilità del convenuto.',
    refKeys: ['bger_4A_500_2019', '4A_500/2019'],
  },
  {
    id: 'bger_4A_600_2019',
    language: 'it',
    title: 'Contratto di locazione',
    regeste: null,
    fullText: 'La disdetta del contratto di locazione è valida; cfr. DTF 140 III 86 consid. 2.',
    refKeys: ['bger_4A_600_2019', '4A_600/2019'],
  },
  {
    id: 'bger_5A_700_2019',
    language: 'it',
    title: 'Diritti reali',
    regeste: null,
    fullText: 'I diritti reali limitati sono iscritti nel registro fondiario.',
    refKeys: ['bger_5A_700_2019', '5A_700/2019'],
  },
  {
    id: 'bger_2C_800_2020',
    language: 'rm',
    title: 'Contract da locaziun',
    regeste: null,
    fullText: 'Il contract da locaziun è vegnì terminà.',
    refKeys: ['bger_2C_800_2020', '2C_800/2020'],
  },
];

const ALL = DOCS.map((d) => d.id).sort();
const except = (...ids: string[]): string[] => ALL.filter((id) => !ids.includes(id));

let pglite: PGlite;
let db: Kysely<unknown>;

function ast(query: string): QueryAst {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(`parse error in ${query}: ${parsed.error.message}`);
  return parsed.ast;
}

async function search(query: string): Promise<{ id: string; own: boolean; rank: number }[]> {
  const c = compileTsQuery(ast(query));
  const result = await sql<{ id: string; own: boolean; rank: number }>`
    select decision_id as id, ${c.ownRefMatch} as own, ${c.rank} as rank
    from search_docs
    where ${c.sql}
    order by ${c.ownRefMatch} desc, ${c.rank} desc, decision_id`.execute(db);
  return result.rows;
}

async function matchedIds(query: string): Promise<string[]> {
  return (await search(query)).map((r) => r.id).sort();
}

beforeAll(async () => {
  pglite = new PGlite();
  db = new Kysely<unknown>({ dialect: createPgliteDialect(pglite) });
  await pglite.exec(`
    create table search_docs (
      decision_id text primary key,
      language text not null,
      title text not null,
      regeste text,
      full_text text not null,
      ref_keys text[] not null,
      tsv tsvector not null
    );
    create index search_docs_tsv on search_docs using gin (tsv);
    create index search_docs_ref_keys on search_docs using gin (ref_keys);
  `);
  for (const d of DOCS) {
    await pglite.query(
      `insert into search_docs (decision_id, language, title, regeste, full_text, ref_keys, tsv)
       select $1, $2, $3, $4, $5, $6::text[],
              setweight(to_tsvector(cfg, $3), 'A')
           || setweight(to_tsvector(cfg, coalesce($4, '')), 'B')
           || setweight(to_tsvector(cfg, $5), 'C')
       from (select (case $2 when 'de' then 'german' when 'fr' then 'french'
                             when 'it' then 'italian' else 'simple' end)::regconfig as cfg) c`,
      [d.id, d.language, d.title, d.regeste, d.fullText, d.refKeys],
    );
  }
  await pglite.exec('analyze search_docs');
});

afterAll(async () => {
  await db.destroy();
  await pglite.close();
});

describe('compileTsQuery on PGlite', () => {
  it.each<[string, string, string[]]>([
    // stemming, per document language
    [
      'de plural finds singular',
      'Kündigungen',
      ['bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_714_2014', 'bger_5A_1_2020'],
    ],
    [
      'de without umlaut',
      'Kundigung',
      ['bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_714_2014', 'bger_5A_1_2020'],
    ],
    ['de term is a whole word, not a compound part', 'Vertrag', ['bger_4A_2_2021']],
    ['fr plural finds singular', 'contrats', ['bger_4A_200_2016', 'bger_4A_400_2018']],
    ['fr accents and stemming', 'résiliation', ['bger_4A_200_2016', 'bger_4A_400_2018']],
    ['fr elision', "l'arrêt", ['bger_4A_300_2017', 'bger_4A_400_2018']],
    ['fr two terms', 'responsabilité civile', ['bger_4A_300_2017']],
    ['it stemming', 'responsabilità', ['bger_4A_500_2019']],
    ['it plural finds singular', 'contratti', ['bger_4A_600_2019']],
    ['rm uses the simple config', 'locaziun', ['bger_2C_800_2020']],
    ['simple config does not stem', 'contracts', []],
    // phrases
    ['phrase adjacent', '"fristlose Kündigung"', ['bger_4A_714_2014']],
    ['phrase words apart do not match', '"fristlose Entlassung Kündigung"', []],
    ['phrase with typographic quotes', '„fristlose Kündigung“', ['bger_4A_714_2014']],
    ['fr phrase in guillemets', '«bail à loyer»', ['bger_4A_200_2016']],
    ['phrase in wrong order', '"Kündigung fristlose"', []],
    ['it phrase', '"contratto di locazione"', ['bger_4A_600_2019']],
    // boolean operators
    ['AND', 'Kündigung AND Arbeitsvertrag', ['bge_BGE_140_III_86', 'bger_4A_100_2015']],
    ['implicit AND', 'Kündigung Mietvertrag', ['bger_4A_714_2014']],
    [
      'OR across languages',
      'Mietvertrag OR contrats OR contratto',
      ['bger_4A_200_2016', 'bger_4A_400_2018', 'bger_4A_600_2019', 'bger_4A_714_2014'],
    ],
    ['NOT', 'Kündigung NOT Arbeitsvertrag', ['bger_4A_714_2014', 'bger_5A_1_2020']],
    ['-word', 'Kündigung -Mietvertrag -Entlassung', ['bge_BGE_140_III_86', 'bger_4A_100_2015']],
    [
      'precedence OR below AND',
      'Entlassung OR Kündigung Mietvertrag',
      ['bger_4A_714_2014', 'bger_5A_1_2020'],
    ],
    ['parentheses', '(Entlassung OR Mietvertrag) Kündigung', ['bger_4A_714_2014', 'bger_5A_1_2020']],
    ['NOT of a group', 'Kündigung -(Mietvertrag OR Arbeitsvertrag)', ['bger_5A_1_2020']],
    // prefix
    ['de prefix', 'Arbeits*', ['bge_BGE_140_III_86', 'bger_4A_100_2015']],
    ['it prefix is stemmed', 'diritto*', ['bger_4A_500_2019', 'bger_5A_700_2019']],
    ['fr prefix', 'résil*', ['bger_4A_200_2016', 'bger_4A_400_2018']],
    ['prefix does not match inside compounds', 'vertrag*', ['bger_4A_2_2021']],
    // stop words are removed from the query
    ['stop word in AND', 'der Vertrag', ['bger_4A_2_2021']],
    ['stop word in OR', 'der OR Vertrag', ['bger_4A_2_2021']],
    ['NOT stop word in AND', 'Vertrag NOT die', ['bger_4A_2_2021']],
    ['stop words only', 'der die das', []],
    ['NOT stop word only', 'NOT der', except(...DOCS.filter((d) => d.language === 'de').map((d) => d.id))],
    ['stop-word prefix', 'Vertrag AND die*', ['bger_4A_2_2021']],
    // references
    [
      'docket: own decision and citing ones',
      '4A_714/2014',
      ['bger_4A_100_2015', 'bger_4A_400_2018', 'bger_4A_714_2014'],
    ],
    [
      'docket written with a space',
      '4A 714/2014',
      ['bger_4A_100_2015', 'bger_4A_400_2018', 'bger_4A_714_2014'],
    ],
    [
      'BGE: own and cited as BGE/ATF/DTF',
      'BGE 140 III 86',
      ['bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_200_2016', 'bger_4A_600_2019'],
    ],
    [
      'ATF is the same reference',
      'ATF 140 III 86',
      ['bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_200_2016', 'bger_4A_600_2019'],
    ],
    [
      'bare BGE reference',
      '140 III 86',
      ['bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_200_2016', 'bger_4A_600_2019'],
    ],
    ['BVGer docket', 'A-1234/2020', ['bger_2C_900_2021', 'bvger_A_1234_2020']],
    ['decision id matches only its decision', 'bger_4A_714_2014', ['bger_4A_714_2014']],
    ['reference AND term', '4A_714/2014 Mietvertrag', ['bger_4A_714_2014']],
    // `der` is removed for German decisions only; French ones must contain the word "der"
    ['reference AND stop word', 'der 4A_714/2014', ['bger_4A_100_2015', 'bger_4A_714_2014']],
    [
      'reference OR term',
      '4A_714/2014 OR Entlassung',
      ['bger_4A_100_2015', 'bger_4A_400_2018', 'bger_4A_714_2014', 'bger_5A_1_2020'],
    ],
    [
      'reference OR stop word',
      '4A_714/2014 OR der',
      ['bger_4A_100_2015', 'bger_4A_400_2018', 'bger_4A_714_2014'],
    ],
    ['term NOT reference', 'Kündigung NOT 4A_714/2014', ['bge_BGE_140_III_86', 'bger_5A_1_2020']],
    [
      'NOT reference only',
      'NOT 4A_714/2014',
      except('bger_4A_100_2015', 'bger_4A_400_2018', 'bger_4A_714_2014'),
    ],
    ['reference NOT term', 'BGE 140 III 86 -Arbeitsvertrag', ['bger_4A_200_2016', 'bger_4A_600_2019']],
    ['two references', '4A_714/2014 BGE 140 III 86', ['bger_4A_100_2015']],
    ['unknown docket', '9C_999/2099', []],
    // NOT-only queries
    [
      'NOT term only',
      'NOT Kündigung',
      except('bge_BGE_140_III_86', 'bger_4A_100_2015', 'bger_4A_714_2014', 'bger_5A_1_2020'),
    ],
    ['NOT prefix only', '-Arbeits*', except('bge_BGE_140_III_86', 'bger_4A_100_2015')],
    [
      'NOT a AND NOT b',
      'NOT Kündigung NOT contrats',
      except(
        'bge_BGE_140_III_86',
        'bger_4A_100_2015',
        'bger_4A_714_2014',
        'bger_5A_1_2020',
        'bger_4A_200_2016',
        'bger_4A_400_2018',
      ),
    ],
    // match all
    ['empty query matches everything', '   ', ALL],
  ])('%s: %s', async (_name, query, expected) => {
    expect(await matchedIds(query)).toEqual([...expected].sort());
  });

  it('ranks the decision that IS the referenced one first, then citing ones', async () => {
    const rows = await search('4A_714/2014');
    expect(rows[0]).toMatchObject({ id: 'bger_4A_714_2014', own: true });
    expect(rows.slice(1).every((r) => !r.own)).toBe(true);

    const bge = await search('ATF 140 III 86');
    expect(bge[0]).toMatchObject({ id: 'bge_BGE_140_III_86', own: true });
    expect(compileTsQuery(ast('ATF 140 III 86')).refKeys).toEqual(['BGE 140 III 86']);
  });

  it('does not boost a negated reference', () => {
    expect(compileTsQuery(ast('Kündigung NOT 4A_714/2014')).refKeys).toEqual([]);
    expect(compileTsQuery(ast('NOT NOT 4A_714/2014')).refKeys).toEqual(['4A_714/2014']);
  });

  it('ranks title matches above full-text matches and adjacency above distance', async () => {
    // "Kündigung" is in the title of bger_4A_714_2014 and bger_4A_100_2015 and only in the
    // full text of bger_5A_1_2020
    const rows = await search('Kündigung');
    const rank = new Map(rows.map((r) => [r.id, r.rank]));
    expect(rank.get('bger_4A_714_2014')).toBeGreaterThan(rank.get('bger_5A_1_2020') ?? 1);
    expect(rank.get('bger_4A_100_2015')).toBeGreaterThan(rank.get('bger_5A_1_2020') ?? 1);
    for (const r of rows) {
      expect(r.rank).toBeGreaterThan(0);
      expect(r.rank).toBeLessThan(1);
    }
  });

  it('gives rank 0 to NOT-only and match-all queries', async () => {
    const rows = await search('NOT Kündigung');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.rank === 0)).toBe(true);
    const rank = await sql<{ r: number }>`select ${compileTsRank(null)} as r`.execute(db);
    expect(rank.rows[0]?.r).toBe(0);
  });

  it('passes user text only as bind parameters, even text the parser would never produce', async () => {
    const hostile: QueryAst = {
      kind: 'or',
      children: [
        { kind: 'phrase', words: ["');", 'drop', 'table', 'search_docs;', '--'] },
        { kind: 'term', text: "Robert'); --" },
        { kind: 'prefix', text: "x'y\\z:*|!" },
        { kind: 'not', child: { kind: 'reference', refKind: 'docket', display: "a'b", key: "a'b" } },
      ],
    };
    const c = compileTsQuery(hostile);
    const compiled = sql`select 1 where ${c.sql} order by ${c.rank}`.compile(db);
    expect(compiled.sql).not.toMatch(/drop|Robert|x'y/i);
    expect(compiled.parameters).toContain("'); drop table search_docs; --");
    expect(compiled.parameters).toContain("'x''y\\\\z:*|!'");
    await expect(
      sql`select decision_id from search_docs where ${c.sql} order by ${c.rank}`.execute(db),
    ).resolves.toBeDefined();
  });

  it('survives tsquery syntax inside phrases', async () => {
    await expect(matchedIds(`"a\\b' :* & | ! <-> ( )" O'Brien*`)).resolves.toEqual([]);
    await expect(matchedIds(`"it's :* ok" OR «x'':*»`)).resolves.toEqual([]);
  });

  it('can use the GIN index on tsv (OR of language arms, no CASE)', async () => {
    const c = compileTsQuery(ast('Kündigung OR contrats'));
    await sql`set enable_seqscan = off`.execute(db);
    try {
      const plan = await sql<{ 'QUERY PLAN': string }>`
        explain select decision_id from search_docs where ${c.sql}`.execute(db);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('Bitmap Index Scan on search_docs_tsv');
      expect(text).toContain('BitmapOr');
      // the stop-word guard (numnode) is constant-folded away for a reference query
      const guarded = compileTsQuery(ast('Vertrag 4A_714/2014'));
      const plan2 = await sql<{ 'QUERY PLAN': string }>`
        explain select decision_id from search_docs where ${guarded.sql}`.execute(db);
      expect(plan2.rows.map((r) => r['QUERY PLAN']).join('\n')).not.toContain('numnode');
    } finally {
      await sql`reset enable_seqscan`.execute(db);
    }
  });
});
