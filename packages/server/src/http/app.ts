import { publishedUrlLayerRoutes, urlLayerRoutes } from './files/url-layer-routes.js';
import { createServer } from 'node:http';
import cors from '@fastify/cors';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { DEFAULT_TIMEOUTS } from '../config/serve-config.js';
import type { AppContext } from './app-context.js';
import { assetRoutes } from './routes/asset-routes.js';
import { auditRoutes } from './auth/audit-routes.js';
import { authRoutes } from './auth/auth-routes.js';
import { guardRoutes } from './auth/guard.js';
import { invitationRoutes } from './auth/invitations.js';
import { redactingLogger } from './auth/log-redaction.js';
import { memberRoutes } from './auth/member-routes.js';
import { projectInvitationRoutes } from './auth/project-invitation-routes.js';
import { tokenRoutes } from './auth/token-routes.js';
import { userRoutes } from './auth/user-routes.js';
import { errorBody } from './transport/api-error.js';
import { holdBodyToIdleLimit } from './transport/body-idle-timeout.js';
import { acceptEmptyJsonBodies } from './transport/empty-json-body.js';
import { installErrorHandling } from './transport/error-handler.js';
import { adminFileRoutes, fileRoutes } from './files/file-routes.js';
import { contentRoutes } from './routes/content-routes.js';
import { installCompression } from './transport/compression.js';
import { NO_CORS, PUBLIC_CORS, PUBLIC_PREFIXES } from './transport/cors-policy.js';
import { type HotPath, hotListing } from './listing/hot-listing.js';
import { hotRequestLog, requestIds } from './listing/hot-log.js';
import { keyRoutes } from './routes/key-routes.js';
import { installRequestMetrics, metricsRoutes, withHotRequestMetrics } from './routes/metrics-routes.js';
import { readinessRoutes } from './routes/readiness-routes.js';
import { modelRoutes } from './routes/model-routes.js';
import { itemVersionRoutes } from './routes/item-version-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import { requestRoutes } from './routes/request-routes.js';
import { installOpenApi } from './transport/openapi.js';
import { pageRoutes, PRECOMPRESSED_PREFIXES } from './pages/page-routes.js';
import { pluginRoutes } from './routes/plugin-routes.js';
import { projectImportRoute } from './routes/project-import-route.js';
import { projectRoutes } from './routes/project-routes.js';
import { publicRoutes } from './routes/public-routes.js';
import { adminRasterRoutes, rasterRoutes } from './files/raster-routes.js';
import { adminUrlRasterRoutes, urlRasterRoutes } from './files/url-raster-routes.js';
import { sceneRoutes } from './routes/scene-routes.js';
import { liveRoute } from './routes/live-route.js';

/** How many files one upload request may carry; past it, 413 `payload_too_large`. */
export const MAX_UPLOAD_FILES = 100;

/** Builds the Fastify app for a context; the caller listens. */
export async function buildApp(ctx: AppContext, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  // The hot path answers some listing requests before Fastify routes them; it logs them as Fastify
  // would (same lines, same ids), so it runs at every log level. Made once the app exists.
  let hot: HotPath | undefined;
  const ids = requestIds();
  const timeouts = ctx.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    logger: redactingLogger(logger),
    genReqId: ids,
    // A socket silent this long before its request is in is closed (a stalled head or body);
    // one whose body keeps moving is not (`holdBodyToIdleLimit`).
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    serverFactory: (handler, options) => {
      const server = createServer(
        // Node checks the head and request deadlines on this beat (30 s by default).
        { connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs || Infinity) / 4))) },
        (req, res) => {
          holdBodyToIdleLimit(req, timeouts.idleMs);
          if (!hot) return handler(req, res);
          hot(req, res).then(
            (answered) => answered || handler(req, res),
            (error: unknown) => {
              // The app answers from the start (and answers the same failure as its routes do); the
              // hot path's own failure is logged, not lost.
              app.log.error({ err: error, url: req.url }, 'the listing hot path failed; the app answers instead');
              handler(req, res);
            },
          );
        },
      );
      // What Fastify sets on a server it makes itself, and the head's deadline, which it does not.
      const set = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      // Node puts an answered socket on this timer, also when the client has not sent the whole
      // body it announced: so it is no longer than the idle limit.
      server.keepAliveTimeout = Math.min(set.keepAliveTimeout, timeouts.idleMs);
      server.requestTimeout = set.requestTimeout;
      server.headersTimeout = set.requestTimeout > 0 ? Math.min(timeouts.headersMs, set.requestTimeout) : timeouts.headersMs;
      server.setTimeout(set.connectionTimeout);
      return server;
    },
    trustProxy: ctx.trustProxy ?? false,
    // Long enough that an over-long alias or id is a 404 of ours, not the router's 414.
    routerOptions: { maxParamLength: 10_000 },
    // Route schemas check what they declare and nothing more: no coercion, no removal, no defaults,
    // so that what a handler sees is what the client sent (docs/contract.md §2's pagination rules live in code).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, strictTypes: false } },
    // Errors that happen before a route runs still answer in the error envelope.
    frameworkErrors: (error, _request, reply) => {
      const body = JSON.stringify(errorBody('invalid_parameter', `the request could not be read: ${error.message}`));
      (reply as FastifyReply).code(400).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler: (error, socket) => {
      const body = JSON.stringify(errorBody('invalid_parameter', `the request could not be read (${(error as { code?: string }).code ?? 'bad request'})`));
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else {
        socket.destroy(error);
      }
    },
  });
  hot = hotListing(ctx, withHotRequestMetrics(logger ? hotRequestLog(app, ids, ctx.trustProxy ?? false) : undefined, ctx.metrics?.figures));
  // Before any hook or route: the plugin wraps those registered after it.
  await ctx.tracing?.instrument(app);
  // A refused body is read up to the largest upload this server accepts (ORBIS_MAX_UPLOAD_MB) before the answer.
  installErrorHandling(app, { drainBytes: ctx.maxUploadBytes });
  installRequestMetrics(app, ctx);
  acceptEmptyJsonBodies(app);
  // Answers keep the exact text and key order their handlers make: response schemas document them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await installCompression(app, PRECOMPRESSED_PREFIXES);
  await installOpenApi(app);

  await app.register(cors, () => (request: { url?: string }, callback: (e: Error | null, o: object) => void) => {
    const url = request.url ?? '';
    callback(null, PUBLIC_PREFIXES.some((p) => url.startsWith(p)) ? PUBLIC_CORS : NO_CORS);
  });
  await app.register(cookie);
  liveRoute(app, ctx);
  await app.register(multipart, {
    // MAX_UPLOAD_FILES files a request; their total is bounded by the upload route.
    limits: { fileSize: ctx.maxUploadBytes, files: MAX_UPLOAD_FILES, fields: 100, fieldSize: 1024 * 1024, parts: MAX_UPLOAD_FILES + 100 },
  });

  app.get('/healthz', { schema: { summary: 'Liveness', response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({
    ok: true,
  }));
  readinessRoutes(app, ctx);
  metricsRoutes(app, ctx);
  publicRoutes(app, ctx);
  contentRoutes(app, ctx);
  fileRoutes(app, ctx);
  rasterRoutes(app, ctx);
  urlRasterRoutes(app, ctx);
  await pageRoutes(app, ctx);
  publishedUrlLayerRoutes(app, ctx);
  authRoutes(app, ctx);
  invitationRoutes(app, ctx);
  // Every route in here is guarded: authenticated, held to its least role, audited (auth/guard.ts).
  await app.register(async (management) => {
    guardRoutes(management, ctx);
    projectRoutes(management, ctx);
    projectImportRoute(management, ctx);
    assetRoutes(management, ctx);
    keyRoutes(management, ctx);
    sceneRoutes(management, ctx);
    pluginRoutes(management, ctx);
    modelRoutes(management, ctx);
    itemVersionRoutes(management, ctx);
    webhookRoutes(management, ctx);
    requestRoutes(management, ctx);
    adminFileRoutes(management, ctx);
    adminRasterRoutes(management, ctx);
    adminUrlRasterRoutes(management, ctx);
    memberRoutes(management, ctx);
    projectInvitationRoutes(management, ctx);
    auditRoutes(management, ctx);
    userRoutes(management, ctx);
    tokenRoutes(management, ctx);
    urlLayerRoutes(management, ctx);
  });
  return app;
}
