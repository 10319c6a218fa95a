/** Messages one sender (a UI frame, an extension) may send a plugin per second; a flood beyond is dropped, said once. */
export const MAX_MESSAGES_PER_SECOND = 200;

/**
 * A per-second allowance of messages for one sender: every message enters a sandbox, so a
 * sender that floods them must not hold the page. `admit` answers whether this one may pass.
 */
export class MessageBudget {
  private start = 0;
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
