import { TileType } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { bytesSource, writePmtiles } from '../../testing/pmtiles-writer.js';
import { openPmtiles, summarizePmtiles, unknownTilesRefusal } from './pmtiles-archive.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('PMTiles archives as basemaps (docs/contract.md §14)', () => {
  it('reads a raster archive: its image type, levels, bounds, attribution and each tile by z/x/y', async () => {
    const archive = openPmtiles(
      bytesSource(
        writePmtiles({
          tileType: TileType.Png,
          tiles: [
            { z: 0, x: 0, y: 0, data: bytes(1) },
            { z: 1, x: 1, y: 0, data: bytes(2, 2) },
            { z: 1, x: 0, y: 1, data: bytes(3, 3, 3) },
          ],
          metadata: { attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>' },
          bounds: [120, 20, 150, 46],
        }),
      ),
    );
    expect(await summarizePmtiles(archive)).toEqual({
      imageType: 'image/png',
      vector: false,
      minZoom: 0,
      maxZoom: 1,
      bounds: [120, 20, 150, 46],
      center: [135, 33, 0],
      attribution: '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>',
    });
    expect(new Uint8Array((await archive.getZxy(1, 0, 1))!.data)).toEqual(bytes(3, 3, 3));
    expect(new Uint8Array((await archive.getZxy(1, 1, 0))!.data)).toEqual(bytes(2, 2));
    expect(await archive.getZxy(1, 1, 1)).toBeUndefined();
  });

  it('knows a vector archive (MVT) and its layers from the metadata; an archive of other tiles has neither an image type nor vectors, and is refused with the reason', async () => {
    const summary = await summarizePmtiles(
      openPmtiles(
        bytesSource(
          writePmtiles({
            tileType: TileType.Mvt,
            tiles: [
              { z: 3, x: 7, y: 3, data: bytes(0x1a, 0) },
              { z: 5, x: 28, y: 12, data: bytes(0x1a, 0) },
            ],
            metadata: { vector_layers: [{ id: 'transportation' }, { id: 'water' }, { nameless: true }] },
            bounds: [139, 35, 141, 36],
          }),
        ),
      ),
    );
    expect(summary).toEqual({
      imageType: undefined,
      vector: true,
      minZoom: 3,
      maxZoom: 5,
      bounds: [139, 35, 141, 36],
      center: [140, 35.5, 3],
      vectorLayers: ['transportation', 'water'],
    });
    const other = await summarizePmtiles(openPmtiles(bytesSource(writePmtiles({ tileType: TileType.Mlt, tiles: [{ z: 0, x: 0, y: 0, data: bytes(0) }] }))));
    expect([other.imageType, other.vector]).toEqual([undefined, false]);
    expect(unknownTilesRefusal('streets.pmtiles')).toMatch(/^"streets.pmtiles" holds tiles that a basemap does not draw.*MVT vector tiles/);
  });
});
