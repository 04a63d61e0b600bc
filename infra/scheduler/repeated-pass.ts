/**
 * A pass run over and over in the background: the next one `intervalMs` after the previous one
 * ended (never two at once), until stopped. A failed pass goes to `onError` and the next one runs
 * as planned.
 */
export class RepeatedPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the passes: the first at once (`immediately`) or after `intervalMs`. */
  start({ immediately }: { immediately: boolean }): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (immediately) this.tick();
    else this.timer = setTimeout(() => this.tick(), this.intervalMs);
  }

  /** Stops after the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    this.timer = null;
    this.running = this.pass()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.timer = setTimeout(() => this.tick(), this.intervalMs);
      });
  }
}
