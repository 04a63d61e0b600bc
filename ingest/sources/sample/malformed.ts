import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes three broken items into `{dir}/docs/CH_BGer/` to exercise error paths (not part of the
 * default corpus): invalid JSON; JSON without `Datum` and `Num`; JSON whose HTML file is missing.
 * Their dockets (4A_9997..9999/2020) are never generated. Returns the item ids.
 */
export async function writeMalformedSamples(dir: string): Promise<string[]> {
  const spider = 'CH_BGer';
  const folder = join(dir, 'docs', spider);
  await mkdir(folder, { recursive: true });
  const html =
    '<html><head><meta charset="utf-8"><title>Bundesgericht</title></head><body><div class="content"><div class="para">Urteil vom 3. März 2020</div></div></body></html>\n';
  const valid = (base: string, datei: string) => ({
    Signatur: 'CH_BGer_004',
    Spider: spider,
    Sprache: 'de',
    Datum: '2020-03-03',
    HTML: {
      Datei: `${spider}/${datei}`,
      URL: `https://entscheidsuche.ch/docs/${spider}/${datei}`,
      Checksum: '0'.repeat(64),
    },
    Scrapedate: '2020-03-10',
    Num: [base.replace(/^CH_BGer_004_/, '').replace('-', '/')],
  });
  const broken = 'CH_BGer_004_4A_9999-2020';
  await writeFile(
    join(folder, `${broken}.json`),
    '{"Signatur": "CH_BGer_004", "Num": ["4A_9999/2020"',
    'utf8',
  );
  await writeFile(join(folder, `${broken}.html`), html, 'utf8');

  const incomplete = 'CH_BGer_004_4A_9998-2020';
  const { Datum: _datum, Num: _num, ...withoutDateAndNum } = valid(incomplete, `${incomplete}.html`);
  await writeFile(join(folder, `${incomplete}.json`), JSON.stringify(withoutDateAndNum), 'utf8');
  await writeFile(join(folder, `${incomplete}.html`), html, 'utf8');

  const orphan = 'CH_BGer_004_4A_9997-2020';
  await writeFile(join(folder, `${orphan}.json`), JSON.stringify(valid(orphan, `${orphan}.html`)), 'utf8');

  return [broken, incomplete, orphan].map((b) => `${spider}/${b}.json`);
}
