/** Messages one sender (a UI frame, an extension) may send a plugin per second; a flood beyond is dropped, said once. */
export const MAX_MESSAGES_PER_SECOND = 200;

/**
 * A per-second allowance of messages for one sender: every message enters a sandbox, so a
 * sender that floods them must not hold the page. `admit` answers whether this one may pass.
 */
export class MessageBudget {
  /** When the current second began; none yet (performance.now() starts near 0 in a new page or worker). */
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly warn: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  admit(): boolean {
    const now = this.now();
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count === MAX_MESSAGES_PER_SECOND + 1) this.warn();
    return this.count <= MAX_MESSAGES_PER_SECOND;
  }
}
