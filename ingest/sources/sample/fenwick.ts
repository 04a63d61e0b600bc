/**
 * Fenwick (binary indexed) tree over non-negative weights: add a weight at a position, draw a
 * position with probability proportional to its weight, both in O(log n). Used to pick citation
 * targets among the decisions generated so far, skewed by popularity, without scanning them.
 */
export class WeightedPicker {
  private readonly tree: Float64Array;
  private size = 0;

  constructor(capacity: number) {
    this.tree = new Float64Array(capacity + 1);
  }

  get count(): number {
    return this.size;
  }

  /** Appends the next position with its weight; returns the position. */
  push(weight: number): number {
    const pos = this.size++;
    if (pos + 1 >= this.tree.length) throw new RangeError('WeightedPicker capacity exceeded');
    for (let i = pos + 1; i < this.tree.length; i += i & -i) this.tree[i]! += weight;
    return pos;
  }

  total(): number {
    let sum = 0;
    for (let i = this.size; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  /** Position whose cumulative weight interval contains `u` (0 ≤ u < total()). */
  find(u: number): number {
    let pos = 0;
    let rest = u;
    let step = 1;
    while (step * 2 < this.tree.length) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      if (next < this.tree.length && this.tree[next]! <= rest) {
        pos = next;
        rest -= this.tree[next]!;
      }
    }
    return Math.min(pos, this.size - 1);
  }
}
