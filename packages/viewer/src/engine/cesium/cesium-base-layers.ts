import {
  ArcGISTiledElevationTerrainProvider,
  buildModuleUrl,
  CesiumTerrainProvider,
  Credit,
  EllipsoidTerrainProvider,
  ImageryLayer,
  Ion,
  OpenStreetMapImageryProvider,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  type TileProviderError,
  type Viewer,
  WebMapServiceImageryProvider,
} from 'cesium';
import { gsiTerrain, terrariumTerrain } from './cesium-height-tiles.js';
import { pmtilesImagery } from './cesium-pmtiles-imagery.js';
import type { TerrainSource, TileSource } from '../property-mapping.js';

/** Sets the viewer's terrain; one that cannot be loaded falls back to the ellipsoid, with an error logged. */
export async function setTerrain(viewer: Viewer, source: TerrainSource): Promise<void> {
  try {
    switch (source.kind) {
      case 'ellipsoid':
        viewer.terrainProvider = new EllipsoidTerrainProvider();
        break;
      case 'quantized-mesh':
        viewer.terrainProvider = await CesiumTerrainProvider.fromUrl(source.url, { requestVertexNormals: true });
        break;
      case 'cesium-ion':
        Ion.defaultAccessToken = source.token;
        viewer.terrainProvider = await CesiumTerrainProvider.fromIonAssetId(source.assetId, { requestVertexNormals: true });
        break;
      case 'arcgis':
        viewer.terrainProvider = await ArcGISTiledElevationTerrainProvider.fromUrl(source.url);
        break;
      case 'terrarium':
        viewer.terrainProvider = terrariumTerrain(source.url, source.headers);
        break;
      case 'gsi':
        viewer.terrainProvider = gsiTerrain(source.url);
        break;
    }
  } catch (err) {
    console.error('[orbis] terrain could not be loaded; showing the ellipsoid', err);
    viewer.terrainProvider = new EllipsoidTerrainProvider();
  }
}

/** Where a basemap's tiles come from, in words: the host of its URL, or the offline Natural Earth II. */
export function tilesSourceName(tile: TileSource): string {
  if (tile.kind === 'natural-earth') return 'Natural Earth II';
  try {
    return new URL(tile.url, location.href).host || tile.url;
  } catch {
    return tile.url;
  }
}

/**
 * Replaces the viewer's base imagery; imagery added by layers (type "imagery") stays. `onTileError`
 * hears of each basemap whose tiles fail to load (no network, a server down), once per basemap.
 */
export function setBaseTiles(viewer: Viewer, tiles: TileSource[], onTileError: (tile: TileSource) => void = () => undefined): void {
  const layers = viewer.imageryLayers;
  // Only the base tiles, marked when added, are replaced.
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers.get(i);
    if ((layer as unknown as { orbisBase?: boolean }).orbisBase) layers.remove(layer, true);
  }
  tiles.forEach((tile, index) => {
    const layer = ImageryLayer.fromProviderAsync(providerFor(tile), {});
    // A basemap that cannot be read (a vector archive, a file gone) leaves its place empty, said in the console.
    layer.errorEvent.addEventListener((error: unknown) =>
      console.warn('[orbis] a basemap could not be shown:', error instanceof Error ? error.message : error),
    );
    // A tile that fails (after CesiumJS's own retries) is said once per basemap: the globe shows its
    // bare colour where the tiles should be, which alone says nothing (docs/viewer.md, "Basemaps").
    let told = false;
    layer.readyEvent.addEventListener((provider) =>
      provider.errorEvent.addEventListener((error: TileProviderError) => {
        if (told || error.level === undefined) return;
        told = true;
        console.warn(`[orbis] basemap tiles from ${tilesSourceName(tile)} could not be loaded: ${error.message}`);
        onTileError(tile);
      }),
    );
    layer.alpha = tile.opacity;
    layer.show = tile.show;
    (layer as unknown as { orbisBase?: boolean }).orbisBase = true;
    layers.add(layer, index);
  });
}

function providerFor(tile: TileSource) {
  switch (tile.kind) {
    case 'natural-earth':
      return TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII'));
    case 'url-template':
      // A basemap's credit shows on the globe itself, not behind "Data attribution": OpenStreetMap's and GSI's terms ask for it in sight.
      return Promise.resolve(
        new UrlTemplateImageryProvider({
          url: tile.url,
          credit: tile.credit ? new Credit(tile.credit, true) : undefined,
          minimumLevel: tile.minimumLevel,
          maximumLevel: tile.maximumLevel,
        }),
      );
    case 'wms':
      return Promise.resolve(new WebMapServiceImageryProvider({ url: tile.url, layers: tile.layers }));
    case 'osm':
      return Promise.resolve(new OpenStreetMapImageryProvider({ url: tile.url }));
    case 'pmtiles':
      return pmtilesImagery(tile);
  }
}
