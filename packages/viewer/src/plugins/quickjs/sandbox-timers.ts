/** The shortest interval a plugin's timer repeats at, as browsers clamp nested timers. */
export const MIN_INTERVAL_MS = 4;
/** How long one batch of due timers may run before the rest wait for the next turn. */
export const TIMER_BATCH_MS = 10;

/**
 * Shared by every sandbox of a page: after a batch of plugin timers has run for `t` ms, no plugin
 * timer runs for the next `t` ms. So plugin timers together use at most about half of the main
 * thread, however many there are or however long each runs, and the viewer keeps drawing.
 */
export class TimerPacer {
  /** No plugin timer starts before this time (ms since the epoch). */
  notBefore = 0;

  spent(startedAt: number, endedAt: number): void {
    this.notBefore = Math.max(this.notBefore, endedAt + (endedAt - startedAt));
  }
}

interface Timer {
  due: number;
  ms: number;
  repeat: boolean;
}

/**
 * One extension's timers, driven by a single host timeout for the earliest due one instead of a
 * host timer each: a flood of intervals costs one wake-up, and the pacer spaces the batches.
 */
export class SandboxTimers {
  private readonly timers = new Map<number, Timer>();
  private wake: ReturnType<typeof setTimeout> | undefined;
  private wakeAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly run: (id: number) => void,
    private readonly pacer: TimerPacer,
  ) {}

  add(id: number, ms: number, repeat: boolean): void {
    const delay = Number.isFinite(ms) ? Math.max(ms, repeat ? MIN_INTERVAL_MS : 0) : 0;
    this.timers.set(id, { due: Date.now() + delay, ms: delay, repeat });
    this.schedule();
  }

  clear(id: number): void {
    this.timers.delete(id);
  }

  clearAll(): void {
    this.timers.clear();
    clearTimeout(this.wake);
    this.wake = undefined;
    this.wakeAt = Number.POSITIVE_INFINITY;
  }

  private schedule(): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const timer of this.timers.values()) earliest = Math.min(earliest, timer.due);
    if (earliest === Number.POSITIVE_INFINITY) return;
    const at = Math.max(earliest, this.pacer.notBefore);
    if (this.wake !== undefined && this.wakeAt <= at) return;
    clearTimeout(this.wake);
    this.wakeAt = at;
    this.wake = setTimeout(() => this.fire(), Math.max(0, at - Date.now()));
  }

  private fire(): void {
    this.wake = undefined;
    this.wakeAt = Number.POSITIVE_INFINITY;
    const startedAt = Date.now();
    if (startedAt < this.pacer.notBefore) return this.schedule();
    const due = [...this.timers].filter(([, t]) => t.due <= startedAt).sort((a, b) => a[1].due - b[1].due);
    for (const [id, timer] of due) {
      if (Date.now() - startedAt >= TIMER_BATCH_MS) break;
      // A timer cleared by an earlier one in this batch does not run.
      if (this.timers.get(id) !== timer) continue;
      if (timer.repeat) timer.due = Math.max(timer.due + timer.ms, Date.now());
      else this.timers.delete(id);
      this.run(id);
    }
    this.pacer.spent(startedAt, Date.now());
    this.schedule();
  }
}
