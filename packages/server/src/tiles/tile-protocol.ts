/** What the tile worker starts with. */
export interface TileWorkerData {
  /** Files up to this size are parsed whole (JSON.parse); larger ones as a stream (any size). */
  wholeParseBytes: number;
  /** The most bytes one feature of a streamed file may span. */
  maxFeatureBytes: number;
}

/** Main thread → tile worker: the file's bytes, their end, then tile requests. */
export type TileRequest = { type: 'bytes'; bytes: Uint8Array } | { type: 'end' } | { type: 'tile'; id: number; z: number; x: number; y: number };

/**
 * Tile worker → main thread. A tile without `bytes` holds nothing. `taken`: the worker has handed
 * on that many of the file's bytes (to its parser, or to the file it holds for a whole parse), so
 * the main thread may send more.
 */
export type TileReply =
  | { type: 'taken'; bytes: number }
  /** `memoryBytes`: what keeping the built index costs, its worker's heap and its typed arrays (tile-worker.ts). */
  | { type: 'ready'; features: number; memoryBytes: number }
  | { type: 'failed'; message: string }
  | { type: 'tile'; id: number; bytes?: Uint8Array };
