import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceItemError } from '../../source.port.ts';
import { EntscheidsucheDirectorySource } from './entscheidsuche.source.ts';

const html = (text: string) =>
  `<html><body><div class="content"><div class="para">${text}</div></div></body></html>`;
const record = (num: string, datei?: string) => ({
  Signatur: 'CH_BGer_004',
  Spider: 'CH_BGer',
  Sprache: 'de',
  Datum: '2020-01-15',
  Num: [num],
  ...(datei !== undefined ? { HTML: { Datei: datei, URL: `https://example.org/${num}` } } : {}),
});

describe('EntscheidsucheDirectorySource', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'es-source-'));
    const bger = join(root, 'docs', 'CH_BGer');
    const zh = join(root, 'docs', 'ZH_Obergericht');
    await mkdir(bger, { recursive: true });
    await mkdir(zh, { recursive: true });
    await mkdir(join(root, 'docs', 'Jobs', 'CH_BGer'), { recursive: true });
    // Datei relative to docs/, Datei as a bare name, no Datei (same base name), Datei escaping docs/.
    await writeFile(join(bger, 'b.json'), JSON.stringify(record('4A_2/2020', 'CH_BGer/b-text.html')));
    await writeFile(join(bger, 'b-text.html'), html('Urteil vom 15. Januar 2020'));
    await writeFile(join(bger, 'a.json'), JSON.stringify(record('4A_1/2020', 'a-page.html')));
    await writeFile(join(bger, 'a-page.html'), html('Erstes'));
    await writeFile(join(bger, 'c.json'), JSON.stringify(record('4A_3/2020')));
    await writeFile(join(bger, 'c.html'), html('Drittes'));
    await writeFile(join(bger, 'd.json'), JSON.stringify(record('4A_4/2020', '../../../etc/passwd')));
    await writeFile(join(bger, 'notes.txt'), 'not an item');
    await writeFile(
      join(zh, 'z.json'),
      JSON.stringify({
        ...record('LB200001', 'ZH_Obergericht/z.html'),
        Signatur: 'ZH_OG_001',
        Spider: 'ZH_Obergericht',
      }),
    );
    await writeFile(join(zh, 'z.html'), html('Obergericht'));
    await writeFile(
      join(root, 'docs', 'Jobs', 'CH_BGer', 'last'),
      JSON.stringify({
        spider: 'CH_BGer',
        dateien: {
          'CH_BGer/a.json': { status: 'neu' },
          'CH_BGer/a-page.html': { status: 'neu' },
          'CH_BGer/b.json': { status: 'identisch' },
          'CH_BGer/c.json': { status: 'update' },
          'CH_BGer/old.json': { status: 'nicht_mehr_da' },
        },
      }),
    );
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lists the JSON files of every spider folder in sorted order, skipping Jobs and other files', async () => {
    const source = new EntscheidsucheDirectorySource({ root });
    const ids: string[] = [];
    for await (const item of source.items()) {
      ids.push(item.id);
      expect(item.location).toBe(join(root, 'docs', item.id));
    }
    expect(ids).toEqual([
      'CH_BGer/a.json',
      'CH_BGer/b.json',
      'CH_BGer/c.json',
      'CH_BGer/d.json',
      'ZH_Obergericht/z.json',
    ]);
    expect(source.name).toBe('entscheidsuche');
  });

  it('finds the HTML by HTML.Datei (relative to docs or to the JSON) or by the same base name', async () => {
    const source = new EntscheidsucheDirectorySource({ root, name: 'mirror' });
    const parse = (id: string) =>
      source.parse({ id, location: join(root, 'docs', id) }, '2026-11-02T00:00:00Z');
    expect((await parse('CH_BGer/a.json')).full_text).toBe('Erstes');
    const b = await parse('CH_BGer/b.json');
    expect(b.decision_type).toBe('Urteil');
    expect(b.provenance).toMatchObject({ source: 'mirror', source_item_id: 'CH_BGer/b.json' });
    expect((await parse('CH_BGer/c.json')).full_text).toBe('Drittes');
    expect((await parse('ZH_Obergericht/z.json')).court).toBe('zh_obergericht');
    await expect(parse('CH_BGer/d.json')).rejects.toThrow(SourceItemError);
    await expect(parse('CH_BGer/d.json')).rejects.toThrow(/outside the docs folder/);
    await expect(parse('CH_BGer/missing.json')).rejects.toThrow(/JSON: cannot read/);
  });

  it('counts the decisions the job files still list', async () => {
    expect(await new EntscheidsucheDirectorySource({ root }).portalCount()).toBe(3);
  });

  it('has no portal count without job files, and fails clearly without a docs folder', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'es-empty-'));
    try {
      const source = new EntscheidsucheDirectorySource({ root: empty });
      expect(await source.portalCount()).toBeNull();
      await expect(
        (async () => {
          for await (const _ of source.items()) void _;
        })(),
      ).rejects.toThrow(/no docs folder/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
