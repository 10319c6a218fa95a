import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OrbisConfig } from './config/serve-config.js';
import { createContext } from './context.js';
import { DEMO_ALIAS, seedDemo } from './demo/seed-demo.js';
import type { AppContext } from './http/app-context.js';
import { buildApp } from './http/app.js';
import { startTracing } from './metrics/tracing.js';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** `http://HOST:PORT` with the real port. */
  url: string;
  close(): Promise<void>;
}

/** How long a stop waits for in-flight requests before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Closes the app without waiting on idle keep-alive connections. Fastify closes the connections
 * that are idle when `close` starts; one whose response finishes a moment later would otherwise
 * stay open until its keep-alive timeout. In-flight requests get SHUTDOWN_GRACE_MS to finish.
 */
async function closeApp(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Opens the data, seeds the demo when asked, listens, and resolves once ready to serve. */
export async function startServer(
  config: OrbisConfig,
  options: { quiet?: boolean; env?: NodeJS.ProcessEnv; logStream?: NodeJS.WritableStream } = {},
): Promise<RunningServer> {
  const tracing = await startTracing(options.env ?? process.env);
  const ctx = await createContext(config, options.env, { metrics: true, tracing });
  if (config.demo) await seedDemo(ctx.store, ctx.projects, ctx.assets, ctx.scenes, ctx.plugins);
  // Log lines go to stdout, or to `logStream` (tests read them there).
  const logger = options.quiet ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) };
  const app = await buildApp(ctx, logger);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${hostForUrl(config.host)}:${port}`;
  ctx.publicUrl = config.publicUrl ?? url;
  // Files left by a crash between writing and recording: cleaned in the background.
  ctx.assets.sweepIfDue().catch((err: unknown) => app.log.warn({ err }, 'orphan sweep failed'));
  // GeoTIFF conversions a stopped process left unfinished are made again (docs/rasters.md).
  ctx.assets.conversions?.resume().catch((err: unknown) => app.log.warn({ err }, 'resuming GeoTIFF conversions failed'));
  // Webhook deliveries due, those left by a stop included, are sent from now on.
  ctx.deliveries.start();
  let closing: Promise<void> | undefined;
  return {
    app,
    ctx,
    url,
    close: () =>
      (closing ??= (async () => {
        await closeApp(app);
        await ctx.deliveries.stop();
        ctx.assets.conversions?.stop();
        await ctx.assets.close();
        await ctx.tiles.close();
        await ctx.store.close();
        await tracing?.shutdown();
      })()),
  };
}

/**
 * What `orbis serve` prints after the listening line: the admin token only when this start
 * generated it (else where it is), and the demo's links when the demo exists. The editor link
 * carries the token only on that first start too: a log keeps what a terminal shows.
 */
export async function startLines(server: RunningServer, config: Pick<OrbisConfig, 'adminToken' | 'dataDir'>): Promise<string[]> {
  const { adminToken, newAdminTokenFile, publicUrl: base } = server.ctx;
  const token = newAdminTokenFile
    ? [`Admin token: ${adminToken} (generated on this first start and kept in ${newAdminTokenFile}, mode 0600; not printed again)`]
    : [`Admin token: ${config.adminToken === undefined ? `in ${join(config.dataDir, 'admin-token')}` : 'ORBIS_ADMIN_TOKEN'}`];
  if (!(await server.ctx.store.getProjectByAlias(DEMO_ALIAS))) return token;
  return [
    ...token,
    `Editor:    ${base}/editor/${DEMO_ALIAS}?tab=map${newAdminTokenFile ? `#token=${adminToken}` : ''}`,
    `Published: ${base}/p/${DEMO_ALIAS}`,
    `API:       ${base}/api/p/${DEMO_ALIAS}/assets.json`,
  ];
}
