import autocannon from 'autocannon';

export const CONNECTIONS = 50;

/**
 * Loads the server at `origin` with autocannon for `seconds`, each request's path picked at random
 * from `paths`. Every run, the ceiling's included, takes its paths this same way, so that
 * autocannon (which shares the CPUs with the server) does the same work per request in each:
 * a request rebuilt per request for one run and pre-built for another would favour the latter.
 * Returns requests per second, p99 latency, and failures.
 */
export async function measureLoad({ origin, paths, seconds, headers }) {
  if (new URL(origin).hostname !== '127.0.0.1') throw new Error(`load only 127.0.0.1, not ${origin}`);
  if (paths.length === 0) throw new Error('no request paths to load');
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    // Revalidations (If-None-Match) answer 304, which autocannon counts as 2xx-3xx: not a failure.
    headers,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[Math.floor(Math.random() * paths.length)];
          return request;
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
