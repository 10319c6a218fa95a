/** Where an asset stands as the public listing sees it. */
export type ListingState = 'absent' | 'public' | 'private';

/** A change the test asked for: sent at `sentAt`, answered at `doneAt` (performance.now() ms). */
interface Transition {
  sentAt: number;
  doneAt: number;
  to: ListingState;
}

/**
 * What the test did to each asset and when. The server may apply a change at any moment between
 * the request and its answer, so an asset's state is certain only outside those windows. A cursor
 * walk is judged against that: what was certainly public throughout must appear, and nothing may
 * appear that could not have been public while its page was read.
 */
export class AssetLedger {
  private readonly history = new Map<string, Transition[]>();

  /** An asset that existed, in this state, before anything was measured. */
  seeded(id: string, isPublic: boolean): void {
    this.history.set(id, [{ sentAt: -Infinity, doneAt: -Infinity, to: isPublic ? 'public' : 'private' }]);
  }

  /** A change to `id`, answered. Changes of one asset must be recorded in the order they were made. */
  record(id: string, sentAt: number, doneAt: number, to: ListingState): void {
    const list = this.history.get(id) ?? [];
    const last = list[list.length - 1];
    if (last && last.doneAt > sentAt) throw new Error(`changes of ${id} overlap: one was sent before the previous was answered`);
    list.push({ sentAt, doneAt, to });
    this.history.set(id, list);
  }

  /** The state after the last answered change. */
  finalState(id: string): ListingState {
    const list = this.history.get(id);
    return list?.[list.length - 1]?.to ?? 'absent';
  }

  /** Every id the test ever made or seeded. */
  ids(): string[] {
    return [...this.history.keys()];
  }

  /** Ids certainly public from `t0` to `t1`: public before `t0`, and no change in flight meanwhile. */
  publicThroughout(t0: number, t1: number): string[] {
    const out: string[] = [];
    for (const [id, list] of this.history) {
      if (list.some((t) => t.sentAt <= t1 && t.doneAt >= t0)) continue;
      if (confirmedBefore(list, t0) === 'public') out.push(id);
    }
    return out;
  }

  /** Whether `id` could have been public at some moment from `t0` to `t1`. */
  couldBePublic(id: string, t0: number, t1: number): boolean {
    const list = this.history.get(id);
    if (!list) return false;
    if (confirmedBefore(list, t0) === 'public') return true;
    return list.some((t) => t.sentAt <= t1 && t.doneAt >= t0 && t.to === 'public');
  }
}

function confirmedBefore(list: Transition[], t0: number): ListingState {
  let state: ListingState = 'absent';
  for (const t of list) if (t.doneAt < t0) state = t.to;
  return state;
}
