/** Messages one sender (a UI frame, an extension) may send per second; a flood beyond is refused, said once. */
export const MAX_MESSAGES_PER_SECOND = 200;

/**
 * Refused messages in one second after which a plugin that sends them is stopped: it went on
 * past that many TypeErrors, so it is flooding, not bursting.
 */
export const MAX_REFUSED_PER_SECOND = MAX_MESSAGES_PER_SECOND;

/** What the budget answers for one message: it passes, it is refused, or its sender keeps flooding. */
export type Admission = 'admitted' | 'refused' | 'flooding';

/**
 * A per-second allowance of messages for one sender: every message enters a sandbox or a frame,
 * so a sender that floods them must not hold the page. `take` answers for each message.
 */
export class MessageBudget {
  /** When the current second began; none yet (performance.now() starts near 0 in a new page or worker). */
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly warn: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * `admitted` for the first {@link MAX_MESSAGES_PER_SECOND} of a second; then `refused` (the
   * first refusal calls `warn`), and `flooding` once {@link MAX_REFUSED_PER_SECOND} were refused.
   */
  take(): Admission {
    const now = this.now();
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count <= MAX_MESSAGES_PER_SECOND) return 'admitted';
    if (this.count === MAX_MESSAGES_PER_SECOND + 1) this.warn();
    return this.count > MAX_MESSAGES_PER_SECOND + MAX_REFUSED_PER_SECOND ? 'flooding' : 'refused';
  }

  /** Whether this message may pass (a sender that cannot be told, a frame: the rest are dropped). */
  admit(): boolean {
    return this.take() === 'admitted';
  }
}
