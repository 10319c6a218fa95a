import { describe, expect, it } from 'vitest';
import { TILED_LAYER_BYTES } from '@orbis/scene/checks';
import { layerTypeOf } from './editor-state.js';
import type { AssetRecord } from '../api/management-api.js';

const asset = (name: string, contentType: string, size: number, files?: string[]): AssetRecord => ({
  type: 'asset',
  id: 'a',
  name,
  url: `http://x/files/p/a/${name}`,
  contentType,
  size,
  public: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...(files ? { files } : {}),
});

describe('layerTypeOf', () => {
  it('adds a GeoJSON or GIS file too large for the browser as an mvt layer of its tiles (docs/contract.md §13)', () => {
    expect(layerTypeOf(asset('trees.geojson', 'application/geo+json', 1_000))).toBe('geojson');
    expect(layerTypeOf(asset('trees.geojson', 'application/geo+json', TILED_LAYER_BYTES + 1))).toBe('mvt');
    const shp = ['http://x/files/p/a/trees.shp', 'http://x/files/p/a/trees.dbf', 'http://x/files/p/a/orbis-wgs84.geojson'];
    expect(layerTypeOf(asset('trees.zip', 'application/zip', 1_000, shp))).toBe('shapefile');
    expect(layerTypeOf(asset('trees.zip', 'application/zip', TILED_LAYER_BYTES + 1, shp))).toBe('mvt');
    expect(layerTypeOf(asset('big.csv', 'text/csv', TILED_LAYER_BYTES + 1))).toBe('csv');
  });

  it('adds a GeoTIFF as a geotiff layer of the tiles the server cuts (docs/contract.md §17), another image as imagery', () => {
    expect(layerTypeOf(asset('ortho.tif', 'image/tiff', 1_000))).toBe('geotiff');
    expect(layerTypeOf(asset('DEM.TIFF', 'application/octet-stream', 1_000))).toBe('geotiff');
    expect(layerTypeOf(asset('logo.png', 'image/png', 1_000))).toBe('imagery');
  });
});
