import { GeotiffConversions } from './rasters/conversion-jobs.js';
import { RasterTiles } from './rasters/raster-tiles.js';
import { VectorTiles } from './tiles/vector-tiles.js';
import { UrlLayerReader } from './url-layers/url-layer-reader.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { authServices } from './accounts/auth-services.js';
import { mailSettingsFrom } from './accounts/invitation-mailer.js';
import { AssetService } from './assets/asset-service.js';
import { CursorCodec } from './assets/cursor.js';
import { StagingJournal } from './assets/staging-journal.js';
import { checkAdminToken, ConfigError, type OrbisConfig } from './config/serve-config.js';
import { databaseLocation } from './config/database-location.js';
import { oidcSettingsFrom } from './config/oidc-settings.js';
import { loadSecret } from './config/secrets.js';
import type { AppContext } from './http/app-context.js';
import { PageCache } from './http/listing/page-cache.js';
import { KeyService } from './keys/key-service.js';
import { ModelService } from './models/model-service.js';
import { PluginService } from './plugins/plugin-service.js';
import { ProjectService } from './projects/project-service.js';
import { SceneService } from './scenes/scene-service.js';
import { LiveScenes, type LiveRedis } from './live/live-scenes.js';
import { authenticateLive } from './http/routes/live-route.js';
import { LocalStorage } from './storage/local-storage.js';
import type { Storage } from './storage/storage.js';
import type { Store } from './store/store.js';
import { sweepStraySpools } from './models/item-spool.js';
import { readThreads } from './formats/vector-read-thread.js';
import { ServerMetrics } from './metrics/server-metrics.js';
import { timedCalls, timing, watchers } from './metrics/timed-calls.js';
import { spanWatcher, type Tracing } from './metrics/tracing.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { WebhookService } from './webhooks/webhook-service.js';
import { ReviewService } from './models/review-service.js';

/** Opens the store a database URL names: none or `sqlite:` a SQLite file; `postgres://` PostgreSQL. */
export async function openStore(databaseUrl: string | undefined, dataDir: string): Promise<Store> {
  // Each store's driver is imported when chosen: a process loads (and keeps in memory) only its own.
  const location = databaseLocation(databaseUrl, dataDir);
  if (location.kind === 'sqlite') return new (await import('./store/sqlite/sqlite-store.js')).SqliteStore(location.file);
  return (await import('./store/postgres/postgres-store.js')).PostgresStore.open(location.url);
}

/** Opens the file storage a `--storage` value names: none, a folder path, or `s3://bucket/prefix`. */
export async function openStorage(storage: string | undefined, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Storage> {
  if (storage === undefined) return new LocalStorage(join(dataDir, 'files'));
  if (storage.startsWith('s3://')) {
    // The AWS SDK is large: imported only when the storage is S3.
    const { parseS3Url, S3Storage, s3ClientFromEnv } = await import('./storage/s3-storage.js');
    let location;
    try {
      location = parseS3Url(storage);
    } catch (err) {
      throw new ConfigError((err as Error).message);
    }
    return new S3Storage(s3ClientFromEnv(env), location);
  }
  return new LocalStorage(storage);
}

/**
 * Opens everything a process needs from its settings, after removing what a killed process of
 * this data dir left half-uploaded (call `assets.close()` when done). With `metrics` (a server
 * whose ORBIS_METRICS_TOKEN is set), every call to the store and the storage is timed; with
 * `tracing`, each is a span.
 */
export async function createContext(
  config: OrbisConfig,
  env: NodeJS.ProcessEnv = process.env,
  options: { metrics?: boolean; tracing?: Tracing } = {},
): Promise<AppContext> {
  mkdirSync(config.dataDir, { recursive: true });
  let newAdminTokenFile: string | undefined;
  // A token from the file is held to the environment's rule too (an operator may have written it).
  const adminToken = checkAdminToken(
    loadSecret(config.dataDir, 'admin-token', config.adminToken, (path) => (newAdminTokenFile = path)),
    config.adminToken === undefined ? join(config.dataDir, 'admin-token') : 'ORBIS_ADMIN_TOKEN',
  );
  const oidc = oidcSettingsFrom(env);
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const metricsToken = options.metrics ? config.metricsToken : undefined;
  const metrics = metricsToken !== undefined ? { figures: new ServerMetrics(), token: metricsToken } : undefined;
  const openedStore = await openStore(config.databaseUrl, config.dataDir);
  const openedStorage = await openStorage(config.storage, config.dataDir, env);
  const { tracing } = options;
  const storeWatch = watchers(
    metrics && timing((...call) => metrics.figures.storeCall(...call)),
    tracing && spanWatcher(tracing.tracer, 'store', { 'db.system.name': config.databaseUrl ? 'postgresql' : 'sqlite' }),
  );
  const storageWatch = watchers(
    metrics && timing((...call) => metrics.figures.storageCall(...call)),
    tracing && spanWatcher(tracing.tracer, 'storage', { 'orbis.storage': config.storage ? 's3' : 'folder' }),
  );
  const store = storeWatch ? timedCalls(openedStore, storeWatch, '', ['accounts', 'webhooks', 'reviews']) : openedStore;
  const storage = storageWatch ? timedCalls(openedStorage, storageWatch) : openedStorage;
  const limits = { maxEntries: config.archiveMaxEntries, maxTotalBytes: config.archiveMaxBytes };
  const conversions = new GeotiffConversions(store, storage);
  const assets = new AssetService(store, storage, limits, new StagingJournal(join(config.dataDir, 'staging')), conversions);
  await assets.recoverAbandoned();
  sweepStraySpools();
  const live = new LiveScenes(store, {
    authenticate: (payload) => authenticateLive(ctx, payload),
    redis: redisOf(env.ORBIS_REDIS_URL),
    onError: (message, err) => console.error(`${message}: ${(err as Error).message}`),
  });
  const tiles = new VectorTiles(storage);
  metrics?.figures.watch({ live: () => live.stats(), tiles: () => tiles.stats(), reads: readThreads });
  const ctx: AppContext = {
    store,
    storage,
    cursors: new CursorCodec(loadSecret(config.dataDir, 'cursor-secret', config.cursorSecret)),
    assets,
    projects: new ProjectService(store, storage),
    keys: new KeyService(store),
    scenes: new SceneService(store, live),
    live,
    plugins: new PluginService(store),
    models: new ModelService(store),
    webhooks: new WebhookService(store.webhooks, config.webhookAllowPrivate),
    reviews: new ReviewService(store),
    deliveries: new WebhookDispatcher(store.webhooks, {
      allowPrivate: config.webhookAllowPrivate,
      timeoutMs: config.webhookTimeoutMs,
      onTry: (outcome) => metrics?.figures.webhookTry(outcome),
      onError: (err) => console.error(`webhook deliveries: ${(err as Error).message}`),
    }),
    adminToken,
    newAdminTokenFile,
    metrics,
    tracing,
    auth: authServices(store, { mail: mailSettingsFrom(env, publicUrl) }),
    oidc,
    publicUrl,
    maxUploadBytes: config.maxUploadBytes,
    pages: new PageCache(config.pageCacheBytes),
    tiles,
    rasters: new RasterTiles(storage, { privateAddresses: config.urlLayersPrivate }),
    frameAncestors: config.frameAncestors,
    crossOriginIsolation: config.crossOriginIsolation,
    timeouts: config.timeouts,
    trustProxy: config.trustProxy,
    urlLayers: new UrlLayerReader({ maxBytes: config.maxUploadBytes, privateAddresses: config.urlLayersPrivate }),
  };
  return ctx;
}

/** Where the processes share live documents: `ORBIS_REDIS_URL` (`redis://host:port`), docs/scale-out.md. */
function redisOf(url: string | undefined): LiveRedis | undefined {
  if (url === undefined || url === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`ORBIS_REDIS_URL must be a redis://host:port URL, got "${url}"`);
  }
  if (parsed.protocol !== 'redis:') throw new ConfigError(`ORBIS_REDIS_URL must be a redis://host:port URL, got "${url}"`);
  return { host: parsed.hostname, port: Number(parsed.port || 6379) };
}
