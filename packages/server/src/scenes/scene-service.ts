import { fileUrl } from '../assets/asset-record.js';
import { InputError } from '../input-error.js';
import type { PluginPackage } from '../plugins/plugin-package.js';
import type { Project, Store } from '../store/store.js';
import {
  convertsFromUrl,
  PMTILES_CONTENT_TYPE,
  derivedPathOf,
  publishedUrlLayerPath,
  derivedTablePath,
  isFileLayerType,
  vectorFormatOf,
  wktColumnQuery,
  type PublishedLayer,
  type PublishedSnapshot as Snapshot,
  type Scene,
  tilesUrlOf,
  GEOTIFF_NAME,
  publishedUrlRasterPath,
  rasterTilesPath,
  terrainTilesPath,
  PUBLISHED_URL_TERRAIN_PATH,
  type PublishedTerrain,
} from '@orbis/scene';
import { validateScene } from './scene-validator.js';
import type { LiveScenes } from '../live/live-scenes.js';

/** What the server calls a PMTiles archive it has read the magic bytes of. */

/** Whether an asset is a GeoTIFF whose tiles the server cuts (docs/rasters.md). */
function isGeotiff(asset: { name: string; contentType: string }): boolean {
  return GEOTIFF_NAME.test(asset.name) || asset.contentType === 'image/tiff';
}

/** What `/p/{project}` shows: the scene as it was when published, with the plugins installed then, in install order. */
export type PublishedSnapshot = Snapshot<PluginPackage>;

/** Reads, saves and publishes a project's scene. */
export class SceneService {
  constructor(
    private readonly store: Store,
    private readonly live: LiveScenes,
  ) {}

  /** The scene as it is now: the live document's (docs/collaboration.md). */
  async get(project: Project): Promise<Scene> {
    return this.live.read(project);
  }

  /**
   * Validates the document, checks that its assets are this project's, and merges it into the
   * live document: what differs is written, and every open editor sees it. `check` sees the scene
   * just before and may refuse (an If-Match).
   */
  async put(project: Project, document: unknown, check?: (current: Scene) => void): Promise<Scene> {
    const scene = validateScene(document);
    for (const [i, layer] of scene.layers.entries()) {
      if (layer.assetId === undefined) continue;
      const asset = await this.store.getAsset(project.id, layer.assetId);
      if (!asset) throw new InputError(`layers[${i}].assetId`, `layers[${i}].assetId: no asset "${layer.assetId}" in this project`);
      if (isFileLayerType(layer.type) && vectorFormatOf(asset.name, asset.files?.map((f) => f.path) ?? []) !== layer.type) {
        throw new InputError(`layers[${i}].type`, `layers[${i}].type: "${asset.name}" is not a ${layer.type} file the server has read`);
      }
      if (layer.type === 'geotiff' && !isGeotiff(asset)) {
        throw new InputError(
          `layers[${i}].type`,
          `layers[${i}].type: "${asset.name}" is not a GeoTIFF (.tif): a geotiff layer shows the tiles the server cuts of one`,
        );
      }
      const table = layer.data?.table;
      if (table !== undefined && !asset.files?.some((f) => f.path === derivedTablePath(table))) {
        throw new InputError(`layers[${i}].data.table`, `layers[${i}].data.table: "${asset.name}" has no feature table "${table}"`);
      }
    }
    for (const [i, tile] of (scene.property.tiles ?? []).entries()) {
      if (tile.assetId === undefined) continue;
      const asset = await this.store.getAsset(project.id, tile.assetId);
      if (!asset) throw new InputError(`property.tiles[${i}].assetId`, `property.tiles[${i}].assetId: no asset "${tile.assetId}" in this project`);
      if (asset.contentType !== PMTILES_CONTENT_TYPE)
        throw new InputError(`property.tiles[${i}].assetId`, `property.tiles[${i}].assetId: "${asset.name}" is not a PMTiles archive`);
    }
    const dem = scene.property.terrain?.assetId;
    if (dem !== undefined) {
      const asset = await this.store.getAsset(project.id, dem);
      if (!asset) throw new InputError('property.terrain.assetId', `property.terrain.assetId: no asset "${dem}" in this project`);
      if (!isGeotiff(asset)) throw new InputError('property.terrain.assetId', `property.terrain.assetId: "${asset.name}" is not an elevation GeoTIFF (.tif)`);
    }
    return this.live.write(project, scene, check);
  }

  /**
   * Snapshots the scene for the published page. Asset layers get the same-origin path of their
   * file, so the snapshot survives a change of public URL; an asset layer must be public.
   */
  async publish(project: Project): Promise<PublishedSnapshot> {
    const scene = await this.get(project);
    const layers: PublishedLayer[] = [];
    for (const [i, layer] of scene.layers.entries()) {
      // Features kept in the scene (docs/contract.md §18 `data.value`) travel in the snapshot itself.
      if (layer.data?.value !== undefined) {
        layers.push({ ...layer, url: '' });
        continue;
      }
      if (layer.url !== undefined) {
        // A GIS file by URL (docs/contract.md §13) loads from this server, which reads and converts it.
        // A GeoTIFF by URL (docs/contract.md §17) is cut into tiles by this server, which reads it by ranges.
        if (layer.type === 'geotiff')
          layers.push({ ...layer, url: `/api/p/${encodeURIComponent(project.alias)}${publishedUrlRasterPath(layer.id)}`, source: layer.url });
        else
          layers.push(
            convertsFromUrl(layer) ? { ...layer, url: publishedUrlLayerPath(project.alias, layer.id), source: layer.url } : { ...layer, url: layer.url },
          );
        continue;
      }
      if (layer.model !== undefined) {
        // A content model's public items, as GeoJSON or CSV (docs/contract.md §10), from this server.
        const ext = layer.type === 'csv' ? 'csv' : 'geojson';
        layers.push({ ...layer, url: `/api/p/${encodeURIComponent(project.alias)}/${encodeURIComponent(layer.model)}.${ext}` });
        continue;
      }
      const asset = await this.store.getAsset(project.id, layer.assetId!);
      if (!asset) throw new InputError(`layers[${i}].assetId`, `layers[${i}].assetId: the asset was deleted; remove the layer or pick another asset`);
      if (!asset.public) {
        throw new InputError(`layers[${i}].assetId`, `layers[${i}].assetId: "${asset.name}" is private; make it public to publish this layer`);
      }
      if (layer.type === 'geotiff') {
        // The tiles the server cuts of it (docs/contract.md §17), from this server.
        layers.push({ ...layer, url: `/api/p/${encodeURIComponent(project.alias)}${rasterTilesPath(asset.id)}` });
        continue;
      }
      const main =
        layer.type === '3dtiles' && asset.files
          ? asset.files.find((f) => /(^|\/)tileset\.json$/.test(f.path))?.path
          : isFileLayerType(layer.type)
            ? derivedPathOf(asset.files?.map((f) => f.path) ?? [], layer.data?.table)
            : undefined;
      const wkt = layer.type === 'csv' && layer.data?.wktColumn !== undefined ? wktColumnQuery(layer.data.wktColumn) : '';
      const url = fileUrl('', project.alias, asset.id, main ?? asset.name) + wkt;
      // An mvt layer of an uploaded GeoJSON or GIS file draws the tiles the server cuts of it (docs/contract.md §13).
      layers.push({ ...layer, url: layer.type === 'mvt' ? tilesUrlOf(url, layer.data?.table) : url });
    }
    const tiles =
      scene.property.tiles &&
      (await Promise.all(
        scene.property.tiles.map(async (tile, i) =>
          tile.assetId === undefined ? tile : { ...tile, url: await this.publicFile(project, tile.assetId, `property.tiles[${i}].assetId`, 'basemap') },
        ),
      ));
    const property = tiles ? { ...scene.property, tiles } : { ...scene.property };
    const dem = scene.property.terrain?.assetId;
    if (dem !== undefined) {
      // A DEM's terrain tiles (docs/contract.md §17), from this server: its asset must be public, as a layer's.
      await this.publicFile(project, dem, 'property.terrain.assetId', 'terrain');
      property.terrain = { ...scene.property.terrain, url: `/api/p/${encodeURIComponent(project.alias)}${terrainTilesPath(dem)}` };
    } else if (scene.property.terrain?.type === 'dem' && scene.property.terrain.url !== undefined) {
      // A DEM by URL (docs/rasters.md): this server's tiles of it, read from the URL kept in `source`.
      const terrain: PublishedTerrain = {
        ...scene.property.terrain,
        url: `/api/p/${encodeURIComponent(project.alias)}${PUBLISHED_URL_TERRAIN_PATH}`,
        source: scene.property.terrain.url,
      };
      property.terrain = terrain;
    }
    const snapshot: PublishedSnapshot = {
      project: { alias: project.alias, name: project.name },
      scene: { ...scene, property, layers },
      plugins: (await this.store.listPlugins(project.id)).map((json) => JSON.parse(json) as PluginPackage),
      publishedAt: new Date().toISOString(),
    };
    await this.store.putPublication(project.id, JSON.stringify(snapshot), snapshot.publishedAt);
    return snapshot;
  }

  /** The same-origin path of a public asset's file, for a published basemap archive. */
  private async publicFile(project: Project, assetId: string, path: string, what: string): Promise<string> {
    const asset = await this.store.getAsset(project.id, assetId);
    if (!asset) throw new InputError(path, `${path}: the asset was deleted; pick another ${what}`);
    if (!asset.public) throw new InputError(path, `${path}: "${asset.name}" is private; make it public to publish this ${what}`);
    return fileUrl('', project.alias, asset.id, asset.name);
  }

  async unpublish(project: Project): Promise<boolean> {
    return this.store.deletePublication(project.id);
  }

  async published(project: Project): Promise<PublishedSnapshot | undefined> {
    const stored = await this.store.getPublication(project.id);
    return stored ? (JSON.parse(stored.json) as PublishedSnapshot) : undefined;
  }
}
