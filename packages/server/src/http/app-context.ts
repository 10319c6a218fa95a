import type { VectorTiles } from '../tiles/vector-tiles.js';
import type { RasterTiles } from '../rasters/raster-tiles.js';
import type { AuthServices } from '../accounts/auth-services.js';
import type { AssetService } from '../assets/asset-service.js';
import type { CursorCodec } from '../assets/cursor.js';
import type { OidcSettings } from '../config/oidc-settings.js';
import type { RequestTimeouts } from '../config/serve-config.js';
import type { KeyService } from '../keys/key-service.js';
import type { ModelService } from '../models/model-service.js';
import type { PluginService } from '../plugins/plugin-service.js';
import type { ProjectService } from '../projects/project-service.js';
import type { SceneService } from '../scenes/scene-service.js';
import type { LiveScenes } from '../live/live-scenes.js';
import type { Storage } from '../storage/storage.js';
import type { Store } from '../store/store.js';
import type { ProxyTrust } from './transport/client-address.js';
import type { PageCache } from './listing/page-cache.js';
import type { UrlLayerReader } from '../url-layers/url-layer-reader.js';
import type { Tracing } from '../metrics/tracing.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { WebhookService } from '../webhooks/webhook-service.js';
import type { ReviewService } from '../models/review-service.js';

/** Everything the routes need, made once per process. */
export interface AppContext {
  store: Store;
  storage: Storage;
  cursors: CursorCodec;
  assets: AssetService;
  projects: ProjectService;
  keys: KeyService;
  scenes: SceneService;
  /** Each project's scene as a live Yjs document (docs/collaboration.md). */
  live: LiveScenes;
  plugins: PluginService;
  models: ModelService;
  /** Webhooks' rules, and the sender of their outbox (docs/content-workflow.md, "Webhooks"); `startServer` runs it. */
  webhooks: WebhookService;
  /** Review requests over items' drafts (docs/content-workflow.md, "Review"). */
  reviews: ReviewService;
  deliveries: WebhookDispatcher;
  adminToken: string;
  /** The file the admin token was generated into at this start (printed once, then never again); undefined when it was set or read. */
  newAdminTokenFile?: string;
  /** What `GET /metrics` shows and the token it asks for; undefined when ORBIS_METRICS_TOKEN is unset (docs/operations.md). */
  metrics?: { figures: ServerMetrics; token: string };
  /** OpenTelemetry's traces, when an OTLP endpoint is set (docs/operations.md, "Traces"). */
  tracing?: Tracing;
  /** Reads the GIS files scene layers name by URL (docs/contract.md §13). */
  urlLayers: UrlLayerReader;
  /** Users, sessions, sign-in limits and personal access tokens (docs/contract.md §12). */
  auth: AuthServices;
  /** OpenID Connect sign-in, when it is set up (`ORBIS_OIDC_*`). */
  oidc?: OidcSettings;
  /** The base of every asset `url`, without a trailing slash. Set once the port is known. */
  publicUrl: string;
  maxUploadBytes: number;
  /** Listing pages answered before, by what they list and at which version (`page-cache.ts`). */
  pages: PageCache;
  /** Vector tiles cut from GeoJSON assets and kept in storage (docs/contract.md §13). */
  tiles: VectorTiles;
  /** Web Mercator tiles cut from GeoTIFF assets and kept in storage (docs/rasters.md). */
  rasters: RasterTiles;
  /** Origins besides Orbis itself that may frame published pages (`ORBIS_FRAME_ANCESTORS`). */
  frameAncestors?: readonly string[];
  /** Send the pages and their files cross-origin isolated (`ORBIS_CROSS_ORIGIN_ISOLATION`); on unless false. */
  crossOriginIsolation?: boolean;
  /** How long a client may take over its request; {@link DEFAULT_TIMEOUTS} when not given. */
  timeouts?: RequestTimeouts;
  /**
   * Which proxies may name the client's address (`ORBIS_TRUST_PROXY`): the address that the
   * sign-in limit counts, the audit log records and the request log shows. Unset: none.
   */
  trustProxy?: ProxyTrust;
}
