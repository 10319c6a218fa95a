import { Readable } from 'node:stream';
import { TILES_PATH } from '@orbis/scene';
import type { Storage } from '../storage/storage.js';
import { StoredOnce } from '../storage/stored-once.js';
import { TileSource } from './tile-source.js';

/** Tile indexes kept in memory at once (each is a worker thread holding one file's features). */
const KEPT_SOURCES = 2;
/** An index unused this long is let go. */
const IDLE_MS = 10 * 60_000;

/** A GeoJSON file that can be cut into tiles: its storage key and a tag that changes with its bytes. */
export interface TiledFile {
  key: string;
  etag: string;
  /** The asset's storage prefix: tiles are kept under it, and go when it goes. */
  prefix: string;
}

interface Kept {
  source: TileSource;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Mapbox Vector Tiles of GeoJSON files (SPEC §13): each tile is cut once, by whichever process is
 * first asked for it, and kept in storage beside the file, where every process (and S3) finds it.
 * Cutting needs the file's index, which a worker thread builds from the file's bytes; the last
 * few indexes stay in memory for the tiles asked next.
 */
export class VectorTiles {
  private readonly sources = new Map<string, Kept>();
  private readonly kept: StoredOnce;

  constructor(private readonly storage: Storage) {
    this.kept = new StoredOnce(storage);
  }

  /** Where a tile of a file is kept. */
  static keyOf(file: TiledFile, z: number, x: number, y: number): string {
    return `${file.prefix}/${TILES_PATH}/${file.etag}/${z}/${x}/${y}.pbf`;
  }

  /**
   * The tile's bytes as `tile` gives them, or `'pending'` when they are not ready within `waitMs`:
   * the file's index is still being built (a large file takes minutes), and goes on being built
   * for the next ask. A caller answering HTTP says "ask again" rather than hold a connection.
   */
  async tileWithin(file: TiledFile, z: number, x: number, y: number, waitMs: number): Promise<Buffer | 'pending'> {
    const tile = this.tile(file, z, x, y);
    // Its failure, if it fails after the wait, is the next ask's to report.
    tile.catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), waitMs)));
    return Promise.race([tile, waited]).finally(() => clearTimeout(timer));
  }

  /** The tile's bytes (empty when nothing lies in it). Rejects when the file is not GeoJSON that can be read. */
  async tile(file: TiledFile, z: number, x: number, y: number): Promise<Buffer> {
    return this.kept.get(VectorTiles.keyOf(file, z, x, y), async () => Buffer.from((await this.sourceOf(file).tile(z, x, y)) ?? []));
  }

  private sourceOf(file: TiledFile): TileSource {
    const name = `${file.key}#${file.etag}`;
    let kept = this.sources.get(name);
    if (kept) {
      clearTimeout(kept.timer);
      this.sources.delete(name);
    } else {
      const source = new TileSource(Readable.from(this.readFile(file.key)));
      // A file that cannot be read is not kept: the next request tries again.
      source.ready.catch(() => this.drop(name));
      kept = { source, timer: undefined as never };
    }
    kept.timer = setTimeout(() => this.drop(name), IDLE_MS).unref();
    this.sources.set(name, kept);
    for (const [other] of this.sources) if (this.sources.size > KEPT_SOURCES) this.drop(other);
    return kept.source;
  }

  private async *readFile(key: string): AsyncGenerator<Buffer> {
    yield* (await this.storage.read(key)) as AsyncIterable<Buffer>;
  }

  private drop(name: string): void {
    const kept = this.sources.get(name);
    if (!kept) return;
    clearTimeout(kept.timer);
    this.sources.delete(name);
    void kept.source.close();
  }

  /** Lets every index go (the server is closing). */
  async close(): Promise<void> {
    for (const name of [...this.sources.keys()]) this.drop(name);
  }
}
