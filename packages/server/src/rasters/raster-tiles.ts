import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.js';
import { StoredOnce } from '../storage/stored-once.js';
import { paintTile } from './raster-paint.js';
import { openRaster, type RasterSource } from './raster-source.js';
import { bandsOf, checkStyle, type RasterStyle, styleKey } from './raster-style.js';
import { StorageRangeClient } from './storage-range-client.js';
import { TERRAIN_GRID, terrariumRgb } from './terrarium.js';
import { TILE_SIZE, tileSamples } from './tile-samples.js';

/** A stored GeoTIFF that tiles are cut from. */
export interface RasterFile {
  key: string;
  /** Its file name, as errors name it. */
  name: string;
  size: number;
  /** Changes with its bytes: stored tiles of other bytes are never served. */
  etag: string;
  /** The asset's storage prefix: tiles are kept under it, and go when it goes. */
  prefix: string;
}

export type TileFormat = 'png' | 'webp';

/** Where tiles are kept under an asset's prefix. */
export const RASTER_TILES_PATH = 'orbis-rasters';
/** Opened files (their headers, and geotiff's cache of their last blocks) kept at once. */
const KEPT_SOURCES = 8;

/** Encodes RGBA bytes of a tile, both losslessly (a class colour must arrive exact): the settings bench/raster-tile-encoding.js chose (docs/rasters.md). */
export async function encodeTile(rgba: Uint8Array, format: TileFormat): Promise<Buffer> {
  const image = sharp(rgba, { raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 } });
  return format === 'png' ? image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer() : image.webp({ lossless: true, effort: 0 }).toBuffer();
}

/**
 * Web Mercator tiles of GeoTIFFs (docs/rasters.md): each is cut once, by whichever process is
 * first asked for it, from range reads of the file, and kept in storage beside the file, where
 * every process (and S3) finds it. The headers of the last few files read stay in memory.
 */
export class RasterTiles {
  private readonly sources = new Map<string, Promise<RasterSource>>();
  private readonly kept: StoredOnce;

  constructor(private readonly storage: Storage) {
    this.kept = new StoredOnce(storage);
  }

  /** The file's header, read once and kept among the last few. */
  source(file: RasterFile): Promise<RasterSource> {
    const name = `${file.key}#${file.etag}`;
    let source = this.sources.get(name);
    if (source) {
      this.sources.delete(name);
    } else {
      source = openRaster(file.name, new StorageRangeClient(this.storage, file.key, file.size));
      // A file that cannot be read is not kept: the next request tries again.
      source.catch(() => this.sources.delete(name));
    }
    this.sources.set(name, source);
    for (const [other] of this.sources) if (this.sources.size > KEPT_SOURCES) this.sources.delete(other);
    return source;
  }

  /** The tile's image, from storage or cut now. Rejects with a `RasterStyleError` for a style that does not fit the file. */
  async tile(file: RasterFile, style: RasterStyle, z: number, x: number, y: number, format: TileFormat): Promise<Buffer> {
    const source = await this.source(file);
    checkStyle(source, style);
    const hash = createHash('sha256').update(styleKey(source, style)).digest('hex').slice(0, 16);
    const key = `${file.prefix}/${RASTER_TILES_PATH}/${file.etag}/${hash}/${z}/${x}/${y}.${format}`;
    return this.kept.get(key, async () => {
      const samples = await tileSamples(source, bandsOf(source, style), z, x, y);
      return encodeTile(samples ? paintTile(source, style, samples) : new Uint8Array(TILE_SIZE * TILE_SIZE * 4), format);
    });
  }

  /**
   * A terrain tile of a DEM (its first band): Terrarium-encoded heights on the 65 × 65 grid of
   * Web Mercator tile z/x/y, edges included, as a PNG; kept like the imagery tiles.
   */
  async terrain(file: RasterFile, z: number, x: number, y: number): Promise<Buffer> {
    const source = await this.source(file);
    const key = `${file.prefix}/${RASTER_TILES_PATH}/${file.etag}/terrain/${z}/${x}/${y}.png`;
    return this.kept.get(key, async () => {
      const samples = await tileSamples(source, [1], z, x, y, TERRAIN_GRID);
      const { size } = TERRAIN_GRID;
      const rgb = terrariumRgb(samples?.values[0] ?? new Float64Array(size * size), source.nodata);
      return sharp(rgb, { raw: { width: size, height: size, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
    });
  }

  /**
   * Every band's value of the pixel under a longitude/latitude, at full resolution, or null off
   * the raster (what a click on a raster layer shows, docs/contract.md §17). No data stays as the file has it.
   */
  async valuesAt(file: RasterFile, lng: number, lat: number): Promise<number[] | null> {
    const source = await this.source(file);
    const mx = (lng * Math.PI * 6378137) / 180;
    const my = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137;
    const at = [0, 0];
    source.crs.fromWebMercator(mx, my, at);
    const level = source.levels[0]!;
    const col = Math.floor((at[0]! - source.originX) / level.resX);
    const row = Math.floor((source.originY - at[1]!) / level.resY);
    if (!(col >= 0 && row >= 0 && col < level.width && row < level.height)) return null;
    const bands = (await level.image.readRasters({ window: [col, row, col + 1, row + 1], interleave: false })) as unknown as ArrayLike<number>[];
    return bands.map((band) => band[0]!);
  }
}
