import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { BaseClient } from 'geotiff';
import sharp from 'sharp';
import type { Storage } from '../storage/storage.js';
import { StoredOnce } from '../storage/stored-once.js';
import { paintTile } from './raster-paint.js';
import { RasterFileError } from './raster-file-error.js';
import { type Georeference, openRaster, type RasterSource, readFault } from './raster-source.js';
import { bandsOf, checkStyle, type RasterStyle, styleKey } from './raster-style.js';
import { HttpRangeClient, type HttpRangeLimits } from './http-range-client.js';
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
  /** Its tiled copy made on upload (cog-conversion.ts), read in its place: each level's stored file, and the georeference's. */
  converted?: { levels: { key: string; size: number }[]; georeference: string };
  /** Until then, the preview its conversion made first (cog-conversion.ts): an overview of the file as it is. */
  preview?: { key: string; size: number };
}

/** A GeoTIFF (a COG, best) named by URL, read by ranges of its bytes (docs/rasters.md, "A GeoTIFF by URL"). */
export interface RemoteRaster {
  url: string;
  /** Its file name, as errors name it. */
  name: string;
}

export type TileFormat = 'png' | 'webp';

/** Where tiles are kept under an asset's prefix. */
export const RASTER_TILES_PATH = 'orbis-rasters';
/** Opened files (their headers, and geotiff's cache of their last blocks) kept at once. */
const KEPT_SOURCES = 8;
/** How long a remote file's header is trusted before it is read again (a URL's file may change). */
const REMOTE_FRESH_MS = 5 * 60 * 1000;

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
  private readonly sources = new Map<string, { at: number; source: Promise<RasterSource>; client: { fault?: Error } }>();
  private readonly kept: StoredOnce;

  constructor(
    private readonly storage: Storage,
    /** What reading a GeoTIFF by URL may do: the URL layers' guard (docs/gis-files.md). */
    private readonly remote: HttpRangeLimits = { privateAddresses: false },
    private readonly now: () => number = Date.now,
  ) {
    this.kept = new StoredOnce(storage);
  }

  /** The file's header, read once and kept among the last few (a remote one for 5 minutes). */
  source(file: RasterFile | RemoteRaster): Promise<RasterSource> {
    const isRemote = 'url' in file;
    const name = isRemote ? `url:${file.url}` : `${file.key}#${file.etag}`;
    const found = this.sources.get(name);
    let entry = found;
    if (found && !(isRemote && this.now() - found.at >= REMOTE_FRESH_MS)) {
      this.sources.delete(name);
    } else {
      const client: BaseClient & { fault?: Error } = isRemote
        ? new HttpRangeClient(file.url, this.remote)
        : new StorageRangeClient(this.storage, file.key, file.size);
      const source = (
        isRemote
          ? openRaster(file.name, client)
          : file.converted
            ? this.openConverted(file.name, file.converted)
            : openRaster(file.name, client, file.preview && { overviews: [new StorageRangeClient(this.storage, file.preview.key, file.preview.size)] })
      ).catch((err: unknown) => {
        // geotiff drops its blocks' faults ("Request failed"): the remote host's own is kept by the client.
        throw isRemote && client.fault ? new RasterFileError(file.name, client.fault.message) : err;
      });
      entry = { at: this.now(), source, client };
      // A file that cannot be read is not kept: the next request tries again.
      source.catch(() => this.sources.get(name)?.source === source && this.sources.delete(name));
    }
    this.sources.set(name, entry!);
    const source = entry!.source;
    for (const [other] of this.sources) if (this.sources.size > KEPT_SOURCES) this.sources.delete(other);
    return source;
  }

  /** The tile's image, from storage or cut now. Rejects with a `RasterStyleError` for a style that does not fit the file. */
  async tile(file: RasterFile | RemoteRaster, style: RasterStyle, z: number, x: number, y: number, format: TileFormat): Promise<Buffer> {
    const source = await this.source(file);
    checkStyle(source, style);
    const cut = async () => {
      const samples = await tileSamples(source, bandsOf(source, style), z, x, y);
      return encodeTile(samples ? paintTile(source, style, samples) : new Uint8Array(TILE_SIZE * TILE_SIZE * 4), format);
    };
    // A remote file's tiles are cut each time (HTTP caches keep them): storage holds only what an asset owns.
    if ('url' in file) return this.remoteRead(file, cut);
    const hash = createHash('sha256').update(styleKey(source, style)).digest('hex').slice(0, 16);
    return this.kept.get(`${file.prefix}/${RASTER_TILES_PATH}/${file.etag}/${hash}/${z}/${x}/${y}.${format}`, cut);
  }

  /**
   * A terrain tile of a DEM (its first band): Terrarium-encoded heights on the 65 × 65 grid of
   * Web Mercator tile z/x/y, edges included, as a PNG; kept like the imagery tiles (a DEM by URL's
   * are cut each time, as its imagery tiles are).
   */
  async terrain(file: RasterFile | RemoteRaster, z: number, x: number, y: number): Promise<Buffer> {
    const source = await this.source(file);
    const cut = async () => {
      const samples = await tileSamples(source, [1], z, x, y, TERRAIN_GRID);
      const { size } = TERRAIN_GRID;
      const rgb = terrariumRgb(samples?.values[0] ?? new Float64Array(size * size), source.nodata);
      return sharp(rgb, { raw: { width: size, height: size, channels: 3 } })
        .png({ compressionLevel: 6 })
        .toBuffer();
    };
    if ('url' in file) return this.remoteRead(file, cut);
    return this.kept.get(`${file.prefix}/${RASTER_TILES_PATH}/${file.etag}/terrain/${z}/${x}/${y}.png`, cut);
  }

  /**
   * Every band's value of the pixel under a longitude/latitude, at full resolution, or null off
   * the raster (what a click on a raster layer shows, docs/contract.md §17), with the file's nodata
   * value. No data stays as the file has it.
   */
  async valuesAt(file: RasterFile | RemoteRaster, lng: number, lat: number): Promise<{ values: number[] | null; nodata: number | null }> {
    const source = await this.source(file);
    const mx = (lng * Math.PI * 6378137) / 180;
    const my = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137;
    const at = [0, 0];
    source.crs.fromWebMercator(mx, my, at);
    const level = source.levels[0]!;
    const col = Math.floor((at[0]! - source.originX) / level.resX);
    const row = Math.floor((source.originY - at[1]!) / level.resY);
    const { nodata } = source;
    if (!(col >= 0 && row >= 0 && col < level.width && row < level.height)) return { values: null, nodata };
    const read = () => level.image.readRasters({ window: [col, row, col + 1, row + 1], interleave: false });
    const bands = (await ('url' in file ? this.remoteRead(file, read) : read())) as unknown as ArrayLike<number>[];
    return { values: bands.map((band) => band[0]!), nodata };
  }

  /** A plain GeoTIFF's tiled copy (cog-conversion.ts): its levels, placed by the georeference read from the original. */
  private async openConverted(name: string, converted: NonNullable<RasterFile['converted']>): Promise<RasterSource> {
    const georeference = JSON.parse((await buffer(await this.storage.read(converted.georeference))).toString('utf8')) as Georeference;
    const [first, ...overviews] = converted.levels.map((level) => new StorageRangeClient(this.storage, level.key, level.size));
    return openRaster(name, first!, { georeference, overviews });
  }

  /** Reads of a remote file whose host fails midway are the file's fault, said with the host's answer (geotiff drops it), not the server's. */
  private async remoteRead<T>(file: RemoteRaster, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      const fault = this.sources.get(`url:${file.url}`)?.client.fault;
      throw new RasterFileError(file.name, fault ? fault.message : `${file.url} could not be read: ${readFault(err)}`);
    }
  }
}
