import { Credit, CustomHeightmapTerrainProvider, Resource, WebMercatorTilingScheme } from 'cesium';
import { gsiHeight, heightGrid, type HeightImage, terrariumHeight } from '../height-tiles.js';

/** Samples on a side of a heightmap tile: the server's DEM tiles have exactly these (docs/rasters.md, "Terrain"). */
const GRID = 65;
/** GSI's dem_png goes to zoom 14: deeper tiles are read from the zoom-14 tile under them. */
const GSI_MAX_LEVEL = 14;

async function pixelsOf(url: string, headers?: Record<string, string>): Promise<HeightImage | undefined> {
  let blob: Blob | undefined;
  try {
    blob = (await new Resource({ url, headers }).fetchBlob()) as Blob | undefined;
  } catch (err) {
    // No tile there (GSI has none over the sea): the ellipsoid.
    if ((err as { statusCode?: number }).statusCode === 404) return undefined;
    throw err;
  }
  if (!blob) return undefined;
  // The bytes as they are: no colour management, no premultiplied alpha, which would alter heights.
  const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/**
 * The level a height is sampled at, per provider (`sampleTerrain`: these heightmaps have no tile
 * availability, which `sampleTerrainMostDetailed` needs). A DEM's tiles at zoom 16 have a height
 * every 2.4 m × cos(latitude) … 9.6 m at the equator, finer than most DEMs a city has (5 m, 10 m);
 * GSI's deepest tiles are zoom 14's.
 */
const SAMPLE_LEVELS = new WeakMap<CustomHeightmapTerrainProvider, number>();
const DEM_SAMPLE_LEVEL = 16;

/** The level at which `getTerrainHeightAsync` samples a DEM's or GSI's terrain, or undefined for another provider. */
export function sampleLevelOf(provider: object): number | undefined {
  return SAMPLE_LEVELS.get(provider as CustomHeightmapTerrainProvider);
}

const tileUrl = (template: string, z: number, x: number, y: number) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

/**
 * Terrain from a DEM of the project (docs/contract.md §17 "dem"): the server's Terrarium tiles, 65 × 65
 * heights on each Web Mercator tile's edges, handed to CesiumJS as they are.
 */
export function terrariumTerrain(template: string, headers?: Record<string, string>): CustomHeightmapTerrainProvider {
  const provider = new CustomHeightmapTerrainProvider({
    width: GRID,
    height: GRID,
    tilingScheme: new WebMercatorTilingScheme(),
    callback: async (x, y, level) => {
      const image = await pixelsOf(tileUrl(template, level, x, y), headers);
      return image ? heightGrid(image, terrariumHeight, GRID, { x: 0, y: 0, size: 1 }, true) : new Float32Array(GRID * GRID);
    },
  });
  SAMPLE_LEVELS.set(provider, DEM_SAMPLE_LEVEL);
  return provider;
}

/**
 * GSI's elevation tiles (docs/contract.md §17 "gsi"): 256 × 256 PNGs of heights at pixel centres in their own
 * encoding, sampled onto the heightmap's edge grid; below zoom 14's the zoom-14 tile is read.
 */
export function gsiTerrain(template: string): CustomHeightmapTerrainProvider {
  const provider = new CustomHeightmapTerrainProvider({
    width: GRID,
    height: GRID,
    tilingScheme: new WebMercatorTilingScheme(),
    credit: new Credit('<a href="https://maps.gsi.go.jp/development/ichiran.html" target="_blank" rel="noopener">国土地理院</a>'),
    callback: async (x, y, level) => {
      const up = Math.max(0, level - GSI_MAX_LEVEL);
      const size = 1 / 2 ** up;
      const image = await pixelsOf(tileUrl(template, level - up, x >> up, y >> up));
      const part = { x: (x - ((x >> up) << up)) * size, y: (y - ((y >> up) << up)) * size, size };
      return image ? heightGrid(image, gsiHeight, GRID, part, false) : new Float32Array(GRID * GRID);
    },
  });
  SAMPLE_LEVELS.set(provider, GSI_MAX_LEVEL);
  return provider;
}
