import { type ProxyTrust, parseProxyTrust } from '../http/transport/client-address.js';
import { DEFAULT_PAGE_CACHE_MB } from '../http/listing/page-cache.js';
import { resolve } from 'node:path';

/** Settings of `orbis serve` and of every CLI command that opens the data. */
export interface OrbisConfig {
  port: number;
  host: string;
  dataDir: string;
  /** undefined: SQLite in the data dir. */
  databaseUrl: string | undefined;
  /** undefined: a folder in the data dir. */
  storage: string | undefined;
  /** undefined: `http://HOST:PORT` once the port is known. */
  publicUrl: string | undefined;
  adminToken: string | undefined;
  cursorSecret: string | undefined;
  /** The token `GET /metrics` asks for (`ORBIS_METRICS_TOKEN`); undefined: no metrics, the route is a 404. */
  metricsToken: string | undefined;
  demo: boolean;
  maxUploadBytes: number;
  /** Limits on what one zip upload may unpack to. */
  archiveMaxEntries: number;
  archiveMaxBytes: number;
  logLevel: string;
  /** The bytes the listing page cache may take (`ORBIS_PAGE_CACHE_MB`); 0: no cache. */
  pageCacheBytes: number;
  /** Origins that may embed published pages in an iframe (`ORBIS_FRAME_ANCESTORS`); empty: only Orbis itself. */
  frameAncestors: string[];
  /**
   * Whether the editor and published pages are sent cross-origin isolated
   * (`ORBIS_CROSS_ORIGIN_ISOLATION`, default `on`): plugins then run in workers (docs/contract.md §11).
   */
  crossOriginIsolation: boolean;
  /** Which proxies in front may name the client's address (`ORBIS_TRUST_PROXY`); false: none. */
  trustProxy: ProxyTrust;
  /** Whether URL layers may name addresses inside the deployment's network (`ORBIS_URL_LAYERS_PRIVATE`, default off). */
  urlLayersPrivate: boolean;
  /** Whether webhooks may be told at addresses inside the deployment's network (`ORBIS_WEBHOOK_ALLOW_PRIVATE=1`, default off). */
  webhookAllowPrivate: boolean;
  /** How long a webhook's receiver has to answer a try, ms (`ORBIS_WEBHOOK_TIMEOUT`, seconds, default 10). */
  webhookTimeoutMs: number;
  /** How long a client may take over its request (docs/reliability.md, "Slow and stalled clients"). */
  timeouts: RequestTimeouts;
}

/**
 * What a connection may take, in milliseconds: `idle`, the longest silence on a socket while a
 * request is read or answered (a body that keeps moving is never cut by it); `headers`, the whole
 * request head; `request`, the whole request, body included (0: no limit).
 */
export interface RequestTimeouts {
  idleMs: number;
  headersMs: number;
  requestMs: number;
}

/** The defaults of {@link RequestTimeouts}: 30 s of silence, 30 s for the head, an hour for a whole upload. */
export const DEFAULT_TIMEOUTS: RequestTimeouts = { idleMs: 30_000, headersMs: 30_000, requestMs: 3_600_000 };

/** How long a webhook's receiver has to answer by default. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

function parseSeconds(name: string, raw: string | undefined, fallbackMs: number): number {
  if (raw === undefined) return fallbackMs;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a number of seconds above 0, got "${raw.slice(0, 100)}"`);
  return Math.round(Number(raw) * 1000);
}

/** `ORBIS_IDLE_TIMEOUT_S`, `ORBIS_HEADERS_TIMEOUT_S`, `ORBIS_REQUEST_TIMEOUT_S`. */
export function parseTimeouts(env: NodeJS.ProcessEnv): RequestTimeouts {
  return {
    idleMs: parseSeconds('ORBIS_IDLE_TIMEOUT_S', nonEmpty(env.ORBIS_IDLE_TIMEOUT_S), DEFAULT_TIMEOUTS.idleMs),
    headersMs: parseSeconds('ORBIS_HEADERS_TIMEOUT_S', nonEmpty(env.ORBIS_HEADERS_TIMEOUT_S), DEFAULT_TIMEOUTS.headersMs),
    requestMs: parseSeconds('ORBIS_REQUEST_TIMEOUT_S', nonEmpty(env.ORBIS_REQUEST_TIMEOUT_S), DEFAULT_TIMEOUTS.requestMs),
  };
}

/** The flags that `orbis serve` takes; each wins over its environment variable. */
export interface ServeFlags {
  port?: string;
  host?: string;
  'data-dir'?: string;
  'database-url'?: string;
  storage?: string;
  'no-demo'?: boolean;
}

/** A setting that cannot be used, named with what was expected. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function parsePort(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`port must be an integer from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

function parsePositive(name: string, raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(`${name} must be a whole number above 0, got "${raw}"`);
  }
  return Number(raw);
}

function parseMegabytes(name: string, raw: string): number {
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number of megabytes (0 turns it off), got "${raw}"`);
  return Number(raw) * 1024 * 1024;
}

/** An origin as CSP's `frame-ancestors` takes it: scheme, host (optionally `*.` first) and port, no path. */
const FRAME_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}|\*))?$/i;

/** `on` or `off`; anything else names the variable. */
function parseOnOff(name: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(`${name} must be on or off, got "${value.slice(0, 100)}"`);
}

/** A switch written as docs/contract.md §16 writes it: `1` on, `0` off (`on` and `off` are read too). */
function parseOneZero(name: string, value: string): boolean {
  if (value === '1' || value === 'on') return true;
  if (value === '0' || value === 'off') return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${value.slice(0, 100)}"`);
}

/** `ORBIS_FRAME_ANCESTORS`: space-separated origins such as `https://example.org https://*.example.net`. */
export function parseFrameAncestors(raw: string | undefined): string[] {
  const origins = (raw ?? '').split(/\s+/).filter(Boolean);
  for (const origin of origins) {
    if (!FRAME_ORIGIN.test(origin.replace(/\/$/, ''))) {
      throw new ConfigError(`ORBIS_FRAME_ANCESTORS must be space-separated origins such as https://example.org, got "${origin.slice(0, 100)}"`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/** How many times its upload limit a zip may unpack to when `ORBIS_ARCHIVE_MAX_MB` is not set. */
export const ARCHIVE_EXPANSION = 8;

function asConfigError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

/** The shortest admin token `orbis` accepts: a generated one has 43 characters (32 random bytes). */
export const MIN_ADMIN_TOKEN_CHARS = 32;

/** The admin token, or a ConfigError naming where it came from when it is too short to guard everything. */
export function checkAdminToken(token: string, from: string): string {
  if (token.length >= MIN_ADMIN_TOKEN_CHARS) return token;
  throw new ConfigError(
    `the admin token in ${from} has ${token.length} characters; it needs at least ${MIN_ADMIN_TOKEN_CHARS} (e.g. \`openssl rand -base64 32\`), or leave ORBIS_ADMIN_TOKEN unset and Orbis generates one on first start`,
  );
}

/** `ORBIS_ADMIN_TOKEN`, at least MIN_ADMIN_TOKEN_CHARS long when set. */
function adminTokenFrom(raw: string | undefined): string | undefined {
  const token = nonEmpty(raw);
  return token === undefined ? undefined : checkAdminToken(token, 'ORBIS_ADMIN_TOKEN');
}

/** `ORBIS_METRICS_TOKEN`, held to the admin token's length: it shows what the server is doing. */
function metricsTokenFrom(raw: string | undefined): string | undefined {
  const token = nonEmpty(raw);
  if (token === undefined || token.length >= MIN_ADMIN_TOKEN_CHARS) return token;
  throw new ConfigError(
    `ORBIS_METRICS_TOKEN has ${token.length} characters; it needs at least ${MIN_ADMIN_TOKEN_CHARS} (e.g. \`openssl rand -base64 32\`), or leave it unset to turn /metrics off`,
  );
}

/** Merges flags, environment and defaults (docs/contract.md §1). */
export function resolveConfig(flags: ServeFlags, env: NodeJS.ProcessEnv): OrbisConfig {
  const publicUrl = nonEmpty(env.ORBIS_PUBLIC_URL);
  const maxUploadMb = parsePositive('ORBIS_MAX_UPLOAD_MB', nonEmpty(env.ORBIS_MAX_UPLOAD_MB) ?? '512');
  return {
    port: parsePort(nonEmpty(flags.port) ?? nonEmpty(env.PORT) ?? '8080'),
    host: nonEmpty(flags.host) ?? nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: resolve(nonEmpty(flags['data-dir']) ?? nonEmpty(env.ORBIS_DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(flags['database-url']) ?? nonEmpty(env.ORBIS_DATABASE_URL),
    storage: nonEmpty(flags.storage) ?? nonEmpty(env.ORBIS_STORAGE),
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    adminToken: adminTokenFrom(env.ORBIS_ADMIN_TOKEN),
    cursorSecret: nonEmpty(env.ORBIS_CURSOR_SECRET),
    metricsToken: metricsTokenFrom(env.ORBIS_METRICS_TOKEN),
    demo: !(flags['no-demo'] === true || env.ORBIS_NO_DEMO === '1' || env.ORBIS_NO_DEMO === 'true'),
    maxUploadBytes: maxUploadMb * 1024 * 1024,
    archiveMaxEntries: parsePositive('ORBIS_ARCHIVE_MAX_ENTRIES', nonEmpty(env.ORBIS_ARCHIVE_MAX_ENTRIES) ?? '10000'),
    // A zip unpacks to at most ARCHIVE_EXPANSION times the upload limit unless set (4096 MB at the default 512).
    archiveMaxBytes: parsePositive('ORBIS_ARCHIVE_MAX_MB', nonEmpty(env.ORBIS_ARCHIVE_MAX_MB) ?? String(ARCHIVE_EXPANSION * maxUploadMb)) * 1024 * 1024,
    logLevel: nonEmpty(env.ORBIS_LOG_LEVEL) ?? 'info',
    pageCacheBytes: parseMegabytes('ORBIS_PAGE_CACHE_MB', nonEmpty(env.ORBIS_PAGE_CACHE_MB) ?? String(DEFAULT_PAGE_CACHE_MB)),
    frameAncestors: parseFrameAncestors(env.ORBIS_FRAME_ANCESTORS),
    crossOriginIsolation: parseOnOff('ORBIS_CROSS_ORIGIN_ISOLATION', nonEmpty(env.ORBIS_CROSS_ORIGIN_ISOLATION) ?? 'on'),
    trustProxy: asConfigError(() => parseProxyTrust(env.ORBIS_TRUST_PROXY)),
    urlLayersPrivate: parseOnOff('ORBIS_URL_LAYERS_PRIVATE', nonEmpty(env.ORBIS_URL_LAYERS_PRIVATE) ?? 'off'),
    webhookAllowPrivate: parseOneZero('ORBIS_WEBHOOK_ALLOW_PRIVATE', nonEmpty(env.ORBIS_WEBHOOK_ALLOW_PRIVATE) ?? '0'),
    webhookTimeoutMs: parseSeconds('ORBIS_WEBHOOK_TIMEOUT', nonEmpty(env.ORBIS_WEBHOOK_TIMEOUT), DEFAULT_WEBHOOK_TIMEOUT_MS),
    timeouts: parseTimeouts(env),
  };
}
