import type { Readable } from 'node:stream';

/** What `put` learned while writing: the size, and the first bytes for content sniffing. */
export interface StoredObject {
  size: number;
  head: Buffer;
}

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
  /** The stored bytes' length. */
  size: number;
}

/**
 * Where asset bytes live. Keys are `/`-separated segments of `[A-Za-z0-9._-]` (never `.` or `..`);
 * no key ever comes from user input unchecked.
 */
export interface Storage {
  readonly kind: string;
  /** Writes a whole stream; the key appears only once every byte is written and flushed. A failure leaves nothing. */
  put(key: string, source: Readable): Promise<StoredObject>;
  /** The bytes of a key, or of a range of it; rejects with {@link MissingKeyError} when nothing is stored there. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a key and everything under it as a prefix. Removing what is not there is fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key with its modification time and size, for sweeping orphans and for backups. */
  list(): AsyncIterable<StoredKey>;
  /** Removes half-written temporaries older than `olderThanMs`. */
  cleanTemporaries(olderThanMs: number): Promise<number>;
  /**
   * Resolves when the storage answers: its folder can be read and written, or its bucket listed
   * under the prefix. Rejects with the storage's own error otherwise (readiness, docs/operations.md).
   */
  check(): Promise<void>;
}

/** What `Storage.read` rejects with when nothing is stored at the key. */
export class MissingKeyError extends Error {
  constructor(readonly key: string) {
    super(`nothing is stored at "${key}"`);
    this.name = 'MissingKeyError';
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws unless `key` is a safe storage key. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') {
      throw new TypeError(`invalid storage key "${key}"`);
    }
  }
}

/** How many leading bytes `put` keeps for sniffing. */
export const HEAD_BYTES = 4096;
