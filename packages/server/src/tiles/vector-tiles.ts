import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { TILES_PATH } from '@orbis/scene';
import { MissingKeyError, type Storage } from '../storage/storage.js';
import { TileSource } from './tile-source.js';

/** An index unused this long is let go. */
const IDLE_MS = 10 * 60_000;

/** What a process's tiles may hold (docs/gis-files.md "Limits"). */
export interface TileLimits {
  /**
   * The memory the kept indexes may take together (each is a worker thread holding one file's
   * features, counted by its heap and its typed arrays): the least recently used go past it, the one in use always stays. By memory, not by
   * count: three large files asked in turn no longer rebuild a 22 MB index on every request.
   */
  keptIndexBytes: number;
  /** The most tiles of one file (one ETag) this process writes to storage; past it, tiles are cut for each request. */
  storedTilesPerFile: number;
  /** Empty tiles remembered in memory (they are never stored: anyone can ask for any of them). */
  emptyTilesKnown: number;
}

export const TILE_LIMITS: TileLimits = { keptIndexBytes: 1024 * 1024 * 1024, storedTilesPerFile: 20_000, emptyTilesKnown: 100_000 };

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
 * Mapbox Vector Tiles of GeoJSON files (docs/contract.md §13): each tile is cut once, by whichever process is
 * first asked for it, and kept in storage beside the file, where every process (and S3) finds it.
 * Cutting needs the file's index, which a worker thread builds from the file's bytes; the indexes
 * last used stay in memory, up to a budget of heap, for the tiles asked next. Empty tiles are not
 * stored (only remembered), and a file's stored tiles are bounded (`TileLimits`).
 */
export class VectorTiles {
  private readonly sources = new Map<string, Kept>();
  private readonly cutting = new Map<string, Promise<Buffer>>();
  /** Tiles known to be empty, by storage key, least recently found first. */
  private readonly empty = new Set<string>();
  /** Tiles this process has stored, by file. */
  private readonly stored = new Map<string, number>();
  private readonly storage: Storage;
  private readonly limits: TileLimits;
  /** How tiles were found, since the start (`GET /metrics`): stored, known empty, or cut now. */
  private readonly found = { stored: 0, empty: 0, cut: 0 };

  constructor(storage: Storage, limits: TileLimits = TILE_LIMITS) {
    this.storage = storage;
    this.limits = limits;
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
    const key = VectorTiles.keyOf(file, z, x, y);
    if (this.empty.has(key)) {
      this.found.empty += 1;
      return Buffer.alloc(0);
    }
    try {
      const stored = await buffer(await this.storage.read(key));
      this.found.stored += 1;
      return stored;
    } catch (err) {
      if (!(err instanceof MissingKeyError)) throw err;
    }
    this.found.cut += 1;
    let cut = this.cutting.get(key);
    if (!cut) {
      cut = this.cut(file, key, z, x, y).finally(() => this.cutting.delete(key));
      this.cutting.set(key, cut);
    }
    return cut;
  }

  /** What `GET /metrics` shows of the tiles: files indexed in memory, tiles being cut, and how tiles were found. */
  stats(): { indexes: number; cutting: number; found: Readonly<{ stored: number; empty: number; cut: number }> } {
    return { indexes: this.sources.size, cutting: this.cutting.size, found: this.found };
  }

  private async cut(file: TiledFile, key: string, z: number, x: number, y: number): Promise<Buffer> {
    const bytes = Buffer.from((await this.sourceOf(file).tile(z, x, y)) ?? []);
    if (bytes.length === 0) {
      // Not stored: 300 anonymous asks for empty tiles made 600 files in 4 s.
      this.empty.add(key);
      for (const oldest of this.empty) {
        if (this.empty.size <= this.limits.emptyTilesKnown) break;
        this.empty.delete(oldest);
      }
      return bytes;
    }
    const name = `${file.key}#${file.etag}`;
    const count = this.stored.get(name) ?? 0;
    if (count < this.limits.storedTilesPerFile) {
      this.stored.set(name, count + 1);
      await this.storage.put(key, Readable.from([bytes]));
    }
    return bytes;
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
    // Sized once it is built: the others then go, least recently used first, past the budget.
    kept.source.ready.then(
      () => this.trim(),
      () => undefined,
    );
    this.trim();
    return kept.source;
  }

  /**
   * Lets the least recently used built indexes go while those kept take more than their budget; the
   * latest asked stays, and so do those still being built (requests wait on them).
   */
  private trim(): void {
    let total = 0;
    for (const { source } of this.sources.values()) total += source.memoryBytes;
    const latest = [...this.sources.keys()].pop();
    for (const [name, { source }] of this.sources) {
      if (total <= this.limits.keptIndexBytes) break;
      if (name === latest || source.memoryBytes === 0) continue;
      total -= source.memoryBytes;
      this.drop(name);
    }
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
