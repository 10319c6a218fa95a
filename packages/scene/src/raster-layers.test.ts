import { describe, expect, it } from 'vitest';
import { publishedUrlRasterPath, rasterTilesPath, rasterValuesUrl, urlRasterTilesPath } from './raster-layers.js';

describe('raster layer paths (docs/rasters.md)', () => {
  it("asks a pixel's values beside the tiles: an asset's, a URL's in the editor (its url kept), a published URL layer's", () => {
    expect(rasterValuesUrl(`/api/p/demo${rasterTilesPath('A1')}`, 139.767125, 35.681236)).toBe('/api/p/demo/rasters/A1/values?lng=139.7671250&lat=35.6812360');
    const url = 'https://example.org/cogs/ortho.tif';
    expect(urlRasterTilesPath(url)).toBe('/url-rasters/{z}/{x}/{y}.png?url=https%3A%2F%2Fexample.org%2Fcogs%2Fortho.tif');
    expect(rasterValuesUrl(`/api/projects/demo${urlRasterTilesPath(url)}`, -0.5, 1)).toBe(
      '/api/projects/demo/url-rasters/values?url=https%3A%2F%2Fexample.org%2Fcogs%2Fortho.tif&lng=-0.5000000&lat=1.0000000',
    );
    expect(rasterValuesUrl(`/api/p/demo${publishedUrlRasterPath('ortho')}`, 0, 0)).toBe('/api/p/demo/url-rasters/ortho/values?lng=0.0000000&lat=0.0000000');
  });
});
