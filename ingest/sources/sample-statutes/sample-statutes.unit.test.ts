/** The bundled statute sample: what the spec needs is in it, and the real parsers read all of it. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegislationCatalogEntry, Material, StatuteVersion } from '../../../contracts/events/index.ts';
import { DISP_U1, LAW_ALIAS_TABLE } from '../../../contracts/laws/alias-table.ts';
import { blockLabel } from '../../../contracts/laws/statute-structure.ts';
import type { SourceRecord } from '../../event-source.port.ts';
import { generateSampleMaterials } from './sample-materials.generator.ts';
import { generateSampleStatutes } from './sample-statutes.generator.ts';
import { sampleStatuteSourcesAt } from './sample-statutes.source.ts';

describe('sample statutes', () => {
  let dir: string;
  const versions: StatuteVersion[] = [];
  const entries: LegislationCatalogEntry[] = [];
  const failures: string[] = [];
  const materials: Material[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sample-statutes-'));
    await generateSampleStatutes(dir);
    await generateSampleMaterials(dir);
    for (const source of sampleStatuteSourcesAt(dir).all) {
      for await (const item of source.items()) {
        let records: readonly SourceRecord[] = [];
        try {
          records = await source.records(item, '2026-01-01T00:00:00.000Z');
        } catch (error) {
          failures.push(`${source.name} ${item.id}: ${(error as Error).message}`);
        }
        for (const r of records) {
          if (r.type === 'StatuteVersionPublished') versions.push(r.data as StatuteVersion);
          else if (r.type === 'LegislationCatalogEntryPublished') entries.push(r.data as LegislationCatalogEntry);
          else materials.push(r.data as Material);
        }
      }
    }
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const held = (sr: string, lang = 'de', j = 'CH') =>
    versions.filter((v) => v.sr_number === sr && v.language === lang && v.jurisdiction === j);

  it('parses back without a single failure', () => {
    expect(failures).toEqual([]);
    expect(versions.length).toBeGreaterThan(250);
  });

  it('is the same every time it is generated', async () => {
    const again = await mkdtemp(join(tmpdir(), 'sample-statutes-'));
    try {
      await generateSampleStatutes(again);
      const file = 'fedlex.data.admin.ch/sparqlendpoint/recorded/consolidations.json';
      expect(await readFile(join(again, file), 'utf8')).toBe(await readFile(join(dir, file), 'utf8'));
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });

  it('holds every SR number of the alias table and the spec examples in de, fr and it', () => {
    const wanted = new Set([
      ...LAW_ALIAS_TABLE.map((e) => e.sr_number),
      '831.441.1',
      '935.61',
      '101',
      '210',
      '220',
      '311.0',
      '173.110',
    ]);
    for (const sr of wanted)
      for (const lang of ['de', 'fr', 'it'])
        expect(held(sr, lang).length, `${sr} ${lang}`).toBeGreaterThan(0);
    expect(held('831.441.1', 'fr')[0]!.abbreviation).toBe('OPP 2');
  });

  it('has lettered and Latin-ordinal article numbers', () => {
    const nums = new Set(versions.flatMap((v) => v.articles.map((a) => `${v.sr_number}:${a.article_num}`)));
    for (const n of [
      '220:41',
      '220:266l',
      '220:60',
      '311.0:6bis',
      '311.0:305bis',
      '291:190',
      '101:29a',
      '831.441.1:1a',
      '210:8',
    ])
      expect(nums.has(n), n).toBe(true);
  });

  it('gives the Civil Code its final title as block disp_u1 with the three headings and 104 articles', () => {
    for (const lang of ['de', 'fr', 'it'] as const) {
      for (const v of held('210', lang)) {
        const block = v.blocks.find((b) => b.id === DISP_U1.id)!;
        expect(blockLabel(block.num, block.heading)).toBe(DISP_U1.heading[lang]);
        const inBlock = v.articles.filter(
          (a) => a.block !== null && (a.block === DISP_U1.id || a.block.startsWith(`${DISP_U1.id}/`)),
        );
        expect(inBlock).toHaveLength(104);
      }
    }
  });

  it('keeps several consolidations, the Data Protection Act before and after 2023-09-01 among them', () => {
    const dates = (sr: string) =>
      held(sr)
        .map((v) => v.consolidation_date)
        .sort();
    expect(dates('235.1')).toEqual(expect.arrayContaining(['2019-03-01', '2023-09-01']));
    const withTwo = new Set(
      versions
        .filter((v) => held(v.sr_number, v.language, v.jurisdiction).length >= 2)
        .map((v) => v.sr_number),
    );
    expect(withTwo.size).toBeGreaterThanOrEqual(10);
    // Former names carry their own title in the consolidations before the rename.
    expect(held('173.110').find((v) => v.consolidation_date === '2006-01-01')!.abbreviation).toBe('OG');
    expect(held('142.20').map((v) => v.abbreviation)).toEqual(['ANAG', 'AuG', 'AIG', 'AIG']);
  });

  it('has cantonal acts of at least five cantons, ZH 211.1 among them', () => {
    const cantons = new Set(versions.filter((v) => v.jurisdiction !== 'CH').map((v) => v.jurisdiction));
    expect(cantons.size).toBeGreaterThanOrEqual(5);
    expect(held('211.1', 'de', 'ZH').length).toBe(2);
  });

  it('has a legislation catalogue with active and repealed, federal and cantonal texts', () => {
    expect(entries.some((e) => e.is_active && e.jurisdiction === 'CH')).toBe(true);
    expect(entries.some((e) => !e.is_active && e.jurisdiction === 'CH' && e.abbreviation === 'OG')).toBe(
      true,
    );
    expect(entries.some((e) => !e.is_active && e.jurisdiction !== 'CH')).toBe(true);
    expect(new Set(entries.map((e) => e.jurisdiction)).size).toBeGreaterThanOrEqual(12);
  });

  it('writes gazette references whose Federal Gazette pages differ per language, while the official compilation pages agree', () => {
    const refs = (lang: string) => held('220', lang).flatMap((v) => v.gazette_refs);
    const oc = (lang: string) =>
      refs(lang)
        .filter((r) => ['AS', 'RO', 'RU'].includes(r.ref_type))
        .map((r) => `${r.year}/${r.page}/${r.eli}`);
    expect(oc('de')).toEqual(oc('fr'));
    const fgaPages = (lang: string) =>
      refs(lang)
        .filter((r) => r.ref_type === 'BBl' || r.ref_type === 'FF')
        .filter((r) => r.year < 2021)
        .map((r) => r.page);
    expect(fgaPages('de')).not.toEqual(fgaPages('fr'));
  });

  it('holds a message and the parliamentary changes per act with materials, in de/fr/it, marked as sample text', () => {
    expect(materials).toHaveLength(48);
    for (const m of materials) {
      expect(m.sample).toBe(true);
      expect(m.title).toMatch(/\[(Beispieltext|texte d'exemple|testo d'esempio)\]$/);
      expect(m.gazette.ref_type).toBe(m.language === 'de' ? 'BBl' : 'FF');
    }
    expect(new Set(materials.map((m) => m.sr_number))).toEqual(
      new Set(['101', '210', '220', '311.0', '291', '235.1', '831.441.1', '935.61']),
    );
  });
});
