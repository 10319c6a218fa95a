import { describe, expect, it } from 'vitest';
import { tileAt } from './pmtiles-basemaps.js';

describe('tileAt (the tile the basemap picker previews)', () => {
  it('finds the web Mercator tile that holds a point, clamped to the grid at the poles and the antimeridian', () => {
    expect(tileAt(140, 35.5, 2)).toEqual({ z: 2, x: 3, y: 1 });
    expect(tileAt(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0 });
    expect(tileAt(-0.1, 0.1, 1)).toEqual({ z: 1, x: 0, y: 0 });
    expect(tileAt(180, -90, 1)).toEqual({ z: 1, x: 1, y: 1 });
  });
});
