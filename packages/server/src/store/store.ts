import type { Field } from '@orbis/content-model';
import type { AccountStore } from './account-store.js';
import type { ItemQuery } from './item-query.js';
import type { SceneLog } from './scene-log.js';
import type { WebhookStore } from './webhook-store.js';
import type { ReviewStore } from './review-store.js';

/** Who may list a project's assets without a key. */
import type { Visibility } from '@orbis/contract';

/** A project as the store keeps it. `assetCount` and `publicAssetCount` are maintained, never counted. */
export interface Project {
  id: string;
  alias: string;
  name: string;
  visibility: Visibility;
  /** What the project shows; the published page's `og:description`. Empty when none was given. */
  description: string;
  assetCount: number;
  publicAssetCount: number;
  /** Bumped by every write to the project's assets: what the public listings' ETags are made from. */
  contentVersion: number;
  createdAt: string;
  updatedAt: string;
}

export interface NewProject {
  id: string;
  alias: string;
  name: string;
  visibility: Visibility;
  description?: string;
  createdAt: string;
}

export interface ProjectPatch {
  name?: string;
  visibility?: Visibility;
  description?: string;
}

/** A file extracted from an archive asset, stored under the asset's `files/` prefix. */
export interface ArchiveEntry {
  /** `/`-separated path inside the archive, checked safe. */
  path: string;
  size: number;
  contentType: string;
}

/** An uploaded file. `storageKey` names its bytes in the file storage; `files` lists an archive's extracted files. */
export interface Asset {
  id: string;
  projectId: string;
  name: string;
  contentType: string;
  size: number;
  public: boolean;
  storageKey: string;
  files: ArchiveEntry[] | null;
  createdAt: string;
  updatedAt: string;
}

/** An asset to record: the store gives it its id and timestamps. */
export type NewAsset = Omit<Asset, 'id' | 'createdAt' | 'updatedAt'>;

/** An asset as listings read it: everything a record needs, not where its bytes are. */
export type ListedAsset = Omit<Asset, 'storageKey'>;

export interface AssetPatch {
  name?: string;
  public?: boolean;
  /** Its extracted or derived files, replaced whole (a GeoTIFF's converted levels, docs/rasters.md). */
  files?: ArchiveEntry[] | null;
  updatedAt: string;
}

/** An asset as a patch leaves it: what the patch names changes, the rest stays (every store applies it alike). */
export function patchedAsset(before: Asset, patch: AssetPatch): Asset {
  return {
    ...before,
    name: patch.name ?? before.name,
    public: patch.public ?? before.public,
    files: patch.files === undefined ? before.files : patch.files,
    updatedAt: patch.updatedAt,
  };
}

/**
 * Which entries a listing sees: a project's assets, or the items of one of its content models
 * (`modelId`); every one, or only the public ones.
 */
export interface ListingScope {
  projectId: string;
  publicOnly: boolean;
  /** The model whose items are listed; absent for the project's assets. */
  modelId?: string;
  /** Only the items that match (docs/content-workflow.md, "Queries"); read by `queryRecords` and its kin. */
  query?: ItemQuery;
}

/** A listing of a model's items narrowed by a query. */
export type QueryScope = ListingScope & { modelId: string; query: ItemQuery };

/** The scope of an asset listing (a ListingScope without a model). */
export type AssetScope = ListingScope;

/**
 * A slice of a scope in ascending id order: the assets after `afterId` (keyset), or after skipping
 * `offset` of them. Never both.
 */
export interface AssetSlice {
  afterId?: string;
  offset?: number;
  limit: number;
}

/**
 * A slice of a scope as one text: its records in id order joined with commas, each with its
 * `public` flag as the last key when the scope is not public-only (as `withPublicFlag` adds it).
 * The database joins them, so a page crosses into JavaScript as one string, not one per asset.
 */
export interface JoinedRecords {
  /** The joined records; '' when the slice is empty. */
  json: string;
  /** How many records `json` holds. */
  count: number;
  /** The id of the last record in `json`; undefined when it is empty. */
  lastId: string | undefined;
  /** Whether the scope has an asset after the slice. */
  hasMore: boolean;
}

/** One batch of a streamed scope: its records joined as in `JoinedRecords` (never empty). */
export type JoinedBatch = Pick<JoinedRecords, 'json' | 'count'>;

/**
 * How many records one joined batch of a stream (`streamJoined`) holds, on every store: for assets about 65 KB of JSON, one
 * chunk of the response (`CHUNK_CHARS`), whose final text stays below V8's large-object size
 * (128 KB): a batch of 1,000 raised the peak RSS of a 1,000,000-asset stream by about 25 MB.
 */
export const STREAM_JOINED = 256;

/** A content model (docs/contract.md §10). Its counts are maintained; `version` is bumped by every write to it or its items. */
export interface ContentModel {
  id: string;
  projectId: string;
  key: string;
  name: string;
  public: boolean;
  /** Whether item writes are drafts that a request publishes (docs/content-workflow.md, "Review"). */
  review: boolean;
  fields: Field[];
  itemCount: number;
  publicItemCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type NewModel = Pick<ContentModel, 'id' | 'projectId' | 'key' | 'name' | 'public' | 'fields' | 'createdAt'> & { review?: boolean };

export interface ModelPatch {
  name?: string;
  public?: boolean;
  review?: boolean;
  /** The new fields: items keep the values of the fields that remain, and lose the others. */
  fields?: Field[];
  updatedAt: string;
}

/** An item of a content model: its field values by key. */
export interface Item {
  id: string;
  modelId: string;
  public: boolean;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** An item to record: the store gives it its id and timestamps. */
export type NewItem = Pick<Item, 'public' | 'fields'>;

export interface ItemPatch {
  public?: boolean;
  /** The item's complete new values (a PATCH's merge is made by the caller). */
  fields?: Record<string, unknown>;
  updatedAt: string;
  /** Who writes: the version this write keeps names them (docs/content-workflow.md). */
  actor: VersionActor;
}

export type { VersionActor } from './version-actor.js';
import type { VersionActor } from './version-actor.js';

/** One kept version of an item (docs/content-workflow.md): every write of the item adds one. */
export interface ItemVersion {
  /** 1 for the item's creation, then one more per write. */
  version: number;
  at: string;
  actor: VersionActor;
  public: boolean;
  fields: Record<string, unknown>;
}

/** A slice of an item's versions, newest first: after skipping `offset`, or below version `before`. */
export type VersionSlice = { offset: number; limit: number } | { before: number; limit: number };

/** An API key as stored: only the hash of its secret. */
export interface ApiKey {
  id: string;
  projectId: string;
  name: string;
  keyHash: string;
  createdAt: string;
}

/** A JSON document kept for a project (its scene, its published snapshot), with when it was written. */
export interface StoredDocument {
  json: string;
  writtenAt: string;
}

/** Thrown when a write names a project that no longer exists. */
export class StoreNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreNotFoundError';
  }
}

/**
 * Thrown when a write could not take its turn in time (on SQLite, an import's commit held the
 * database past the wait): the service answers 503 `unavailable` with `Retry-After` (docs/contract.md §2).
 */
export class StoreBusyError extends Error {
  constructor(
    message: string,
    /** When to try again, in seconds. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

/** Thrown when a unique value (a project alias, say) is taken. */
export class StoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/**
 * The persistence contract. Every implementation passes `store-contract.ts` unchanged.
 * All methods are async so that network databases fit behind it.
 */
export interface Store {
  readonly kind: string;
  /** Users, sessions, members, tokens and the audit log (docs/contract.md §12). */
  readonly accounts: AccountStore;
  /** The live scene's stored updates (docs/collaboration.md). */
  readonly sceneLog: SceneLog;
  /**
   * Webhooks and their outbox (docs/content-workflow.md, "Webhooks"). `insertItems`, `updateItem`,
   * `deleteItem`, `insertAssets` and `deleteAsset` add the outbox rows of their events in their own
   * transactions (an import's items are not announced one by one).
   */
  readonly webhooks: WebhookStore;
  /** Drafts and review requests (docs/content-workflow.md, "Review"). */
  readonly reviews: ReviewStore;
  close(): Promise<void>;

  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;

  createProject(project: NewProject): Promise<Project>;
  getProjectByAlias(alias: string): Promise<Project | undefined>;
  /** The project of an id (an invitation names its project by id). */
  getProjectById(id: string): Promise<Project | undefined>;
  /**
   * What a public request's access checks need, read fresh: the project named `alias` and, when
   * `keyHash` is given, that hash if it is the hash of a live key of that project (else null).
   * One read (on PostgreSQL one round trip, which requests arriving while one is in flight share:
   * each waits for a read sent after it arrived, so it sees every write committed before).
   */
  getProjectAccess(alias: string, keyHash: string | undefined): Promise<{ project: Project; keyHash: string | null } | undefined>;
  /**
   * `getProjectAccess` and, in the same read, the project's model `modelKey` (undefined: none),
   * as `getModel` reads it: a model page's checks in one round trip on PostgreSQL, not two.
   */
  getProjectModelAccess(
    alias: string,
    keyHash: string | undefined,
    modelKey: string,
  ): Promise<{ project: Project; keyHash: string | null; model: ContentModel | undefined } | undefined>;
  listProjects(): Promise<Project[]>;
  updateProject(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined>;
  /** Deletes the project with its assets and keys. */
  deleteProject(id: string): Promise<boolean>;

  /**
   * Records assets of one project in one transaction, with their counts. Ids are made inside it,
   * under the project's write lock, after every id the project ever had: ascending id is commit
   * order, so a cursor walk never passes a position before which an asset appears later.
   * Throws StoreNotFoundError when the project is gone.
   */
  insertAssets(projectId: string, assets: NewAsset[], now: string): Promise<Asset[]>;
  getAsset(projectId: string, id: string): Promise<Asset | undefined>;
  updateAsset(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined>;
  deleteAsset(projectId: string, id: string): Promise<Asset | undefined>;
  /** Whether any asset's bytes are stored under this key. */
  isStorageKeyRecorded(storageKey: string): Promise<boolean>;
  /** The maintained count of a scope: no scan. */
  countAssets(scope: AssetScope): Promise<number>;
  /**
   * A slice of a scope's records, joined (see JoinedRecords). An offset seeks from the nearest
   * checkpoint (every CHECKPOINT_EVERY-th id of the scope, kept by the store) and walks less
   * than that many entries.
   */
  joinRecords(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords>;
  /**
   * The project named `alias` and, in the same read, a slice of its public (or whole) listing:
   * one round trip where `getProjectByAlias` and then `joinRecords` take two. The slice is read
   * before the caller's access checks, which decide whether it is answered. `records` is undefined
   * when the store cannot read that slice this way (an offset whose checkpoint it has not
   * recorded): `joinRecords` reads it then. Undefined when there is no such project. With
   * `keyHash`, also what `getProjectAccess` tells of it, in the same read.
   */
  getProjectWithRecords(
    alias: string,
    publicOnly: boolean,
    slice: AssetSlice,
    keyHash?: string,
  ): Promise<{ project: Project; records: JoinedRecords | undefined; keyHash: string | null } | undefined>;
  /**
   * Every record of a scope in id order, as `joinRecords` makes them, in batches of a bounded
   * number joined by the database (one string per batch, not one per record), letting other
   * requests of the process run between batches. On PostgreSQL all batches come from one snapshot.
   */
  streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch>;
  /**
   * Every asset of a scope in id order, holding a bounded number in memory at a time, and
   * letting other requests of the process run between batches.
   */
  streamAssets(scope: AssetScope): AsyncIterable<ListedAsset>;

  /** The project's scene document (JSON text), if one was saved. */
  getScene(projectId: string): Promise<StoredDocument | undefined>;
  putScene(projectId: string, json: string, writtenAt: string): Promise<void>;
  /** The last published snapshot (JSON text), if the project is published. */
  getPublication(projectId: string): Promise<StoredDocument | undefined>;
  putPublication(projectId: string, json: string, writtenAt: string): Promise<void>;
  deletePublication(projectId: string): Promise<boolean>;

  /**
   * Installs a plugin package (JSON text); installing the same id again replaces it and keeps its
   * place in the install order.
   */
  putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void>;
  /** The project's plugin packages (JSON text) in install order. */
  listPlugins(projectId: string): Promise<string[]>;
  deletePlugin(projectId: string, pluginId: string): Promise<boolean>;

  /** Throws StoreConflictError when the project has a model with that key, StoreNotFoundError when the project is gone. */
  createModel(model: NewModel): Promise<ContentModel>;
  /** The project's models, by key. */
  listModels(projectId: string): Promise<ContentModel[]>;
  getModel(projectId: string, key: string): Promise<ContentModel | undefined>;
  /** Changes a model; with new fields, rewrites every item's values and record in the same transaction. */
  updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined>;
  /** Deletes a model with its items. */
  deleteModel(projectId: string, key: string): Promise<boolean>;
  /**
   * Records items of one model in one transaction (all or none), with their counts and records;
   * ids grow in commit order as assets' do; each item's first version is kept with it, written by
   * `actor`. Throws StoreNotFoundError when the model is gone.
   */
  insertItems(modelId: string, items: NewItem[], now: string, actor: VersionActor): Promise<Item[]>;
  /**
   * Records every item an import yields, in one transaction as `insertItems` does (all or none),
   * without holding them all: the iterable is read inside the transaction, so it must be
   * synchronous (a spool file, say). Returns how many were recorded.
   */
  importItems(modelId: string, items: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number>;
  getItem(modelId: string, id: string): Promise<Item | undefined>;
  /** Changes an item and keeps the new version, in one transaction. */
  updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined>;
  /** Deletes an item; its versions stay until its model is deleted. */
  deleteItem(modelId: string, id: string): Promise<boolean>;
  /** How many versions an item (deleted or not) has kept. */
  countItemVersions(modelId: string, itemId: string): Promise<number>;
  /** A slice of an item's versions, newest first. */
  listItemVersions(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]>;
  getItemVersion(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined>;
  /** Replaces an item's versions by these, in one transaction: the history a project import carries (docs/operations.md). */
  replaceItemVersions(modelId: string, itemId: string, versions: ItemVersion[]): Promise<void>;
  /** Every item of a model in id order, a bounded number in memory at a time. */
  streamItems(modelId: string): AsyncIterable<Item>;
  /**
   * A slice of the items of a model that match a query, joined as `joinRecords` joins them. Unsorted,
   * in id order by keyset (`afterId`) or offset; sorted, by offset, and `lastId` names the position
   * after the slice (a cursor of this query only). No maintained count or checkpoint applies.
   */
  queryRecords(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords>;
  /** How many items of a model match a query: counted. */
  countQueried(scope: QueryScope): Promise<number>;
  /** Every item that matches a query, in its order, in joined batches as `streamJoined` gives them. */
  streamQueried(scope: QueryScope): AsyncIterable<JoinedBatch>;

  createApiKey(key: ApiKey): Promise<void>;
  listApiKeys(projectId: string): Promise<ApiKey[]>;
  findApiKeyByHash(projectId: string, keyHash: string): Promise<ApiKey | undefined>;
  deleteApiKey(projectId: string, id: string): Promise<boolean>;
}
