import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATED_COURTS, courtByKey } from '../../../contracts/courts/court-registry.ts';
import type { NormalisedDecision } from '../../../contracts/events/decision-events.ts';
import { SourceItemError } from '../../source.port.ts';
import { EntscheidsucheDirectorySource } from '../entscheidsuche/entscheidsuche.source.ts';
import { generateSampleCorpus, writeMalformedSamples } from './sample-generator.ts';
import { createSampleSource } from './sample.source.ts';

const TODAY = '2026-11-01';
const SIZE = 600;
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sample-corpus-'));
  dirs.push(dir);
  return dir;
}

async function parseAll(root: string, name = 'sample'): Promise<NormalisedDecision[]> {
  const source = new EntscheidsucheDirectorySource({ root, name });
  const out: NormalisedDecision[] = [];
  for await (const item of source.items()) out.push(await source.parse(item, '2026-11-02T06:00:00Z'));
  return out;
}

async function fileHashes(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else
        out.set(
          relative(root, path),
          createHash('sha256')
            .update(await readFile(path))
            .digest('hex'),
        );
    }
  };
  await walk(root);
  return out;
}

// ---- docket grammar per court family (independent of the generator) ---------------------------

const CANTONAL_DOCKET =
  /^(?:[A-Z]{2}\d{6}|[A-Z]{2,3}\.\d{4}\.\d{1,5}|[A-Z0-9]{2,3} \d{2} \d{1,4}|[A-Z]{3,5}\/\d{1,4}\/\d{4}|[A-Z]{2,5}\/\d{4}\/\d{1,4}|\d{3}\.\d{4}\.\d{1,4}|\d{3} \d{4} \d{1,4}|[A-Z]{2,3} \d{1,4} \/ \d{4}|\d{2}\.\d{4}\.\d{1,4}|[A-Z]{2,5}\.\d{4}\.\d{1,4})$/;

function docketProblem(d: NormalisedDecision): string | null {
  const family = courtByKey(d.court)!.family;
  const year = d.decision_date ? Number(d.decision_date.slice(0, 4)) : null;
  const k = d.docket_number;
  switch (family) {
    case 'bger': {
      const modern = /^\d{1,2}[A-Z]_\d{1,5}\/(\d{4})$/.exec(k);
      const dotted = /^\d[A-Z]\.\d{1,4}\/(\d{4})$/.exec(k);
      const evg = /^[A-Z] \d{1,4}\/\d{2}$/.exec(k);
      if (modern) return year! >= 2007 && Number(modern[1]) >= 2006 ? null : 'modern docket before 2007';
      if (dotted) return year! <= 2006 ? null : 'dotted docket after 2006';
      if (evg) return year! <= 2006 && d.chamber !== null ? null : 'insurance-court docket after 2006';
      return 'not a Federal Supreme Court docket';
    }
    case 'bge': {
      const m = /^BGE (\d{3}) (I|Ia|Ib|II|III|IV|V) (\d{1,4})$/.exec(k);
      if (!m) return 'not a BGE reference';
      if (year !== null && Number(m[1]) !== year - 1874) return `volume ${m[1]} in ${year}`;
      if ((m[2] === 'Ia' || m[2] === 'Ib') && Number(m[1]) > 132) return 'Ia/Ib after volume 132';
      return null;
    }
    case 'bvger':
      return /^[A-F]-\d{1,5}\/\d{4}$/.test(k) ? null : 'not a BVGer docket';
    case 'bstger':
      return /^(SK|BB|RR|CA|BG|BH)\.\d{4}\.\d{1,4}$/.test(k) ? null : 'not a BStGer docket';
    case 'bpatger':
      return /^[OS]\d{4}_\d{3}$/.test(k) ? null : 'not a BPatGer docket';
    case 'mkg':
      return /^MKGE \d{1,2} Nr\. \d{1,3}$/.test(k) ? null : 'not an MKGE reference';
    case 'regulator':
      return /^(FINMA \d{4}\/\d{1,4}|\d{2}-\d{4})$/.test(k) ? null : 'not a regulator docket';
    default:
      return CANTONAL_DOCKET.test(k) ? null : 'not a cantonal docket';
  }
}

// ---- structure and citations read back from the parsed text ------------------------------------

const CONSIDERATIONS =
  /^(Erwägungen:|Considérant en droit|Considerando in diritto|Aus den Erwägungen|Extrait des considérants|Dai considerandi|Das Bundesgericht zieht in Erwägung)/;
const OPERATIVE = /^(Demnach |Par ces motifs|Per questi motivi)/;
const FACTS = /^(Sachverhalt|Faits|Fatti)/;

interface Structure {
  readonly labels: Set<string>;
  readonly twoLevels: boolean;
  readonly text: string;
}

function structure(d: NormalisedDecision): Structure | null {
  const paras = d.full_text.split('\n\n');
  const start = paras.findIndex((p) => CONSIDERATIONS.test(p));
  const end = paras.findIndex((p, i) => i > start && OPERATIVE.test(p));
  if (start < 0 || end < 0) return null;
  const labels = new Set<string>();
  let top = '';
  let letter = '';
  for (const p of paras.slice(start + 1, end)) {
    const modern = /^(\d+(?:\.\d+)*)\.?\s/.exec(p);
    const sub = /^([a-z])\)\s/.exec(p);
    const subsub = /^([a-z])\1\)\s/.exec(p);
    if (subsub && top && letter) labels.add(`${top}${letter}/${subsub[1]}${subsub[1]}`);
    else if (sub && top) labels.add(`${top}${(letter = sub[1]!)}`);
    else if (modern) {
      labels.add(modern[1]!);
      top = modern[1]!.split('.')[0]!;
      letter = '';
    }
  }
  const twoLevels = [...labels].some((l) => l.includes('.') || /[a-z]/.test(l));
  return { labels, twoLevels, text: paras.slice(start + 1, end).join('\n\n') };
}

interface Ref {
  readonly key: string;
  readonly pin: string | null;
  readonly page: number | null;
}

const BGE_REF =
  /\b(?:BGE|ATF|DTF) (\d{3}) (III|II|IV|Ia|Ib|I|V) (\d{1,4})(?: (?:E\.|consid\.) (\d+(?:\.\d+)*[a-z]?))?(?: (?:S\.|p\.|pag\.) (\d+))?/g;
const MKG_REF =
  /\b(?:MKGE|ATMC|STMC) (\d{1,2}) (?:Nr\.|n°|n\.) (\d{1,3})(?: (?:E\.|consid\.) (\d+(?:\.\d+)*[a-z]?))?/g;
const DATE = String.raw`(?: (?:vom|du|del) \d{1,2}(?:\.|er|°)? \p{L}+ \d{4})?`;
const PIN = String.raw`(?: (?:E\.|consid\.) (\d+(?:\.\d+)*[a-z]?))?`;

function references(text: string, dockets: readonly string[]): Ref[] {
  const refs: Ref[] = [];
  for (const m of text.matchAll(BGE_REF))
    refs.push({ key: `BGE ${m[1]} ${m[2]} ${m[3]}`, pin: m[4] ?? null, page: m[5] ? Number(m[5]) : null });
  for (const m of text.matchAll(MKG_REF))
    refs.push({ key: `MKGE ${m[1]} Nr. ${m[2]}`, pin: m[3] ?? null, page: null });
  for (const docket of dockets) {
    const escaped = docket.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    for (const m of text.matchAll(new RegExp(`(?<![\\w./-])${escaped}(?![\\w/]|\\.\\d)${DATE}${PIN}`, 'gu')))
      refs.push({ key: docket, pin: m[1] ?? null, page: null });
  }
  return refs;
}

describe('sample corpus (600 decisions, parsed back through the entscheidsuche source)', () => {
  let root: string;
  let decisions: NormalisedDecision[];
  let generated: { decisions: number; courts: number; files: number };

  beforeAll(async () => {
    root = await tempDir();
    const started = performance.now();
    generated = await generateSampleCorpus({ dir: root, size: SIZE, seed: 7, today: TODAY });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `sample corpus: ${SIZE} decisions in ${seconds.toFixed(2)} s = ${Math.round(SIZE / seconds)} decisions/s`,
    );
    decisions = await parseAll(root);
  });

  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('writes every decision as JSON + HTML plus one job file per spider, all parseable', async () => {
    expect(generated.decisions).toBe(SIZE);
    expect(decisions).toHaveLength(SIZE);
    const spiders = new Set(CURATED_COURTS.map((c) => c.spider));
    expect(generated.files).toBe(SIZE * 2 + spiders.size);
    const source = new EntscheidsucheDirectorySource({ root });
    expect(await source.portalCount()).toBe(SIZE);
    expect(new Set(decisions.map((d) => d.decision_id)).size).toBe(SIZE);
  });

  it('covers every curated court of the registry, at least three decisions each', () => {
    const perCourt = new Map<string, number>();
    for (const d of decisions) perCourt.set(d.court, (perCourt.get(d.court) ?? 0) + 1);
    for (const court of CURATED_COURTS)
      expect(perCourt.get(court.key) ?? 0, court.key).toBeGreaterThanOrEqual(3);
    expect(generated.courts).toBe(CURATED_COURTS.length);
    expect(
      new Set(decisions.filter((d) => d.canton !== 'CH').map((d) => d.canton)).size,
    ).toBeGreaterThanOrEqual(10);
  });

  it('has realistic language shares, consistent with the courts', () => {
    const share = (lang: string) =>
      (100 * decisions.filter((d) => d.language === lang).length) / decisions.length;
    expect(Math.abs(share('de') - 55)).toBeLessThanOrEqual(7);
    expect(Math.abs(share('fr') - 35)).toBeLessThanOrEqual(7);
    expect(Math.abs(share('it') - 10)).toBeLessThanOrEqual(7);
    const langsOf = (canton: string) =>
      new Set(decisions.filter((d) => d.canton === canton).map((d) => d.language));
    for (const c of ['GE', 'VD', 'NE', 'JU']) expect([...langsOf(c)], c).toEqual(['fr']);
    expect([...langsOf('TI')]).toEqual(['it']);
    for (const c of ['ZH', 'LU', 'AG', 'BS', 'SG']) expect([...langsOf(c)], c).toEqual(['de']);
    for (const lang of ['de', 'fr', 'it'])
      expect(
        decisions.some((d) => d.court === 'bger' && d.language === lang),
        lang,
      ).toBe(true);
  });

  it('dates lie between 1995 and today, about 1 % placeholders, none in the future', () => {
    for (const d of decisions) {
      expect(d.decision_date, d.decision_id).not.toBeNull();
      expect(d.decision_date! >= '1995-01-01' && d.decision_date! <= TODAY, d.decision_id).toBe(true);
    }
    const placeholders = decisions.filter((d) => d.decision_date!.endsWith('-01-01')).length;
    expect(placeholders).toBeLessThanOrEqual(SIZE * 0.03);
  });

  it('dockets follow the grammar of their court family and era', () => {
    const problems = decisions
      .map((d) => [d.decision_id, docketProblem(d)] as const)
      .filter(([, p]) => p !== null);
    expect(problems).toEqual([]);
    const bger = decisions.filter((d) => d.court === 'bger');
    expect(bger.some((d) => /^\d[A-Z]\./.test(d.docket_number))).toBe(true);
    expect(bger.some((d) => /_/.test(d.docket_number))).toBe(true);
  });

  it('every decision has a regeste, facts, Erwägungen on at least two levels and an operative part', () => {
    for (const d of decisions) {
      const paras = d.full_text.split('\n\n');
      expect(d.regeste, d.decision_id).toBeTruthy();
      expect(
        paras.some((p) => FACTS.test(p)),
        `${d.decision_id} facts`,
      ).toBe(true);
      const s = structure(d);
      expect(s, `${d.decision_id} Erwägungen`).not.toBeNull();
      expect(s!.twoLevels, `${d.decision_id} levels`).toBe(true);
      const operative = paras.findIndex((p) => OPERATIVE.test(p));
      expect(paras[operative + 1], `${d.decision_id} operative items`).toMatch(/^1\. /);
      expect(d.decision_type, d.decision_id).not.toBeNull();
      expect(d.chamber === null || d.chamber.length > 0).toBe(true);
    }
    const bge = decisions.filter((d) => d.court === 'bge');
    for (const d of bge)
      expect(d.full_text, d.decision_id).toMatch(/Regeste \(de\)[\s\S]*Regeste \(fr\)[\s\S]*Regesto \(it\)/);
    expect(decisions.some((d) => /\n\naa\) /.test(d.full_text))).toBe(true);
  });

  it('writes statute references in all three languages, § in German-speaking cantons', () => {
    const has = (lang: string, re: RegExp) =>
      decisions.some((d) => d.language === lang && re.test(d.full_text));
    expect(
      has(
        'de',
        /Art\. \d+[a-z]*(?: Abs\. \d+)?(?: lit\. [a-d])? (BV|OR|ZGB|StGB|BGG|StPO|ZPO|SchKG|AIG|ATSG|IVG)\b/,
      ),
    ).toBe(true);
    expect(
      has(
        'fr',
        /art\. \d+[a-z]*(?: al\. \d+)?(?: let\. [a-d])? (Cst\.|CO|CC|CP|LTF|CPP|CPC|LP|LEI|LPGA|LAI)/,
      ),
    ).toBe(true);
    expect(
      has(
        'it',
        /art\. \d+[a-z]*(?: cpv\. \d+)?(?: lett\. [a-d])? (Cost\.|CO|CC|CP|LTF|CPP|CPC|LEF|LStrI|LPGA|LAI)/,
      ),
    ).toBe(true);
    expect(
      decisions.some((d) => d.canton === 'ZH' && /§ \d+[a-z]* (StG|VRG|PBG|GOG)/.test(d.full_text)),
    ).toBe(true);
    expect(
      decisions.some((d) =>
        /Art\. 29 Abs\. 2 BV|art\. 29 al\. 2 Cst\.|art\. 29 cpv\. 2 Cost\./.test(d.full_text),
      ),
    ).toBe(true);
  });

  it('citations resolve to generated decisions, pinpoints exist, and in-degree is skewed', () => {
    const byDocket = new Map<string, NormalisedDecision[]>();
    for (const d of decisions) byDocket.set(d.docket_number, [...(byDocket.get(d.docket_number) ?? []), d]);
    const structures = new Map(decisions.map((d) => [d.decision_id, structure(d)!]));
    const bgeByVolPart = new Map<string, { page: number; d: NormalisedDecision }[]>();
    for (const d of decisions.filter((x) => x.court === 'bge')) {
      const [, vol, part, page] = d.docket_number.split(' ');
      const key = `${vol} ${part}`;
      bgeByVolPart.set(
        key,
        [...(bgeByVolPart.get(key) ?? []), { page: Number(page), d }].sort((a, b) => a.page - b.page),
      );
    }
    const nonBgeDockets = [...byDocket.keys()].filter((k) => !k.startsWith('BGE ') && !k.startsWith('MKGE '));
    const inDegree = new Map<string, number>();
    let total = 0;
    let resolved = 0;
    let pins = 0;
    let pinsFound = 0;
    let pagesOk = 0;
    let pages = 0;
    for (const d of decisions) {
      const s = structures.get(d.decision_id)!;
      const refs = references(s.text, nonBgeDockets);
      expect(refs.length, `${d.decision_id} cites`).toBeGreaterThanOrEqual(2);
      expect(new Set(refs.map((r) => r.key)).size, `${d.decision_id} cites`).toBeLessThanOrEqual(15);
      const targets = new Set<string>();
      for (const ref of refs) {
        total++;
        let target = byDocket.get(ref.key)?.[0];
        if (ref.page !== null && target) {
          pages++;
          const [, vol, part] = ref.key.split(' ');
          const list = bgeByVolPart.get(`${vol} ${part}`)!;
          const next = list[list.findIndex((x) => x.d === target) + 1];
          if (ref.page > Number(ref.key.split(' ')[3]) && (!next || ref.page < next.page)) pagesOk++;
        }
        if (!target) continue;
        expect(target.decision_id).not.toBe(d.decision_id);
        expect(
          target.decision_date! <= d.decision_date!,
          `${d.decision_id} cites the later ${target.decision_id}`,
        ).toBe(true);
        resolved++;
        targets.add(target.decision_id);
        if (ref.pin) {
          pins++;
          if (structures.get(target.decision_id)!.labels.has(ref.pin)) pinsFound++;
        }
        target = undefined;
      }
      for (const t of targets) inDegree.set(t, (inDegree.get(t) ?? 0) + 1);
    }
    const edges = [...inDegree.values()].reduce((a, b) => a + b, 0);
    const top = [...inDegree.values()].sort((a, b) => b - a).slice(0, Math.ceil(decisions.length / 100));
    const topShare = top.reduce((a, b) => a + b, 0) / edges;
    const uncited = decisions.length - inDegree.size;
    console.log(
      `citations: ${total} references, ${((100 * resolved) / total).toFixed(1)} % resolved, ${pinsFound}/${pins} pinpoints found, top 1 % receive ${(100 * topShare).toFixed(1)} %, ${uncited} decisions never cited`,
    );
    expect(resolved / total).toBeGreaterThanOrEqual(0.85);
    expect(resolved / total).toBeLessThan(1);
    expect(pinsFound / pins).toBeGreaterThanOrEqual(0.99);
    expect(pagesOk).toBe(pages);
    expect(topShare).toBeGreaterThanOrEqual(0.15);
    expect(uncited).toBeGreaterThan(decisions.length / 4);
  });

  it('links appeals: Federal Supreme Court headers name a generated cantonal decision', () => {
    const byDocket = new Map(decisions.map((d) => [d.docket_number, d]));
    const bger = decisions.filter((d) => d.court === 'bger');
    let withLower = 0;
    let linked = 0;
    for (const d of bger) {
      const header = d.full_text
        .split('\n\n')
        .find((p) =>
          /^(Beschwerde|Berufung|Verwaltungsgerichtsbeschwerde|Staatsrechtliche|Eidgenössische|Recours|Pourvoi|Ricorso).* (gegen|contre|contro) /.test(
            p,
          ),
        );
      const docket = header ? /\(([^()]+)\)\.$/.exec(header)?.[1] : undefined;
      if (!docket) continue;
      withLower++;
      const lower = byDocket.get(docket);
      if (lower && lower.canton !== 'CH') {
        linked++;
        expect(lower.decision_date! < d.decision_date!).toBe(true);
      }
    }
    expect(withLower / bger.length).toBeGreaterThan(0.6);
    expect(linked / withLower).toBeGreaterThan(0.5);
  });

  it('is deterministic: same seed, byte-identical files; other seed, other files', async () => {
    const [a, b, c] = [await tempDir(), await tempDir(), await tempDir()];
    await generateSampleCorpus({ dir: a, size: 150, seed: 3 });
    await generateSampleCorpus({ dir: b, size: 150, seed: 3 });
    await generateSampleCorpus({ dir: c, size: 150, seed: 4 });
    const [ha, hb, hc] = [await fileHashes(a), await fileHashes(b), await fileHashes(c)];
    expect(ha.size).toBeGreaterThan(300);
    expect([...hb.entries()]).toEqual([...ha.entries()]);
    expect([...hc.entries()]).not.toEqual([...ha.entries()]);
  });

  it('refuses to write over an existing corpus unless asked to clean it', async () => {
    await expect(generateSampleCorpus({ dir: root, size: 10 })).rejects.toThrow(/already holds files/);
  });
});

describe('malformed samples', () => {
  it('turn into SourceItemErrors naming the problem, the rest of the run goes on', async () => {
    const dir = await tempDir();
    await generateSampleCorpus({ dir, size: 40, seed: 2 });
    const ids = await writeMalformedSamples(dir);
    const source = new EntscheidsucheDirectorySource({ root: dir, name: 'sample' });
    const errors = new Map<string, string>();
    let ok = 0;
    for await (const item of source.items()) {
      try {
        await source.parse(item, '2026-11-02T06:00:00Z');
        ok++;
      } catch (error) {
        expect(error).toBeInstanceOf(SourceItemError);
        errors.set(item.id, (error as Error).message);
      }
    }
    expect(ok).toBe(40);
    expect([...errors.keys()].sort()).toEqual([...ids].sort());
    expect(errors.get(ids[0]!)).toMatch(/JSON: invalid JSON/);
    expect(errors.get(ids[1]!)).toMatch(/Num/);
    expect(errors.get(ids[2]!)).toMatch(/HTML: no HTML file/);
  });
});

describe('createSampleSource', () => {
  it('generates once, reuses the corpus while size and seed match, regenerates when they change', async () => {
    const dir = await tempDir();
    const source = await createSampleSource({ dir, size: 30, seed: 5 });
    expect(source.name).toBe('sample');
    const first = (await stat(join(dir, '.sample.json'))).mtimeMs;
    const items: string[] = [];
    for await (const item of source.items()) items.push(item.id);
    expect(items).toHaveLength(30);
    expect(
      (await source.parse({ id: items[0]!, location: join(dir, 'docs', items[0]!) }, '2026-11-02T06:00:00Z'))
        .provenance.source,
    ).toBe('sample');
    expect(await source.portalCount()).toBe(30);

    await createSampleSource({ dir, size: 30, seed: 5 });
    expect((await stat(join(dir, '.sample.json'))).mtimeMs).toBe(first);

    const bigger = await createSampleSource({ dir, size: 45, seed: 5 });
    let count = 0;
    for await (const _ of bigger.items()) count++;
    expect(count).toBe(45);
  });

  it('never deletes a docs folder it did not generate', async () => {
    const dir = await tempDir();
    await generateSampleCorpus({ dir, size: 5, seed: 1 });
    await expect(createSampleSource({ dir, size: 5, seed: 1 })).rejects.toThrow(
      /not generated as a sample corpus/,
    );
  });
});
