import { vi } from 'vitest';

/**
 * Runs `body` with `performance.now()` standing still, so that a per-second message budget sees
 * one instant however long a loaded machine takes to run the plugin's loop.
 */
export function withStillClock<T>(body: () => T): T {
  vi.useFakeTimers({ toFake: ['performance'] });
  try {
    return body();
  } finally {
    vi.useRealTimers();
  }
}
