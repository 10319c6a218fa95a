import { describe, expect, it } from 'vitest';
import { rasterQuery, styledRasterUrl } from './cesium-raster-layer.js';

describe("rasterQuery (docs/rasters.md, the tile route's query)", () => {
  it("sends a geotiff layer's style with its CSS colours as hex, as the server reads them", () => {
    expect(rasterQuery({ bands: [1], nodata: -9999, ramp: ['navy', 'rgba(255,0,0,0.5)', '#fde725'], breaks: [0.5, 2], hillshade: false, opacity: 0.5 })).toBe(
      'bands=1&nodata=-9999&ramp=000080,ff000080,fde725&breaks=0.5,2',
    );
    expect(rasterQuery({ hillshade: true })).toBe('hillshade=true');
    expect(rasterQuery(undefined)).toBe('');
  });

  it("adds the style to a tile template, after the query a GeoTIFF by URL's template already has", () => {
    expect(styledRasterUrl('/api/p/a/rasters/X/{z}/{x}/{y}.png', { hillshade: true })).toBe('/api/p/a/rasters/X/{z}/{x}/{y}.png?hillshade=true');
    expect(styledRasterUrl('/api/projects/a/url-rasters/{z}/{x}/{y}.png?url=https%3A%2F%2Fe.org%2Fa.tif', { bands: [1] })).toBe(
      '/api/projects/a/url-rasters/{z}/{x}/{y}.png?url=https%3A%2F%2Fe.org%2Fa.tif&bands=1',
    );
    expect(styledRasterUrl('/t/{z}/{x}/{y}.png', undefined)).toBe('/t/{z}/{x}/{y}.png');
  });
});
