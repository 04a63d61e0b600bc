import type { AreaId } from './areas.ts';
import { COURT_PROFILES, type DecisionTypeDe } from './court-profiles.ts';
import { drawDocket, patternValid } from './dockets.ts';
import type { Lang } from './laws.ts';
import { deriveSeed, Rng } from './prng.ts';

/**
 * The small record kept per decision while the corpus is written: enough to cite it (docket,
 * date, Erwägung numbers, BGE pages) and to link appeals, never its text.
 */
export interface PlannedDecision {
  /** Position in the final (date) order. */
  idx: number;
  readonly court: number;
  readonly chamber: number;
  readonly area: AreaId;
  readonly lang: Lang;
  readonly date: string;
  readonly placeholder: boolean;
  readonly type: DecisionTypeDe;
  docket: string;
  /** Paragraph labels of the Erwägungen in order, joined by `|` ("1|1.1|1.2|2" or "1|1a|1a/aa"). */
  readonly structure: string;
  readonly oldStyle: boolean;
  /** Federal Administrative Court decisions published in the official collection: `BVGE 2019 IV/2`, `BVGE 2012/3`. */
  bvge?: string;
  bge?: {
    vol: number;
    part: string;
    page: number;
    pages: number;
    nr: number;
    orig: string;
    division: number;
  };
  readonly seq: number;
}

export interface CorpusPlan {
  readonly records: PlannedDecision[];
  /** Dockets per court index, to avoid collisions when inventing references outside the corpus. */
  readonly used: readonly Set<string>[];
  /** First page and last page per BGE volume and part ("140|III"). */
  readonly bgeRanges: ReadonlyMap<string, { first: number; last: number }>;
}

const FIRST_YEAR = 1995;
const BGE_PARTS: Readonly<Record<string, string>> = {
  '001': 'I',
  '002': 'Ia',
  '003': 'Ib',
  '004': 'II',
  '005': 'III',
  '006': 'IV',
  '007': 'V',
};

/** Decisions per court: at least 3 each when the size allows, the rest by weight (largest remainder). */
export function allocate(size: number, weights: readonly number[]): number[] {
  const minimum = size >= 3 * weights.length ? 3 : 0;
  const rest = size - minimum * weights.length;
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / total);
  const counts = exact.map((x) => Math.floor(x));
  let missing = rest - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (missing-- <= 0) break;
    counts[i]! += 1;
  }
  return counts.map((c) => c + minimum);
}

function isoDay(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
}

function daysInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
}

function drawDate(rng: Rng, from: number, today: string): { date: string; year: number } {
  const lastYear = Number(today.slice(0, 4));
  const years: [number, number][] = [];
  for (let y = Math.max(FIRST_YEAR, from); y <= lastYear; y++) years.push([y, 1 + 0.12 * (y - FIRST_YEAR)]);
  const year = rng.weighted(years);
  const maxDay =
    year === lastYear
      ? (Date.UTC(year, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10))) - Date.UTC(year, 0, 1)) /
        86_400_000
      : daysInYear(year) - 1;
  return { date: isoDay(year, rng.int(0, maxDay)), year };
}

/** Erwägung labels: modern "1", "1.1", "2.1.1"; old style "1", "1a", "1a/aa". Always two levels. */
export function drawStructure(rng: Rng, oldStyle: boolean): string[] {
  const labels: string[] = [];
  const top = rng.int(2, 6);
  const withChildren = rng.int(2, top);
  for (let i = 1; i <= top; i++) {
    labels.push(String(i));
    const children = i === withChildren || (i > 1 && rng.chance(0.5)) ? rng.int(2, 4) : 0;
    for (let j = 1; j <= children; j++) {
      const letter = String.fromCharCode(96 + j);
      const child = oldStyle ? `${i}${letter}` : `${i}.${j}`;
      labels.push(child);
      const grand = rng.chance(oldStyle ? 0.2 : 0.25) ? rng.int(2, 3) : 0;
      for (let k = 1; k <= grand; k++) {
        const g = oldStyle ? `${child}/${String.fromCharCode(96 + k).repeat(2)}` : `${child}.${k}`;
        labels.push(g);
        if (!oldStyle && k === 1 && rng.chance(0.08)) labels.push(`${g}.1`, `${g}.2`);
      }
    }
  }
  return labels;
}

/** Plans the whole corpus (metadata only) in date order. */
export function planCorpus(size: number, seed: number, today: string): CorpusPlan {
  const rng = new Rng(deriveSeed(seed, 1));
  const counts = allocate(
    size,
    COURT_PROFILES.map((p) => p.weight),
  );
  const used = COURT_PROFILES.map(() => new Set<string>());
  const records: PlannedDecision[] = [];
  const bgerIdx = COURT_PROFILES.findIndex((p) => p.key === 'bger');
  let seq = 0;
  COURT_PROFILES.forEach((profile, court) => {
    for (let n = 0; n < (counts[court] ?? 0); n++) {
      let planned: PlannedDecision | null = null;
      for (let attempt = 0; attempt < 50 && !planned; attempt++) {
        const { date, year } = drawDate(rng, profile.from, today);
        const chambers = profile.chambers
          .map((c, i) => [c, i] as const)
          .filter(
            ([c]) =>
              patternValid(c, year) &&
              (c.dockets.length === 0 || c.dockets.some((d) => patternValid(d, year))),
          );
        if (chambers.length === 0) continue;
        const chamber = rng.weighted(chambers.map(([c, i]) => [i, c.weight] as const));
        const cp = profile.chambers[chamber]!;
        const docket = cp.dockets.length > 0 ? drawDocket(cp.dockets, year, rng, used[court]!) : '';
        if (docket === null) continue;
        if (docket) used[court]!.add(docket);
        const placeholder = rng.chance(0.01);
        const oldStyle = year < 2000 && rng.chance(0.35);
        const lang = rng.weighted([
          ['de', profile.langs[0]],
          ['fr', profile.langs[1]],
          ['it', profile.langs[2]],
        ] as const);
        planned = {
          idx: -1,
          court,
          chamber,
          area: rng.pick(cp.areas),
          lang,
          date: placeholder ? `${year}-01-01` : date,
          placeholder,
          type: rng.weighted(cp.types ?? profile.types),
          docket,
          structure: drawStructure(rng, oldStyle).join('|'),
          oldStyle,
          seq: seq++,
        };
      }
      if (!planned) throw new Error(`cannot plan a decision for court ${profile.key}`);
      records.push(planned);
    }
  });
  const bgeRanges = assignCollections(records, rng, used, bgerIdx);
  records.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.court - b.court || a.seq - b.seq));
  records.forEach((r, i) => (r.idx = i));
  assignBvge(records, seed);
  return { records, used, bgeRanges };
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII'];

/**
 * About one Federal Administrative Court decision in five is published in BVGE: numbered per year
 * (`BVGE 2012/3`) until 2013, per year and division since (`BVGE 2019 IV/2`). Own random stream,
 * so that the rest of the plan does not change with it.
 */
function assignBvge(records: readonly PlannedDecision[], seed: number): void {
  const rng = new Rng(deriveSeed(seed, 4));
  const bvger = COURT_PROFILES.findIndex((p) => p.key === 'bvger');
  const next = new Map<string, number>();
  for (const r of records) {
    if (r.court !== bvger || r.placeholder || !rng.chance(0.2)) continue;
    const year = Number(r.date.slice(0, 4));
    const group = year <= 2013 ? `${year}` : `${year} ${ROMAN[r.chamber] ?? 'I'}`;
    const n = (next.get(group) ?? 0) + 1;
    next.set(group, n);
    r.bvge = `BVGE ${group}/${n}`;
  }
}

/** BGE references (volume = year − 1874, pages rising within volume and part) and MKGE numbers. */
function assignCollections(
  records: PlannedDecision[],
  rng: Rng,
  used: Set<string>[],
  bgerIdx: number,
): Map<string, { first: number; last: number }> {
  const bger = COURT_PROFILES[bgerIdx]!;
  const groups = new Map<string, PlannedDecision[]>();
  for (const r of records) {
    const key = COURT_PROFILES[r.court]!.key;
    if (key !== 'bge' && key !== 'mkg') continue;
    const year = Number(r.date.slice(0, 4));
    const chamber = COURT_PROFILES[r.court]!.chambers[r.chamber]!;
    const g =
      key === 'bge'
        ? `BGE|${year - 1874}|${BGE_PARTS[chamber.suffix]}`
        : `MKG|${11 + Math.floor((year - 1995) / 6)}`;
    const list = groups.get(g) ?? [];
    list.push(r);
    groups.set(g, list);
  }
  const ranges = new Map<string, { first: number; last: number }>();
  for (const [g, list] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
    const [kind, vol, part] = g.split('|');
    if (kind === 'MKG') {
      list.forEach((r, i) => (r.docket = `MKGE ${vol} Nr. ${i + 1}`));
      continue;
    }
    let page = rng.int(10, 60);
    const first = page;
    list.forEach((r, i) => {
      const pages = rng.int(4, 14);
      const year = Number(r.date.slice(0, 4));
      const divisions = bger.chambers
        .map((c, ci) => [c, ci] as const)
        .filter(
          ([c]) =>
            c.areas.includes(r.area) && patternValid(c, year) && c.dockets.some((d) => patternValid(d, year)),
        );
      const division =
        divisions.length > 0 ? rng.weighted(divisions.map(([c, ci]) => [ci, c.weight] as const)) : 0;
      const orig =
        drawDocket(bger.chambers[division]!.dockets, year, rng, used[bgerIdx]!) ??
        `${division + 1}A_${i + 1}/${year}`;
      used[bgerIdx]!.add(orig);
      r.docket = `BGE ${vol} ${part} ${page}`;
      r.bge = { vol: Number(vol), part: part!, page, pages, nr: i + 1, orig, division };
      page += pages;
    });
    ranges.set(`${vol}|${part}`, { first, last: page - 1 });
  }
  return ranges;
}
