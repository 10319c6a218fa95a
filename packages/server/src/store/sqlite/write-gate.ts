import { StoreBusyError } from '../store.js';

/**
 * How long a write of the server's connection waits for an import's commit before it is answered
 * 503 `unavailable` (docs/content-api.md, "Content models"): many times a large import's commit
 * (2 s for 150,000 rows in import-writes.test.ts), and within what an HTTP client waits for an answer.
 */
export const WRITE_WAIT_MS = 30_000;
/** What a write that waited too long tells its client to wait before it tries again (`Retry-After`). */
export const WRITE_RETRY_AFTER_S = 5;

/**
 * The SQLite store's writes on its own connection, kept out of the way of an import's commit on
 * another connection (the import worker's): while the commit holds SQLite's write lock (or is
 * about to take it) the gate is held, and a write waits for it as a promise, where SQLite's
 * `busy_timeout` would block the event loop (better-sqlite3 is synchronous) and fail the write
 * after 5 s. Writes and holds take turns in the order they came; a write that comes while nothing
 * is held runs at once, in the caller's turn, as it did without the gate. busy_timeout stays the
 * last resort for writers outside this process (the CLI).
 */
export class WriteGate {
  private holding = false;
  /** Writes and holds waiting, oldest first: empty whenever the gate is free. */
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** How long a write waits before it fails with StoreBusyError. */
    private readonly waitMs: number = WRITE_WAIT_MS,
  ) {
    if (!(waitMs > 0)) throw new RangeError(`waitMs must be a positive number of milliseconds, not ${waitMs}`);
  }

  /** Whether a hold is on: a write now would wait. */
  get held(): boolean {
    return this.holding;
  }

  /**
   * Runs `write` (synchronous statements on the store's connection): at once when the gate is free,
   * else once the holds before it ended, however they ended. Rejects with StoreBusyError when it
   * waited `waitMs` (the gate's, or Infinity for a write that must happen: the rest of a delete
   * already answered), and then never runs.
   */
  write<T>(write: () => T | Promise<T>, waitMs: number = this.waitMs): Promise<T> {
    if (!this.holding) return attempt(write);
    return new Promise<T>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        attempt(write).then(resolve, reject);
      };
      const timer =
        waitMs === Infinity
          ? undefined
          : setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(turn), 1);
              reject(new StoreBusyError(`an import is still recording its items: the write waited ${waitMs / 1000} s`, WRITE_RETRY_AFTER_S));
            }, waitMs);
      this.waiting.push(turn);
    });
  }

  /**
   * Runs `write` now unless a hold is on, in which case not at all: for bookkeeping that may be
   * left to a later request (a session's last use). Whether it ran.
   */
  writeIfFree(write: () => void): boolean {
    if (this.holding) return false;
    write();
    return true;
  }

  /**
   * Holds the gate while `hold` runs (an import's commit on another connection: settled once that
   * connection let go of the lock), after the writes and holds that came before it. Writes that
   * come meanwhile wait; when it settles, they run in order, whether it succeeded or failed.
   */
  async hold<T>(hold: () => Promise<T>): Promise<T> {
    if (this.holding) await new Promise<void>((resolve) => this.waiting.push(() => ((this.holding = true), resolve())));
    else this.holding = true;
    try {
      return await hold();
    } finally {
      this.holding = false;
      // Each write runs in this turn; a hold's turn takes the gate again and stops the loop.
      while (!this.holding && this.waiting.length > 0) this.waiting.shift()!();
    }
  }
}

/** `write`'s result as a promise, its throw as a rejection. */
function attempt<T>(write: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(write());
  } catch (err) {
    return Promise.reject(err as Error);
  }
}
