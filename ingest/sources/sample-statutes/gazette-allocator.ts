/**
 * Official-gazette references of the sample's amendments, allocated so that first pages never
 * collide: the official compilation (AS/RO/RU) has one pagination, the Federal Gazette one per
 * language (BBl de, FF fr, FF it), and from 2021 the number is the id (domain.md).
 */
import { DIRECT_FROM_YEAR } from '../../../contracts/laws/gazette-refs.ts';
import type { Lang } from './wording.ts';

export interface SampleGazetteRef {
  readonly year: number;
  /** Per language: identical for the official compilation, different for the Federal Gazette. */
  readonly page: Readonly<Record<Lang, number>>;
  readonly eli: string;
}

export interface Amendment {
  /** Official compilation (AS/RO/RU). */
  readonly oc: SampleGazetteRef;
  /** The Federal Council's message in the Federal Gazette (BBl/FF). */
  readonly fga: SampleGazetteRef;
  /** Date of the amending act (for the footnote wording). */
  readonly enacted: string;
}

export class GazetteAllocator {
  private readonly next = new Map<string, number>();
  private readonly ids = new Map<string, number>();
  private readonly cache = new Map<string, Amendment>();

  /** The amendment behind a consolidation (stable per key: the same act and version give the same refs). */
  amendment(key: string, inForce: string): Amendment {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const year = Number(inForce.slice(0, 4)) - (inForce.slice(5) === '01-01' ? 1 : 0);
    const enacted = `${year}-${String(3 + (this.cache.size % 9)).padStart(2, '0')}-${String(10 + (this.cache.size % 18)).padStart(2, '0')}`;
    const amendment: Amendment = { oc: this.ref('oc', year), fga: this.ref('fga', year - 1), enacted };
    this.cache.set(key, amendment);
    return amendment;
  }

  private ref(collection: 'oc' | 'fga', year: number): SampleGazetteRef {
    const id = (this.ids.get(`${collection}|${year}`) ?? 40) + 7;
    this.ids.set(`${collection}|${year}`, id);
    if (year >= DIRECT_FROM_YEAR) {
      // The reference is the id in every language.
      const n = id * 3;
      return { year, page: { de: n, fr: n, it: n }, eli: `eli/${collection}/${year}/${n}` };
    }
    const page = (lang: Lang | 'oc') => {
      const k = `${collection}|${year}|${lang}`;
      const p =
        (this.next.get(k) ?? (lang === 'fr' ? 211 : lang === 'it' ? 307 : 101)) + 23 + ((id * 13) % 61);
      this.next.set(k, p);
      return p;
    };
    if (collection === 'oc') {
      const p = page('oc');
      return { year, page: { de: p, fr: p, it: p }, eli: `eli/oc/${year}/${id}` };
    }
    return { year, page: { de: page('de'), fr: page('fr'), it: page('it') }, eli: `eli/fga/${year}/${id}` };
  }
}
