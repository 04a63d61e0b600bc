/**
 * Progress of a long start-up step on the console. On a terminal: one line redrawn in place (bar,
 * done/total, rate, time left). Elsewhere (a log file, a pipe, CI): a plain line at every tenth of
 * the total, and at least every few seconds while something moves.
 */

/** Where progress goes: process.stderr, or anything with the same three members. */
export interface ProgressOutput {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(chunk: string): unknown;
}

export interface ProgressSnapshot {
  readonly done: number;
  /** Null when the size of the step is not known beforehand. */
  readonly total: number | null;
  readonly elapsedMs: number;
}

/** Items per second so far; null until there is enough to tell (some items, a quarter second). */
export function progressRate(done: number, elapsedMs: number): number | null {
  if (done <= 0 || elapsedMs < 250) return null;
  return (done * 1000) / elapsedMs;
}

/** Seconds left at the rate so far; null without a total or a rate. */
export function progressEta(done: number, total: number | null, rate: number | null): number | null {
  if (total === null || rate === null || rate <= 0) return null;
  return Math.max(0, total - done) / rate;
}

/** `7 s`, `2 min 05 s`, `1 h 02 min`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

function formatRate(rate: number): string {
  return rate >= 10 ? `${Math.round(rate)}/s` : `${rate.toFixed(1)}/s`;
}

const BAR_WIDTH = 24;

/**
 * One progress line: `label [#####-----] 1200/3000  40%  85/s  ETA 21 s` with `bar`, else
 * `label: 1200 of 3000 (40%), 85/s, about 21 s left`.
 */
export function formatProgress(label: string, snapshot: ProgressSnapshot, options: { bar: boolean }): string {
  const { done, total, elapsedMs } = snapshot;
  const rate = progressRate(done, elapsedMs);
  const eta = progressEta(done, total, rate);
  const share = total !== null && total > 0 ? Math.min(1, done / total) : null;
  const percent = share === null ? null : `${Math.floor(share * 100)}%`;
  if (options.bar) {
    const parts = [label];
    if (share !== null) {
      const filled = Math.round(share * BAR_WIDTH);
      parts.push(`[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`);
    }
    parts.push(total === null ? String(done) : `${done}/${total}`);
    if (percent) parts.push(percent);
    if (rate !== null) parts.push(formatRate(rate));
    if (eta !== null && done < (total ?? 0)) parts.push(`ETA ${formatDuration(eta)}`);
    return parts.join('  ');
  }
  const details = [total === null ? String(done) : `${done} of ${total} (${percent ?? '0%'})`];
  if (rate !== null) details.push(formatRate(rate));
  if (eta !== null && done < (total ?? 0)) details.push(`about ${formatDuration(eta)} left`);
  return `${label}: ${details.join(', ')}`;
}

export interface ProgressOptions {
  /** Milliseconds since some fixed point (default: performance.now). */
  readonly now?: () => number;
  /** Plain output: at most this long between two lines while the count moves (ms). */
  readonly plainIntervalMs?: number;
  /** Terminal output: at most this many redraws a second. */
  readonly redrawPerSecond?: number;
}

/** The progress of one step; `update` as items get done, `finish` once at the end. */
export class Progress {
  private readonly now: () => number;
  private readonly started: number;
  private readonly tty: boolean;
  private done = 0;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private lastPlainDone = -1;
  private nextTenth = 1;
  private finished = false;

  constructor(
    private readonly label: string,
    private total: number | null,
    private readonly out: ProgressOutput,
    private readonly options: ProgressOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.started = this.now();
    this.tty = out.isTTY === true;
  }

  /** `done` items so far; a new `total` when the step learnt its size (or found it grew). */
  update(done: number, total?: number | null): void {
    if (this.finished) return;
    if (total !== undefined) this.total = total;
    if (this.total !== null && done > this.total) this.total = done;
    this.done = done;
    const now = this.now();
    if (this.tty) {
      if (now - this.lastDraw < 1000 / (this.options.redrawPerSecond ?? 10)) return;
      this.lastDraw = now;
      this.redraw(this.line(now));
      return;
    }
    if (done === this.lastPlainDone) return;
    // The first count is always shown: the step has begun.
    const first = this.lastPlainDone < 0;
    const crossedTenth = this.total !== null && this.total > 0 && done >= (this.total * this.nextTenth) / 10;
    const waited = now - Math.max(this.lastDraw, this.started) >= (this.options.plainIntervalMs ?? 5000);
    if (!first && !crossedTenth && !waited) return;
    if (this.total !== null && this.total > 0)
      while (this.nextTenth <= 10 && done >= (this.total * this.nextTenth) / 10) this.nextTenth++;
    // The last tenth is the end of the step: `finish` says that.
    if (!first && this.total !== null && done >= this.total) return;
    this.lastDraw = now;
    this.lastPlainDone = done;
    this.out.write(`${this.line(now)}\n`);
  }

  /** Ends the step: `summary`, or the final count, on a line of its own. */
  finish(summary?: string): void {
    if (this.finished) return;
    this.finished = true;
    const line = summary ?? this.line(this.now());
    if (this.tty) {
      this.redraw(line);
      this.out.write('\n');
    } else this.out.write(`${line}\n`);
  }

  private line(now: number): string {
    return formatProgress(
      this.label,
      { done: this.done, total: this.total, elapsedMs: now - this.started },
      { bar: this.tty },
    );
  }

  private redraw(line: string): void {
    // A terminal of unknown size (0 columns, e.g. a pseudo-terminal nobody sized) counts as 80.
    const columns = this.out.columns && this.out.columns >= 20 ? this.out.columns : 80;
    const width = columns - 1;
    const fitted = line.length > width ? line.slice(0, width) : line;
    this.out.write(`\r${fitted}\u001b[K`);
  }
}
