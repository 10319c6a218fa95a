import autocannon, { type AutocannonResult } from 'autocannon';

/** Connections in all, shared evenly between the target processes. */
export const CONNECTIONS = 50;

/** What autocannon saw. Speed is reported, never asserted. */
export interface LoadFigures {
  seconds: number;
  requests: number;
  rps: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
}

/**
 * The next request target, in turn: cursor pages (cursors made before the load, which must stay
 * valid while assets come and go), page and offset pages with the page size's aliases, the
 * `/assets` alias, and now and then the whole streamed list.
 */
export function listingTargets(alias: string, cursors: string[], publicCount: number): () => string {
  const base = `/api/p/${alias}`;
  const pages = Math.max(1, Math.ceil(publicCount / 50));
  let n = 0;
  return () => {
    n += 1;
    const cursor = cursors.length > 0 ? cursors[n % cursors.length]! : undefined;
    switch (n % 8) {
      case 0:
        return n % 200 === 0 ? `${base}/assets.json` : `${base}/assets.json?per_page=10&page=${1 + (n % (pages * 5))}`;
      case 1:
      case 2:
        return cursor ? `${base}/assets.json?limit=50&start_cursor=${encodeURIComponent(cursor)}` : `${base}/assets.json?limit=50`;
      case 3:
        return `${base}/assets.json?page=${1 + (n % pages)}&limit=50`;
      case 4:
        return `${base}/assets.json?offset=${(n * 37) % publicCount}&pageSize=25`;
      case 5:
        return cursor ? `${base}/assets?limit=100&start_cursor=${encodeURIComponent(cursor)}` : `${base}/assets?limit=100`;
      case 6:
        return `${base}/assets.json?page_size=5&offset=${publicCount - 3}`;
      default:
        return `${base}/assets.json?perPage=20&page=${pages * 3}`;
    }
  };
}

/** Loads the listing of every url in `urls` for `seconds` at once, with `key`; sums the figures. */
export async function loadListing(urls: string[], key: string, seconds: number, nextTarget: () => string): Promise<LoadFigures> {
  for (const url of urls) if (new URL(url).hostname !== '127.0.0.1') throw new Error(`load only 127.0.0.1, not ${url}`);
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: CONNECTIONS / urls.length,
        duration: seconds,
        // A request is given up after a minute, not autocannon's default 10 s: the load test asks that none is, and
        // a runner shared with other work may hold one for seconds (the answer, not its speed, is what it checks).
        timeout: 60,
        headers: { authorization: `Bearer ${key}` },
        requests: [{ setupRequest: (request) => ({ ...request, path: nextTarget() }) }],
      }),
    ),
  );
  return sumFigures(results);
}

function sumFigures(results: AutocannonResult[]): LoadFigures {
  const statuses: Record<string, number> = {};
  for (const r of results) for (const [code, { count }] of Object.entries(r.statusCodeStats)) statuses[code] = (statuses[code] ?? 0) + count;
  const sum = (pick: (r: AutocannonResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    seconds,
    requests: sum((r) => r.requests.total),
    rps: Math.round(sum((r) => r.requests.total) / seconds),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    statuses,
  };
}
