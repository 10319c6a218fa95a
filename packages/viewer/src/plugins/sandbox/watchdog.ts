/** How often the watchdog looks at the workers. */
export const WATCH_EVERY_MS = 100;
/**
 * How much longer than its slice a worker may stay inside one entry before it is ended: QuickJS's
 * own interrupt stops plain loops at the slice; this only catches what it cannot reach.
 */
export const WATCH_GRACE_MS = 250;

/** What the watchdog looks at. */
export interface Watched {
  watch(now: number, graceMs: number): void;
}

/**
 * One timer on the page for every sandbox worker: a worker stuck in a built-in cannot interrupt
 * itself, so the page ends it (worker-sandbox.ts). Runs only while workers run.
 */
export class Watchdog {
  private readonly watched = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  add(sandbox: Watched): void {
    this.watched.add(sandbox);
    this.timer ??= setInterval(() => this.tick(), WATCH_EVERY_MS);
  }

  remove(sandbox: Watched): void {
    this.watched.delete(sandbox);
    if (this.watched.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  tick(): void {
    const now = this.now();
    for (const sandbox of [...this.watched]) sandbox.watch(now, WATCH_GRACE_MS);
  }
}
