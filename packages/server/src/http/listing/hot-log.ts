import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { clientAddress, type ProxyTrust } from '../transport/client-address.js';

/** The request id's name in log lines: Fastify's default `requestIdLogLabel`, which the app keeps (the log test compares the lines). */
export const REQUEST_ID_LABEL = 'reqId';

/** Makes a request's id: `req-1`, `req-2`, … (Fastify's default format). */
export type RequestIds = (req: IncomingMessage) => string;

/**
 * The request ids of one app: Fastify's `genReqId`, and the hot path's, from one counter so that
 * ids stay unique across both. Wraps below 2^31 as Fastify's own generator does.
 */
export function requestIds(): RequestIds {
  let last = 0;
  return () => {
    last = (last + 1) & 0x7fffffff;
    return `req-${last.toString(36)}`;
  };
}

/** Logs a request that the hot path answers; call it before writing the answer. */
export type HotRequestLog = (req: IncomingMessage, res: ServerResponse, startedAt: number) => void;

/**
 * The lines Fastify's request logging writes for a routed request, for one the hot path answers
 * instead: `incoming request` with `req`, then on the response's end `request completed` with `res`
 * and `responseTime` (ms since the request reached the server), or `request errored`; each with the
 * request's id, through the app's logger and its serializers, so the lines have the same fields.
 * Nothing is made when the logger would drop `info` lines (levels above it).
 */
export function hotRequestLog(app: FastifyInstance, ids: RequestIds, trust: ProxyTrust = false): HotRequestLog {
  return (req, res, startedAt) => {
    if (!infoEnabled(app.log)) return;
    const log = app.childLoggerFactory.call(app, app.log, { [REQUEST_ID_LABEL]: ids(req) }, {}, req);
    log.info({ req: requestView(req, trust) }, 'incoming request');
    const done = (err?: Error) => {
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const responseTime = performance.now() - startedAt;
      if (err) log.error({ res: { statusCode: res.statusCode }, err, responseTime }, 'request errored');
      else log.info({ res: { statusCode: res.statusCode }, responseTime }, 'request completed');
    };
    res.on('finish', done);
    res.on('error', done);
  };
}

function infoEnabled(log: FastifyBaseLogger): boolean {
  const check = (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(log, 'info') : true;
}

/** What Fastify's `req` serializer reads of its request object, the client's address under the app's proxy trust. */
function requestView(req: IncomingMessage, trust: ProxyTrust) {
  return {
    method: req.method,
    url: req.url,
    headers: req.headers,
    host: forwardedHost(req, trust) ?? req.headers.host ?? req.headers[':authority'] ?? '',
    ip: clientAddress(req, trust),
    socket: req.socket,
  };
}

/** `X-Forwarded-Host`'s last entry when the nearest hop is a trusted proxy, as Fastify reads it. */
function forwardedHost(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  const header = req.headers['x-forwarded-host'];
  if (!trust || typeof header !== 'string' || !trust(req.socket.remoteAddress ?? '', 0)) return undefined;
  return header.slice(header.lastIndexOf(',') + 1).trim();
}
