import type { EngineLayer } from '../../engine/engine.js';
import { GroupVisibility } from '../../layers/layer-groups.js';
import type { AssetFile } from '../../engine/property-mapping.js';
import type { Layer, Scene } from '@orbis/scene';
import {
  convertsFromUrl,
  GEOTIFF_NAME,
  derivedPathOf,
  derivedTablesOf,
  isFileLayerType,
  TILED_LAYER_BYTES,
  tilesUrlOf,
  vectorFormatOf,
  wktColumnQuery,
} from '@orbis/scene/checks';
import { drawnType } from '../../layers/drawn-layer.js';
import { type AssetRecord, ApiError, type ManagementApi } from '../api/management-api.js';
import { wktColumnOf } from './wkt-column.js';
import { mergeScenes, readScene, sceneMapOf, writeScene } from '@orbis/scene/live';
import * as Y from 'yjs';
import { signal } from '@preact/signals';
import { adoptScene } from './adopt-scene.js';
import { LiveScene, type Peer, type PresenceUser, type Selection } from './live-scene.js';
import type { SaveStatus } from './save-status.js';
import { BlockPlaces } from '../../plugins/block-places.js';
import type { PluginPackage } from '../../plugins/start-plugins.js';
import { asOwnStep } from './undo-step.js';

type Listener = () => void;

/** The origin of this editor's own changes to the document: the only ones its undo undoes. */
const OWN_CHANGE = Symbol('own change');
/** The origin of what a save by PUT brought back from the server (not undone by undo). */
const SAVED_CHANGE = Symbol('saved change');

/**
 * The scene being edited, the project's assets, and saving (docs/collaboration.md, "The editor"):
 * the scene is a Yjs document, synced live with the server and every other editor of the project;
 * where the live connection cannot be opened, every change is saved by `PUT /scene` (debounced,
 * with If-Match). Either way, a change is shown on the globe at once, and undo undoes only this
 * editor's own changes.
 */
export class EditorState {
  scene!: Scene;
  assets: AssetRecord[] = [];
  status: SaveStatus = { kind: 'idle' };
  /** The other editors on the project now (none without the live connection); components that read it draw again when it changes. */
  readonly peers = signal<Peer[]>([]);
  /**
   * Counts the changes of what the panels show (scene, assets, failures, status, plugins): a
   * component that reads it draws again after each (docs/editor.md, "How the editor draws").
   */
  readonly revision = signal(0);
  /** The scene as a shared document: synced live, or this tab's own where the live connection is not open. */
  readonly doc = new Y.Doc();
  private live: LiveScene | undefined;
  private undoManager!: Y.UndoManager;
  /** Why a layer could not be loaded, by layer id (what the engine said), shown on its row. */
  readonly failures = new Map<string, string>();
  /** The installed plugins as last loaded (the infobox and story block lists offer their blocks): {@link setPlugins}. */
  plugins: PluginPackage[] = [];
  /** The blocks the editor's infobox and story preview show: the running plugins start them. */
  readonly blocks = new BlockPlaces();
  private listeners: Listener[] = [];
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** How many changes `update` has made: a save says "Saved" only when it holds the last. */
  private changes = 0;
  private saving: Promise<void> = Promise.resolve();
  /** The scene as the server last confirmed it, and its version: a save is made over it (If-Match). */
  private base!: Scene;
  private etag = '*';

  /** `readOnly`, when set, is the role that may not save the scene: changes are shown but not saved. */
  constructor(
    readonly api: ManagementApi,
    readonly readOnly?: string,
  ) {}

  /** The installed plugins loaded or changed: the panels that list their blocks render again. */
  setPlugins(plugins: PluginPackage[]): void {
    this.plugins = plugins;
    this.emit();
  }

  /**
   * Loads the scene, live when `user` is given and the live connection opens (the session cookie
   * or the admin token authenticates it), else by `GET /scene`; and the project's assets.
   */
  async load(user?: PresenceUser): Promise<void> {
    const assets = this.api.assets();
    this.live = user
      ? await LiveScene.open(
          this.api.project,
          this.doc,
          user,
          {
            unsynced: () => this.liveStatus(),
            connection: (_state, merged) => this.liveStatus(merged),
            peers: (peers) => (this.peers.value = peers),
          },
          this.api.token,
        )
      : undefined;
    const live = this.live && readScene(this.doc);
    if (live) this.scene = live;
    else {
      const version = await this.api.sceneVersion();
      this.scene = version.scene;
      this.base = structuredClone(version.scene);
      this.etag = version.etag;
      writeScene(this.doc, this.scene, SAVED_CHANGE);
    }
    this.undoManager = new Y.UndoManager(sceneMapOf(this.doc), { trackedOrigins: new Set([OWN_CHANGE]) });
    // A teammate's change, the server's merge, or an undo: the editor shows the document as it is now.
    this.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === OWN_CHANGE) return;
      const next = readScene(this.doc);
      if (next) adoptScene(this.scene, next);
      // An undo without the live connection is saved like any change.
      if (origin === this.undoManager && !this.live) this.saveSoon();
      this.emit();
    });
    this.assets = await assets;
    this.emit();
  }

  /** Undoes this editor's last own change (a teammate's changes stay): docs/collaboration.md, "Undo". */
  undo(): void {
    if (!this.readOnly) this.undoManager.undo();
  }

  redo(): void {
    if (!this.readOnly) this.undoManager.redo();
  }

  /** Tells the other editors which layer or story page this one is on (docs/collaboration.md, "Presence"). */
  select(selection: Selection | undefined): void {
    this.live?.select(selection);
  }

  /** The status of a live editor: offline, every change acknowledged (`merged`: back online with changes from while away), or changes on their way. */
  private liveStatus(merged = false): void {
    if (!this.live || this.readOnly) return;
    if (!this.live.online) this.status = { kind: 'offline' };
    else if (merged) this.status = { kind: 'merged' };
    else if (this.live.settled) this.status = this.status.kind === 'merged' ? this.status : { kind: 'saved' };
    else this.status = { kind: 'unsaved' };
    this.emit();
  }

  async reloadAssets(): Promise<void> {
    this.assets = await this.api.assets();
    this.emit();
  }

  /** Notes that a layer failed to load (`reason`), or loaded after all (undefined); true when that is news. */
  layerFailed(layerId: string, reason: string | undefined): boolean {
    if (this.failures.get(layerId) === reason) return false;
    if (reason === undefined) this.failures.delete(layerId);
    else this.failures.set(layerId, reason);
    this.emit();
    return true;
  }

  onChange(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => (this.listeners = this.listeners.filter((l) => l !== listener));
  }

  private emit(): void {
    this.revision.value++;
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Changes the scene, shows it, and syncs it (live) or saves it shortly after (by PUT). With
   * `ownStep`, Ctrl+Z undoes it by itself, however soon it follows the last change (a shape drawn,
   * moved or deleted: asOwnStep).
   */
  update(change: (scene: Scene) => void, options: { ownStep?: boolean } = {}): void {
    if (options.ownStep && !this.readOnly && this.undoManager) {
      asOwnStep(this.undoManager, () => this.update(change));
      return;
    }
    change(this.scene);
    if (this.readOnly) {
      this.status = { kind: 'readonly', detail: this.readOnly };
      this.emit();
      return;
    }
    writeScene(this.doc, this.scene, OWN_CHANGE);
    if (this.live) {
      this.live.changed();
      this.status = { kind: 'idle' };
      this.liveStatus();
      return;
    }
    this.saveSoon();
    this.emit();
  }

  private saveSoon(): void {
    this.changes++;
    this.status = { kind: 'unsaved' };
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.save(), 300);
  }

  /** Saves now (by PUT; live changes are synced as they are made); resolves when the server has the scene. */
  save(): Promise<void> {
    clearTimeout(this.saveTimer);
    if (this.live) return Promise.resolve();
    this.saving = this.saving.then(async () => {
      try {
        const upTo = this.changes;
        const merged = await this.saveOver(structuredClone(this.scene));
        // A change made while this save was on its way is not in it: its own save comes after.
        this.status = { kind: this.changes === upTo ? (merged ? 'merged' : 'saved') : 'unsaved' };
      } catch (err) {
        this.status = { kind: 'failed', detail: (err as Error).message };
      }
      this.emit();
    });
    return this.saving;
  }

  /**
   * Saves `mine` over the version this editor last saw. When a teammate saved since (412), their
   * scene and this one are merged three ways (docs/collaboration.md, "The editor's saves"), the
   * merge is saved, and the editor shows it, with what was changed here meanwhile kept on top.
   * Whether a teammate's change was merged in.
   */
  private async saveOver(mine: Scene): Promise<boolean> {
    let sent = mine;
    for (let attempt = 0; ; attempt++) {
      try {
        const saved = await this.api.saveSceneOver(sent, this.etag);
        this.etag = saved.etag;
        if (sent !== mine) {
          adoptScene(this.scene, mergeScenes(mine, this.scene, saved.scene));
          writeScene(this.doc, this.scene, SAVED_CHANGE);
        }
        this.base = saved.scene;
        return sent !== mine;
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 'precondition_failed' || attempt >= 4) throw err;
        const theirs = await this.api.sceneVersion();
        sent = mergeScenes(this.base, mine, theirs.scene);
        this.base = theirs.scene;
        this.etag = theirs.etag;
      }
    }
  }

  /** The layers as the engine loads them: asset, model and converted URL layers through admin routes. */
  engineLayers(): (EngineLayer & { headers?: Record<string, string> })[] {
    const out: (EngineLayer & { headers?: Record<string, string> })[] = [];
    for (const layer of this.scene.layers) {
      // Features kept in the scene (docs/contract.md §18 `data.value`) are read from `data`, not fetched.
      const url = layer.data?.value !== undefined ? '' : this.urlOf(layer);
      const viaAdmin = convertsFromUrl(layer) || (!layer.url && (layer.assetId !== undefined || layer.model !== undefined));
      if (url !== undefined)
        out.push({
          id: layer.id,
          type: drawnType(layer),
          url,
          visible: layer.visible,
          appearance: layer.appearance,
          data: layer.data,
          cluster: layer.cluster,
          filters: layer.filters,
          heatmap: layer.heatmap,
          headers: viaAdmin ? this.api.authHeader : undefined,
        });
    }
    // Its groups' visibility and opacity (docs/contract.md §18), as the published page draws them.
    return new GroupVisibility(this.scene.groups ?? [], new Map(this.scene.layers.map((l) => [l.id, l.group]))).apply(out);
  }

  /** Where an asset's file is read, through the admin route (a `pmtiles` basemap's archive, docs/contract.md §14). */
  assetFile(assetId: string): AssetFile | undefined {
    const asset = this.assets.find((a) => a.id === assetId);
    if (!asset) return undefined;
    const terrain = layerTypeOf(asset) === 'geotiff' ? { terrain: this.api.terrainTilesUrl(asset.id) } : {};
    return { url: this.api.fileUrl(asset), headers: this.api.authHeader, ...terrain };
  }

  /** Where the terrain tiles of a DEM named by URL are read: the server's tiles of it, through the admin route (docs/rasters.md). */
  urlTerrainFile(url: string): AssetFile {
    return { url, terrain: this.api.urlTerrainTilesUrl(url), headers: this.api.authHeader };
  }

  /** The GeoPackage tables a layer of an uploaded file may show one of (`data.table`): none for any other layer. */
  tablesOf(layer: Layer): string[] {
    if (layer.type !== 'geopackage' && layer.type !== 'mvt') return [];
    const asset = this.assets.find((a) => a.id === layer.assetId);
    return derivedTablesOf(asset?.files?.map(decodedPath) ?? []);
  }

  private urlOf(layer: Layer): string | undefined {
    // A GIS file by URL (docs/contract.md §13): the server reads and reprojects it.
    if (layer.url && convertsFromUrl(layer)) return this.api.urlLayerUrl(layer);
    // A GeoTIFF by URL (docs/contract.md §17): the tiles the server cuts of it by range reads.
    if (layer.url && layer.type === 'geotiff') return this.api.urlRasterTilesUrl(layer.url);
    if (layer.url) return layer.url;
    // A content model's public items (docs/contract.md §10), as the published page shows them, through the
    // admin route: the public API of a private project wants an API key, which the editor has not.
    if (layer.model) return this.api.modelExportUrl(layer.model, layer.type === 'csv' ? 'csv' : 'geojson');
    const asset = this.assets.find((a) => a.id === layer.assetId);
    if (!asset) return undefined;
    // A GIS file draws from the WGS84 GeoJSON the server derived from it (docs/contract.md §13).
    if (isFileLayerType(layer.type)) return this.api.fileUrl(asset, derivedPathOf(asset.files?.map(decodedPath) ?? [], layer.data?.table));
    if (layer.type === 'csv' && layer.data?.wktColumn !== undefined) return this.api.fileUrl(asset) + wktColumnQuery(layer.data.wktColumn);
    // The tiles the server cuts of a GeoJSON or GIS file (docs/contract.md §13), of one GeoPackage table with `data.table`.
    if (layer.type === 'mvt') return tilesUrlOf(this.api.fileUrl(asset), layer.data?.table);
    if (layer.type === 'geotiff') return this.api.rasterTilesUrl(asset.id);
    const tileset = layer.type === '3dtiles' ? asset.files?.map(decodedPath).find((p) => /(^|\/)tileset\.json$/.test(p)) : undefined;
    return this.api.fileUrl(asset, tileset);
  }
}

/** The path inside its asset of one of the asset's `files` URLs. */
function decodedPath(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').slice(4).join('/'));
}

/** The layer type an asset most likely is, from its content type and name. */
export function layerTypeOf(asset: AssetRecord): Layer['type'] | undefined {
  const name = asset.name.toLowerCase();
  // A GIS file the server read (it derived a WGS84 GeoJSON): shapefile's zip, GeoPackage, FlatGeobuf, GeoJSON sequence.
  const gis = vectorFormatOf(asset.name, asset.files?.map(decodedPath) ?? []);
  const geojson = asset.contentType === 'application/geo+json' || name.endsWith('.geojson');
  // Too large for the browser to hold: the tiles the server cuts of it (docs/contract.md §13).
  if ((gis || geojson) && asset.size > TILED_LAYER_BYTES) return 'mvt';
  if (gis) return gis;
  if (geojson) return 'geojson';
  if (asset.contentType === 'application/vnd.czml+json' || name.endsWith('.czml')) return 'czml';
  if (asset.contentType.startsWith('application/vnd.google-earth')) return 'kml';
  if (asset.contentType.startsWith('model/gltf')) return 'gltf';
  if (name.endsWith('tileset.json') || (asset.files ?? []).some((f) => f.endsWith('/tileset.json'))) return '3dtiles';
  // A GeoTIFF: the tiles the server cuts of it (docs/contract.md §17, docs/rasters.md).
  if (asset.contentType === 'image/tiff' || GEOTIFF_NAME.test(name)) return 'geotiff';
  if (asset.contentType.startsWith('image/')) return 'imagery';
  if (asset.contentType === 'text/csv' || name.endsWith('.csv')) return 'csv';
  if (asset.contentType === 'application/gpx+xml' || name.endsWith('.gpx')) return 'gpx';
  return undefined;
}

/**
 * An id for a new layer that no layer of the scene has: `layer-` and random letters, so that two
 * people adding a layer at the same moment do not pick the same id (docs/collaboration.md).
 */
export function newLayerId(state: EditorState): string {
  let id: string;
  do id = `layer-${Math.random().toString(36).slice(2, 8)}`;
  while (state.scene.layers.some((l) => l.id === id));
  return id;
}

/**
 * Adds an asset as a layer of `type`. A CSV whose first rows hold a column of WKT geometries
 * gets that column as its `data.wktColumn` (docs/contract.md §13): it has no lat/lng columns to draw by.
 */
export async function addAssetLayer(state: EditorState, asset: AssetRecord, type: Layer['type']): Promise<string> {
  const wktColumn = type === 'csv' ? await state.api.fileHead(asset, 16_384).then(wktColumnOf, () => undefined) : undefined;
  const id = newLayerId(state);
  state.update((s) => s.layers.push({ id, title: asset.name, type, assetId: asset.id, visible: true, ...(wktColumn ? { data: { wktColumn } } : {}) }));
  return id;
}
