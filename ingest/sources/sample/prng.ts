/**
 * Seeded pseudo-random numbers for the sample corpus. mulberry32: tiny, fast and good enough for
 * synthetic data; every stream is derived from the corpus seed so that output is reproducible.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An item drawn with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let u = this.next() * total;
    for (const [item, w] of items) {
      u -= w;
      if (u < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct items (fewer when the list is shorter), in list order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const idx = items.map((_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx
      .slice(0, count)
      .sort((a, b) => a - b)
      .map((i) => items[i] as T);
  }

  /** Pareto-distributed value ≥ 1 (heavy tail for alpha near 1). */
  pareto(alpha: number): number {
    return 1 / Math.pow(1 - this.next(), 1 / alpha);
  }
}

/** A 32-bit seed derived from a base seed and a few integers (FNV-1a style mixing). */
export function deriveSeed(base: number, ...parts: number[]): number {
  let h = (2166136261 ^ (base >>> 0)) >>> 0;
  for (const p of [...parts, parts.length]) {
    h = Math.imul(h ^ (p >>> 0), 16777619) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995) >>> 0;
    h ^= h >>> 15;
  }
  return h >>> 0;
}
