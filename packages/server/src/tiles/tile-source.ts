import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { TileReply, TileRequest, TileWorkerData } from './tile-protocol.js';

/**
 * Files up to this size are parsed whole: JSON.parse reads about 1.4× faster than the streaming
 * parser (docs/viewer.md, "Tiles"), and holds the whole text; a larger file streams.
 */
const WHOLE_PARSE_BYTES = 128 * 1024 * 1024;
/**
 * The most bytes one feature of a streamed file may span: far past any real one, so that a missing
 * bracket fails before the rest of the file is carried as one feature.
 */
const MAX_FEATURE_BYTES = 256 * 1024 * 1024;
/**
 * The most bytes sent to the worker and not yet taken: the file is read no faster than the
 * worker parses it, so a file of any size costs the main thread this much memory, not its size.
 */
const MAX_BYTES_IN_FLIGHT = 8 * 1024 * 1024;

/**
 * The worker's file: its TypeScript source when this module runs from source (tests, which
 * Node runs with its type stripping), else the built `.js` beside this one.
 */
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './tile-worker.ts' : './tile-worker.js', import.meta.url);

/**
 * One GeoJSON file's tile index, built and kept by a worker thread: its bytes are streamed to
 * the worker, which parses them and cuts tiles on request. `close` ends the worker and frees its
 * memory.
 */
export class TileSource {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(bytes: Uint8Array | undefined): void; reject(err: Error): void }>();
  private next = 0;
  /** Bytes sent to the worker and not yet taken, and what to call once there is room for more. */
  private inFlight = 0;
  private roomForMore: (() => void) | undefined;
  private stopped = false;
  /** Why the file's bytes could not be read, when they could not. */
  private readFailure: Error | undefined;
  /** Resolves with the number of features once the index is built; rejects with why it could not be. */
  readonly ready: Promise<number>;
  /**
   * What keeping this index costs once it is built (0 before): its worker's heap after a
   * collection and the bytes the index keeps in typed arrays outside it.
   */
  memoryBytes = 0;

  constructor(bytes: Readable, options: Partial<TileWorkerData> = {}) {
    this.worker = new Worker(WORKER_URL, {
      workerData: {
        wholeParseBytes: options.wholeParseBytes ?? WHOLE_PARSE_BYTES,
        maxFeatureBytes: options.maxFeatureBytes ?? MAX_FEATURE_BYTES,
      } satisfies TileWorkerData,
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (reply: TileReply) => {
        if (reply.type === 'taken') this.took(reply.bytes);
        else if (reply.type === 'ready') {
          this.memoryBytes = reply.memoryBytes;
          resolve(reply.features);
        } else if (reply.type === 'failed') {
          this.stopReading();
          reject(new Error(reply.message));
        } else {
          this.pending.get(reply.id)?.resolve(reply.bytes);
          this.pending.delete(reply.id);
        }
      });
      this.worker.on('error', reject);
      this.worker.on('exit', () => {
        this.stopReading();
        const why = this.readFailure ?? new Error('the tile worker stopped');
        reject(why);
        for (const waiting of this.pending.values()) waiting.reject(why);
        this.pending.clear();
      });
    });
    this.ready.catch(() => undefined);
    void this.pump(bytes);
  }

  private post(request: TileRequest, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(request, transfer);
  }

  /** The worker reads no more (it failed, or stopped): the file is closed. */
  private stopReading(): void {
    this.stopped = true;
    this.roomForMore?.();
  }

  private took(bytes: number): void {
    this.inFlight -= bytes;
    if (this.inFlight <= MAX_BYTES_IN_FLIGHT) this.roomForMore?.();
  }

  private async pump(bytes: Readable): Promise<void> {
    try {
      for await (const chunk of bytes as AsyncIterable<Buffer>) {
        // A copy the worker owns: a stream's chunks may share one pooled buffer.
        const own = new Uint8Array(chunk);
        this.inFlight += own.length;
        this.post({ type: 'bytes', bytes: own }, [own.buffer]);
        if (this.inFlight > MAX_BYTES_IN_FLIGHT) await new Promise<void>((resolve) => (this.roomForMore = resolve));
        if (this.stopped) return; // leaving the loop closes the file
      }
      this.post({ type: 'end' });
    } catch (err) {
      this.readFailure = err instanceof Error ? err : new Error(String(err));
      await this.worker.terminate();
    }
  }

  /** The encoded tile, or undefined when nothing lies in it; rejects when the file cannot be read. */
  async tile(z: number, x: number, y: number): Promise<Uint8Array | undefined> {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ type: 'tile', id, z, x, y });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
