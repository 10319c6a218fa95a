/** What the tile worker starts with. */
export interface TileWorkerData {
  /** Files up to this size are parsed whole (JSON.parse); larger ones as a stream (any size). */
  wholeParseBytes: number;
}

/** Main thread → tile worker: the file's bytes, their end, then tile requests. */
export type TileRequest =
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'tile'; id: number; z: number; x: number; y: number };

/** Tile worker → main thread. A tile without `bytes` holds nothing. */
export type TileReply =
  | { type: 'ready'; features: number }
  | { type: 'failed'; message: string }
  | { type: 'tile'; id: number; bytes?: Uint8Array };
