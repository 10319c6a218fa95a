import { TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { bytesSource, writePmtiles } from '../../testing/pmtiles-writer.js';
import { openPmtiles, summarizePmtiles, vectorArchiveRefusal } from './pmtiles-archive.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('PMTiles archives as basemaps (SPEC §14)', () => {
  it('reads a raster archive: its image type, levels, bounds, attribution and each tile by z/x/y', async () => {
    const archive = openPmtiles(bytesSource(writePmtiles({
      tileType: TileType.Png,
      tiles: [{ z: 0, x: 0, y: 0, data: bytes(1) }, { z: 1, x: 1, y: 0, data: bytes(2, 2) }, { z: 1, x: 0, y: 1, data: bytes(3, 3, 3) }],
      metadata: { attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>' },
      bounds: [120, 20, 150, 46],
    })));
    expect(await summarizePmtiles(archive)).toEqual({ imageType: 'image/png', minZoom: 0, maxZoom: 1, bounds: [120, 20, 150, 46], attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>' });
    expect(new Uint8Array((await archive.getZxy(1, 0, 1))!.data)).toEqual(bytes(3, 3, 3));
    expect(new Uint8Array((await archive.getZxy(1, 1, 0))!.data)).toEqual(bytes(2, 2));
    expect(await archive.getZxy(1, 1, 1)).toBeUndefined();
  });

  it('finds no image type in a vector archive, and says why it is no basemap', async () => {
    const summary = await summarizePmtiles(openPmtiles(bytesSource(writePmtiles({ tileType: TileType.Mvt, tiles: [{ z: 0, x: 0, y: 0, data: bytes(0x1a, 0) }] }))));
    expect(summary.imageType).toBeUndefined();
    expect(summary.attribution).toBeUndefined();
    expect(vectorArchiveRefusal('streets.pmtiles')).toMatch(/^"streets.pmtiles" holds vector tiles.*PNG, JPEG or WebP/);
  });
});
