import { writeFile } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { COURTS, type Court } from '../../../contracts/courts/court-registry.ts';
import { CANTON_LABELS, CHAMBER_LABELS, COURT_LABELS } from '../entscheidsuche/entscheidsuche.labels.ts';
import { AREAS, type AreaGroup } from './areas.ts';
import { formatCitation, unknownBgeCitation } from './citations.ts';
import { COURT_PROFILES, type CourtProfile } from './court-profiles.ts';
import { addDays, LI } from './document-parts.ts';
import { renderDecision, type DocOutput, type LowerRef, type Quotation } from './document.ts';
import { drawDocket } from './dockets.ts';
import {
  fileBase,
  JobFiles,
  PORTAL_BASE_URL,
  portalJson,
  renderHtml,
  sha256,
  WritePool,
  type PortalEntry,
} from './entscheidsuche-files.ts';
import { WeightedPicker } from './fenwick.ts';
import type { Lang } from './laws.ts';
import { planCorpus, type CorpusPlan, type PlannedDecision } from './plan.ts';
import { deriveSeed, Rng } from './prng.ts';

export { writeMalformedSamples } from './malformed.ts';

/**
 * Deterministic synthetic Swiss case law in the entscheidsuche.ch open-data layout.
 *
 * Layout: `{dir}/docs/{Spider}/{Signatur}_{docket}.json` + `.html`, and `{dir}/docs/Jobs/{Spider}/last`.
 * Where the generator puts what (and the entscheidsuche parser reads it back):
 * - decision type: in the HTML header line "Urteil vom 3. Mai 2015" / "Arrêt du …" / "Sentenza del …"
 *   (just the word for placeholder dates); BGE: "Auszug aus dem Urteil …" / "Extrait de l'arrêt …".
 * - chamber: `Meta` per language "{canton} {court} {chamber}" as the portal writes it, plus an entry
 *   for all languages with the chamber name for courts whose portal tree has no chambers (BVGer,
 *   BStGer, VS) and, for BGE, the division that decided.
 * - regeste: `Abstract` (BGE: one entry per language), also in the text under "Regeste".
 * - lower court: header line "Beschwerde gegen das Urteil des … vom … (LB220012)", pointing at a
 *   generated cantonal decision when one of the same legal field and language exists.
 * - BVGE: about a fifth of the Federal Administrative Court decisions name their collection number
 *   in the header ("Publiziert als BVGE 2019 IV/2") and are cited by it half of the time.
 * - quotations: some citations of same-language decisions quote one sentence of them verbatim,
 *   with the pinpoint of its Erwägung ("Das Gericht hat dazu festgehalten: „…“ (BGE 140 III 86 E. 2.1).").
 * Generation keeps one small record per decision (docket, date, Erwägung numbers, one quotable
 * sentence), never whole texts.
 */
export interface SampleCorpusOptions {
  readonly dir: string;
  readonly size?: number;
  readonly seed?: number;
  /** YYYY-MM-DD; no decision is dated later. Default 2026-11-01 so that output is reproducible. */
  readonly today?: string;
  readonly onProgress?: (done: number, total: number) => void;
  /** Remove an existing `{dir}/docs` first (otherwise a non-empty one is an error). */
  readonly clean?: boolean;
  /**
   * Mean number of case references per decision (each decision draws between half and one and a
   * half times as many). Unset: the default corpus (2–15 by court). Benchmarks use ~28 to reach
   * more than 5 million edges with 200,000 decisions.
   */
  readonly citationsPerDecision?: number;
}

export interface SampleCorpusResult {
  readonly decisions: number;
  readonly courts: number;
  readonly files: number;
}

export const SAMPLE_DEFAULTS = { size: 3000, seed: 1, today: '2026-11-01' } as const;

const FEDERAL = new Set(['bger', 'bge', 'bvger', 'bstger', 'bpatger', 'mkg', 'finma', 'weko']);
const CANTONS_BY_LANG: Readonly<Record<Lang, readonly string[]>> = {
  de: ['ZH', 'BE', 'LU', 'AG', 'BS', 'SG'],
  fr: ['GE', 'VD', 'NE', 'JU', 'FR', 'VS'],
  it: ['TI'],
};

/** Callback `fs.writeFile`: much cheaper per file than the FileHandle-based promise API. */
function writeText(path: string, text: string): Promise<void> {
  return new Promise((done, failed) =>
    writeFile(path, text, 'utf8', (error) => (error ? failed(error) : done())),
  );
}

function courtOf(profile: CourtProfile): Court {
  const court = COURTS.find((c) => c.key === profile.key);
  if (!court) throw new Error(`court ${profile.key} is not in the registry`);
  return court;
}

export async function generateSampleCorpus(opts: SampleCorpusOptions): Promise<SampleCorpusResult> {
  const size = opts.size ?? SAMPLE_DEFAULTS.size;
  const seed = opts.seed ?? SAMPLE_DEFAULTS.seed;
  const today = opts.today ?? SAMPLE_DEFAULTS.today;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`size must be a positive integer, got ${size}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || today < '1995-01-02')
    throw new RangeError(`today must be YYYY-MM-DD after 1995-01-01, got ${today}`);
  const docs = join(opts.dir, 'docs');
  await prepareDocsDir(docs, opts.clean ?? false);

  const plan = planCorpus(size, seed, today);
  const perDecision = opts.citationsPerDecision;
  if (perDecision !== undefined && !(Number.isFinite(perDecision) && perDecision >= 1 && perDecision <= 500))
    throw new RangeError(`citationsPerDecision must be between 1 and 500, got ${perDecision}`);
  const writer = new CorpusWriter(plan, seed, today, docs, perDecision ?? null);
  const total = plan.records.length;
  for (const rec of plan.records) {
    await writer.write(rec);
    if (opts.onProgress && ((rec.idx + 1) % 250 === 0 || rec.idx + 1 === total))
      opts.onProgress(rec.idx + 1, total);
  }
  const jobFiles = await writer.finish();
  const courts = new Set(plan.records.map((r) => r.court)).size;
  return { decisions: total, courts, files: total * 2 + jobFiles };
}

async function prepareDocsDir(docs: string, clean: boolean): Promise<void> {
  const existing = await readdir(docs).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  if (existing.length > 0) {
    if (!clean)
      throw new Error(`${docs} already holds files; pass clean: true (CLI: --clean) to replace them`);
    await rm(docs, { recursive: true, force: true });
  }
  await mkdir(docs, { recursive: true });
}

/** Writes the decisions in date order, choosing citations and appeal links among earlier ones. */
class CorpusWriter {
  private readonly pool = new WritePool(48);
  private readonly jobs: JobFiles;
  private readonly spiderDirs = new Set<string>();
  private readonly fedAll: Picker;
  private readonly fedByGroup = new Map<AreaGroup, Picker>();
  private readonly byCanton = new Map<string, Picker>();
  private readonly appealed: Uint8Array;
  /** Per decision index: a sentence later decisions may quote (one short sentence, never whole texts). */
  private readonly quotable: (DocOutput['quotable'] | undefined)[] = [];
  /** Cantonal decisions per "group|language" in date order, with a moving start for the time window. */
  private readonly lowerQueues = new Map<string, { list: number[]; start: number }>();
  private readonly profiles = COURT_PROFILES;
  private readonly courts: Court[];

  constructor(
    private readonly plan: CorpusPlan,
    private readonly seed: number,
    private readonly today: string,
    private readonly docs: string,
    private readonly citationsPerDecision: number | null = null,
  ) {
    this.jobs = new JobFiles(docs, `sample-${seed}`, `${today}_00:00:00`);
    this.courts = this.profiles.map(courtOf);
    const count = (pred: (r: PlannedDecision) => boolean): number => plan.records.filter(pred).length;
    const isFederal = (r: PlannedDecision): boolean => FEDERAL.has(this.profiles[r.court]!.key);
    this.fedAll = new Picker(count(isFederal));
    for (const g of ['civil', 'criminal', 'public', 'social'] as const) {
      this.fedByGroup.set(g, new Picker(count((r) => isFederal(r) && AREAS[r.area].group === g)));
    }
    for (const court of this.courts) {
      if (court.canton !== 'CH' && !this.byCanton.has(court.canton)) {
        this.byCanton.set(
          court.canton,
          new Picker(count((r) => this.courts[r.court]!.canton === court.canton)),
        );
      }
    }
    this.appealed = new Uint8Array(plan.records.length);
  }

  async write(rec: PlannedDecision): Promise<void> {
    const profile = this.profiles[rec.court]!;
    const court = this.courts[rec.court]!;
    const chamber = profile.chambers[rec.chamber]!;
    const rng = new Rng(deriveSeed(this.seed, 2, rec.idx));
    const signature = `${court.signature}_${chamber.suffix}`;
    const chamberTriple = chamber.label ?? CHAMBER_LABELS[signature] ?? null;
    const lower = profile.key === 'bger' && rng.chance(0.85) ? this.lowerFor(rec, rng) : null;
    const canton =
      lower?.canton ?? (court.canton !== 'CH' ? court.canton : rng.pick(CANTONS_BY_LANG[rec.lang]));
    const division = rec.bge
      ? (CHAMBER_LABELS[
          `CH_BGer_${this.profiles.find((p) => p.key === 'bger')!.chambers[rec.bge.division]!.suffix}`
        ] ?? null)
      : null;
    const refs = this.citationsFor(rec, rng);
    const doc = renderDecision({
      rec,
      profile,
      chamber,
      rng,
      canton,
      division,
      chamberLabel: chamberTriple ? chamberTriple[LI[rec.lang]] : null,
      citations: refs.citations,
      quotations: refs.quotations,
      lower: lower?.ref ?? null,
    });

    const base = fileBase(signature, rec.docket);
    const html = renderHtml(`${court.name[rec.lang]} ${rec.docket}`, rec.lang, doc.paragraphs);
    const htmlChecksum = sha256(html);
    const scrapedate = this.scrapedate(rec, rng);
    const json = portalJson({
      Signatur: signature,
      Spider: court.spider,
      Sprache: rec.lang,
      Datum: rec.date,
      HTML: {
        Datei: `${court.spider}/${base}.html`,
        URL: `${PORTAL_BASE_URL}/${court.spider}/${encodeURIComponent(base)}.html`,
        Checksum: htmlChecksum,
      },
      Scrapedate: scrapedate,
      Num: rec.bge ? [rec.docket, rec.bge.orig] : [rec.docket],
      Kopfzeile: this.kopfzeile(court, signature, rec),
      Meta: this.meta(
        court,
        signature,
        chamber.label ? chamber.label[LI[rec.lang]] : division ? division[LI[rec.lang]] : null,
        rec.area,
      ),
      Abstract: (Object.entries(doc.regeste) as [Lang, string][]).map(([lang, text]) => ({
        Sprachen: [lang],
        Text: text,
      })),
    });

    const dir = join(this.docs, court.spider);
    if (!this.spiderDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.spiderDirs.add(dir);
    }
    await this.pool.run(() => writeText(join(dir, `${base}.html`), html));
    await this.pool.run(() => writeText(join(dir, `${base}.json`), json.text));
    await this.jobs.add(court.spider, signature, [
      { path: `${court.spider}/${base}.json`, checksum: json.checksum, scrapedate },
      { path: `${court.spider}/${base}.html`, checksum: htmlChecksum, scrapedate },
    ]);
    this.remember(rec, profile, court);
    this.quotable[rec.idx] = doc.quotable;
  }

  async finish(): Promise<number> {
    await this.pool.drain();
    return this.jobs.close();
  }

  /** Makes the decision available as a citation target and, if cantonal, as a lower instance. */
  private remember(rec: PlannedDecision, profile: CourtProfile, court: Court): void {
    const rng = new Rng(deriveSeed(this.seed, 3, rec.idx));
    const leading = rng.chance(profile.key === 'bge' ? 0.12 : profile.key === 'bger' ? 0.01 : 0.003);
    const weight = profile.citationWeight * (leading ? rng.int(100, 250) : Math.min(60, rng.pareto(1.2)));
    if (FEDERAL.has(profile.key)) {
      this.fedAll.add(rec.idx, weight);
      this.fedByGroup.get(AREAS[rec.area].group)!.add(rec.idx, weight);
      return;
    }
    this.byCanton.get(court.canton)!.add(rec.idx, weight);
    const key = `${AREAS[rec.area].group}|${rec.lang}`;
    const queue = this.lowerQueues.get(key) ?? { list: [], start: 0 };
    queue.list.push(rec.idx);
    this.lowerQueues.set(key, queue);
  }

  /**
   * 2–15 references to earlier decisions in the decision's language; 2 % unknown BGE pages. About
   * one reference in eight to a decision of the same language quotes a sentence of it instead.
   */
  private citationsFor(rec: PlannedDecision, rng: Rng): { citations: string[]; quotations: Quotation[] } {
    const quotations: Quotation[] = [];
    const key = this.profiles[rec.court]!.key;
    const federal = FEDERAL.has(key);
    const [min, max] = key === 'bge' || key === 'bger' ? [3, 15] : federal ? [2, 9] : [2, 11];
    const mean = this.citationsPerDecision;
    const n =
      mean === null
        ? min + Math.floor((max - min + 1) * Math.pow(rng.next(), 1.6))
        : Math.max(2, Math.round(mean * (0.5 + rng.next())));
    // Many references per decision draw popular targets again: try harder for distinct ones.
    const attempts = mean === null ? 4 : 12;
    const group = AREAS[rec.area].group;
    const canton = this.courts[rec.court]!.canton;
    const chosen = new Set<number>();
    const out: string[] = [];
    for (let k = 0; k < n; k++) {
      if (rng.chance(0.02)) {
        out.push(unknownBgeCitation(rec.lang, rng, this.plan.bgeRanges));
        continue;
      }
      const local = canton !== 'CH' ? this.byCanton.get(canton) : undefined;
      const sameGroup = this.fedByGroup.get(group)!;
      const picker =
        local && local.size > 0 && rng.chance(0.3)
          ? local
          : sameGroup.size > 0 && rng.chance(0.8)
            ? sameGroup
            : this.fedAll;
      let target: number | null = null;
      for (let attempt = 0; attempt < attempts && target === null; attempt++) {
        const t = picker.draw(rng);
        if (t !== null && !chosen.has(t)) target = t;
      }
      if (target === null) continue;
      chosen.add(target);
      const cited = this.plan.records[target]!;
      const quote = this.quotable[target];
      if (quote && cited.lang === rec.lang && rng.chance(0.125)) {
        quotations.push({ text: quote.text, citation: formatCitation(cited, rec.lang, rng, quote.label) });
      } else {
        out.push(formatCitation(cited, rec.lang, rng));
      }
    }
    // The first decisions of the corpus have few predecessors: they cite older, uncollected BGE.
    while (out.length + quotations.length < 2) out.push(unknownBgeCitation(rec.lang, rng, new Map()));
    return { citations: out, quotations };
  }

  /** The appealed cantonal decision: a generated one of the same field and language, else invented. */
  private lowerFor(rec: PlannedDecision, rng: Rng): { ref: LowerRef; canton: string } | null {
    const group = AREAS[rec.area].group;
    const queue = this.lowerQueues.get(`${group}|${rec.lang}`);
    const oldest = addDays(rec.date, -730);
    const newest = addDays(rec.date, -20);
    if (queue) {
      while (queue.start < queue.list.length && this.plan.records[queue.list[queue.start]!]!.date < oldest)
        queue.start++;
      let end = queue.list.length;
      while (end > queue.start && this.plan.records[queue.list[end - 1]!]!.date > newest) end--;
      for (let attempt = 0; attempt < 6 && end > queue.start; attempt++) {
        const idx = queue.list[rng.int(queue.start, end - 1)]!;
        if (this.appealed[idx]) continue;
        this.appealed[idx] = 1;
        const target = this.plan.records[idx]!;
        return {
          ref: this.lowerRef(
            target.court,
            target.chamber,
            target.placeholder ? null : target.date,
            target.docket,
            target.type,
            rec.lang,
          ),
          canton: this.courts[target.court]!.canton,
        };
      }
    }
    // None in the corpus: a plausible decision of a cantonal court of that language (not generated).
    const candidates = this.profiles
      .map((p, i) => [p, i] as const)
      .filter(
        ([p]) =>
          !FEDERAL.has(p.key) &&
          p.langs[LI[rec.lang]] > 0 &&
          p.chambers.some((c) => c.areas.some((a) => AREAS[a].group === group)),
      );
    if (candidates.length === 0) return null;
    const [profile, courtIdx] = rng.pick(candidates);
    const chambers = profile.chambers
      .map((c, i) => [c, i] as const)
      .filter(([c]) => c.areas.some((a) => AREAS[a].group === group));
    const [chamber, chamberIdx] = rng.pick(chambers);
    const date = addDays(rec.date, -rng.int(40, 500));
    const docket = drawDocket(
      chamber.dockets,
      Math.max(1995, Number(date.slice(0, 4))),
      rng,
      this.plan.used[courtIdx]!,
    );
    return {
      ref: this.lowerRef(courtIdx, chamberIdx, date, docket, 'Urteil', rec.lang),
      canton: this.courts[courtIdx]!.canton,
    };
  }

  private lowerRef(
    courtIdx: number,
    chamberIdx: number,
    date: string | null,
    docket: string | null,
    type: PlannedDecision['type'],
    lang: Lang,
  ): LowerRef {
    const profile = this.profiles[courtIdx]!;
    const chamber = profile.chambers[chamberIdx]!;
    const label = chamber.label ?? CHAMBER_LABELS[`${this.courts[courtIdx]!.signature}_${chamber.suffix}`];
    return {
      nom: profile.nom[LI[lang]],
      gen: profile.gen[LI[lang]],
      chamber: label ? label[LI[lang]] : null,
      date,
      docket,
      type,
    };
  }

  private scrapedate(rec: PlannedDecision, rng: Rng): string {
    const base = rec.placeholder ? addDays(rec.date, rng.int(30, 330)) : addDays(rec.date, rng.int(2, 60));
    return base > this.today ? this.today : base;
  }

  /** "Bundesgericht I. zivilrechtliche Abteilung 03.05.2015 4A_123/2015" per language, as the portal writes it. */
  private kopfzeile(court: Court, signature: string, rec: PlannedDecision): PortalEntry[] {
    const [y, m, d] = rec.date.split('-');
    return (['de', 'fr', 'it'] as const).map((lang) => {
      const canton = court.canton === 'CH' ? '' : `${CANTON_LABELS[court.canton]![LI[lang]]} `;
      const courtName = COURT_LABELS[court.signature]?.[LI[lang]] ?? court.name[lang];
      const chamber = CHAMBER_LABELS[signature]?.[LI[lang]];
      return {
        Sprachen: [lang],
        Text: `${canton}${courtName}${chamber ? ` ${chamber}` : ''} ${d}.${m}.${y} ${rec.docket}`,
      };
    });
  }

  /** Per language "{canton} {court} {chamber}" and the legal field; the court's own chamber name for all languages. */
  private meta(
    court: Court,
    signature: string,
    ownChamber: string | null,
    area: PlannedDecision['area'],
  ): PortalEntry[] {
    const entries: PortalEntry[] = (['de', 'fr', 'it'] as const).map((lang) => {
      const courtName = COURT_LABELS[court.signature]?.[LI[lang]] ?? court.name[lang];
      const chamber = CHAMBER_LABELS[signature]?.[LI[lang]] ?? '';
      return {
        Sprachen: [lang],
        Text: `${CANTON_LABELS[court.canton]![LI[lang]]} ${courtName} ${chamber}`.trim(),
      };
    });
    if (ownChamber) entries.push({ Sprachen: ['de', 'fr', 'it'], Text: ownChamber });
    for (const lang of ['de', 'fr', 'it'] as const)
      entries.push({ Sprachen: [lang], Text: AREAS[area].name[LI[lang]] });
    return entries;
  }
}

/** Weighted picker over decision indexes, filled in date order. */
class Picker {
  private readonly tree: WeightedPicker;
  private readonly ids: Int32Array;

  constructor(capacity: number) {
    this.tree = new WeightedPicker(capacity);
    this.ids = new Int32Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.tree.count;
  }

  add(idx: number, weight: number): void {
    this.ids[this.tree.push(weight)] = idx;
  }

  draw(rng: Rng): number | null {
    if (this.tree.count === 0) return null;
    return this.ids[this.tree.find(rng.next() * this.tree.total())] ?? null;
  }
}
