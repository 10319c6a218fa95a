// Runs in the mvt layer's worker (vector-tile-worker.ts).

/** How long a tile is asked for again while its server answers 503 (a large file still being indexed). */
const GIVE_UP_MS = 15 * 60_000;
/** The wait between asks when the server names none, and the longest wait it may name. */
const DEFAULT_RETRY_S = 5;
const MAX_RETRY_S = 60;

/** The wait a 503's `Retry-After` asks for (seconds; a date is not honoured), in ms. */
export function retryAfterMs(header: string | null): number {
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return (Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, MAX_RETRY_S) : DEFAULT_RETRY_S) * 1000;
}

/**
 * A tile's bytes, or undefined where a tile set has nothing (204, or a 404 without a reason: a
 * tile never made). A 503 is asked again after its `Retry-After`, for up to 15 minutes: Orbis's
 * server answers so while it indexes a large file (docs/viewer.md, "Tiles"). Any other failure,
 * and a 404 that says why, throws.
 */
export async function fetchTile(url: string, headers: Record<string, string> | undefined): Promise<Uint8Array | undefined> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(url, { headers: headers ?? {} });
    if (response.status === 503 && Date.now() - started < GIVE_UP_MS) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response.headers.get('Retry-After'))));
      continue;
    }
    if (response.status === 204) return undefined;
    if (response.status === 404) {
      const reason = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
      if (reason?.error?.message) throw new Error(reason.error.message);
      return undefined;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
