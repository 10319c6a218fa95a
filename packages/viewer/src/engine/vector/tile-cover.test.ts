import { describe, expect, it } from 'vitest';
import { tilesUrlOf } from '@orbis/scene/checks';
import { MAX_TILES, tilesCovering, tileUrl } from './tile-cover.js';

describe('tilesCovering', () => {
  it('picks the zoom at which a tile shows about 512 px wide, and the tiles of the view', () => {
    // Central Tokyo, 0.2° across on 640 px: zoom 11, two tiles side by side.
    const cover = tilesCovering({ west: 139.65, south: 35.62, east: 139.85, north: 35.74 }, 640, 0, 14);
    expect(cover.z).toBe(11);
    expect(cover.tiles).toEqual([
      [1818, 806],
      [1819, 806],
    ]);
  });

  it("keeps within the layer's levels", () => {
    expect(tilesCovering({ west: 139.76, south: 35.68, east: 139.77, north: 35.69 }, 640, 0, 14).z).toBe(14);
    expect(tilesCovering({ west: -180, south: -85, east: 180, north: 85 }, 640, 3, 14).z).toBe(3);
  });

  it('zooms out until at most MAX_TILES cover a view that reaches the horizon', () => {
    const cover = tilesCovering({ west: 100, south: -10, east: 179, north: 80 }, 2000, 0, 14);
    expect(cover.tiles.length).toBeLessThanOrEqual(MAX_TILES);
    expect(cover.tiles.length).toBeGreaterThan(1);
  });

  it('covers a view across the antimeridian from both sides', () => {
    const cover = tilesCovering({ west: 179, south: -1, east: -179, north: 1 }, 640, 0, 14);
    const xs = new Set(cover.tiles.map(([x]) => x));
    expect(xs.has(0)).toBe(true);
    expect(xs.has(2 ** cover.z - 1)).toBe(true);
  });

  it('fills a URL template', () => {
    expect(tileUrl('/t/{z}/{x}/{y}.pbf', 3, 4, 5)).toBe('/t/3/4/5.pbf');
    // A GeoPackage table's tiles (docs/contract.md §13 data.table) keep their query.
    expect(tileUrl(tilesUrlOf('/files/p/a/roads.gpkg', 'main roads'), 3, 4, 5)).toBe('/files/p/a/orbis-tiles/3/4/5.pbf?table=main%20roads');
  });
});
