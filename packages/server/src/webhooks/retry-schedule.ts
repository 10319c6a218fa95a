/**
 * How long a failed delivery waits before its next try, by the number of tries so far (Svix's
 * schedule, which Standard Webhooks describes): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. The
 * eighth try is the last; the tries span 27 h 35 min, more than the day docs/contract.md §16 asks.
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** When the next try of a delivery that failed its `attempts`-th try is due, or null: it is given up. */
export function nextTryAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
