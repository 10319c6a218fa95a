/**
 * Sends values one at a time, keeping only the latest that came while one was out: for a worker
 * that takes a while over each (a clustered time-dynamic layer's index, which a playing clock
 * would otherwise queue a time a frame for). A value equal to the last one given is not sent.
 */
export class LatestOnly<T> {
  private last: T | undefined;
  private out = false;
  private next: { value: T } | undefined;

  constructor(private readonly send: (value: T) => void) {}

  /** Sends `value` now if none is out, else keeps it (in place of any kept before) for `done`. */
  give(value: T): void {
    if (this.last !== undefined && Object.is(value, this.last)) return;
    this.last = value;
    if (this.out) {
      this.next = { value };
      return;
    }
    this.out = true;
    this.send(value);
  }

  /** The value out is done with: the one kept meanwhile, if any, is sent. */
  done(): void {
    this.out = false;
    const next = this.next;
    this.next = undefined;
    if (next) {
      this.out = true;
      this.send(next.value);
    }
  }
}
