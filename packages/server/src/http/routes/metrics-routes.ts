import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from '../../metrics/server-metrics.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import type { HotRequestLog } from '../listing/hot-log.js';
import { hotRoute } from '../listing/hot-targets.js';
import { bearerToken } from '../project-param.js';

/** The label of a request no route matched: the raw URL would make a series per URL. */
const UNMATCHED = 'unmatched';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Counts every answer the app routes, by its route's pattern, when metrics are on. Installed before
 * any route, so that every one has the hook.
 */
export function installRequestMetrics(app: FastifyInstance, ctx: AppContext): void {
  const figures = ctx.metrics?.figures;
  if (!figures) return;
  app.addHook('onResponse', async (request, reply) => {
    figures.request(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * `GET /metrics` in Prometheus's text format, for `Authorization: Bearer $ORBIS_METRICS_TOKEN`
 * (401 `unauthorized` otherwise). Without ORBIS_METRICS_TOKEN it is not registered, so it is the
 * app's 404, and nothing is counted (docs/operations.md, "Watch").
 */
export function metricsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const metrics = ctx.metrics;
  if (!metrics) return;
  const expected = digest(metrics.token);
  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics (ORBIS_METRICS_TOKEN)', response: { 200: { description: 'Prometheus text format 0.0.4', type: 'string' } } } },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      // Compared as digests: equal lengths, and no early exit that times the token's prefix.
      if (token === undefined || !timingSafeEqual(digest(token), expected)) {
        throw new ApiError('unauthorized', 'GET /metrics needs Authorization: Bearer <ORBIS_METRICS_TOKEN>');
      }
      const { text, contentType } = await metrics.figures.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    },
  );
}

/** A hot-path log that also counts the request when it finishes, under its route's pattern. */
export function withHotRequestMetrics(log: HotRequestLog | undefined, metrics: ServerMetrics | undefined): HotRequestLog | undefined {
  if (!metrics) return log;
  return (req, res, startedAt) => {
    log?.(req, res, startedAt);
    res.once('finish', () => metrics.request(req.method ?? 'GET', hotRoute(req.url ?? ''), res.statusCode, (performance.now() - startedAt) / 1000));
  };
}
