import autocannon from 'autocannon';

export const CONNECTIONS = 50;

/**
 * Loads `url` with autocannon for `seconds`. `nextPath`, when given, picks the path of every
 * request. Returns requests per second, p99 latency, and failures.
 */
export async function measureLoad({ url, seconds, nextPath }) {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`load only 127.0.0.1, not ${url}`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: nextPath ? [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] : undefined,
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
