import { WebMercatorTilingScheme } from 'cesium';
import { describe, expect, it } from 'vitest';
import { MAX_TILE_READS, PmtilesImageryProvider, rasterTile } from './cesium-pmtiles-imagery.js';
import { openPmtiles } from '../pmtiles-archive.js';

describe('a PMTiles basemap reads its tiles a few at a time', () => {
  it(`answers "ask again later" past ${MAX_TILE_READS} reads at once, and reads again once one is done, failed or not`, async () => {
    // An archive whose every read fails (a server gone): no tile is decoded, which Node could not do.
    const archive = openPmtiles({ getKey: () => 'gone.pmtiles', getBytes: () => Promise.reject(new Error('offline')) });
    const provider = new PmtilesImageryProvider(rasterTile(archive, 'image/png'), { url: 'pmtiles:{z}/{x}/{y}', tilingScheme: new WebMercatorTilingScheme() });
    const asked = Array.from({ length: MAX_TILE_READS + 3 }, (_, i) => provider.requestImage(i, 1, 3));
    expect(asked.filter((a) => a === undefined)).toHaveLength(3);
    expect((await Promise.allSettled(asked.filter((a) => a !== undefined))).map((r) => r.status)).toEqual(Array(MAX_TILE_READS).fill('rejected'));
    const again = provider.requestImage(0, 2, 3);
    expect(again).toBeInstanceOf(Promise);
    await expect(again).rejects.toThrow('offline');
  });
});
