/**
 * The page cache's size when `ORBIS_PAGE_CACHE_MB` is not set: room for about 1,000 pages of 50
 * assets. Filled, 64 MB left the process about 20 MB larger than 16 (docs/performance.md).
 */
export const DEFAULT_PAGE_CACHE_MB = 16;

/** What an entry costs besides its body: the key, the strings beside it, the Map's slot. */
const ENTRY_OVERHEAD_BYTES = 256;

/** A listing page as it was answered, and the version of the data it was made from. */
export interface CachedPage {
  /** The project (and model) the page lists: an alias that now names another project misses. */
  scopeKey: string;
  /** The listing's version (a counter that every write to it bumps) when the page was read. */
  version: string;
  /** The body, as sent. */
  body: Buffer;
  /** The `Link` header, when there is a next page. */
  link: string | undefined;
  /**
   * The page's ETag on the public API (undefined on the management one). It is made from the
   * version and from what the key names, so a hit answers, and revalidates, without hashing again.
   */
  etag: string | undefined;
}

/**
 * Listing pages kept in the process, least recently used first out, bounded by bytes. An entry
 * answers only for the scope and version it was read at; the caller reads both fresh from the
 * database for every request, so a write by any process makes the old entry miss (and go) on its
 * next use, with no message between processes. A speed-up only: with `maxBytes` 0 it keeps
 * nothing and every answer is made from the database, byte for byte the same.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {
    if (!Number.isInteger(maxBytes) || maxBytes < 0) throw new RangeError(`the page cache's size must be a whole number of bytes ≥ 0, got ${maxBytes}`);
  }

  /** Whether the cache keeps anything at all. */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** How many bytes the entries take, by the cache's own count. */
  get size(): number {
    return this.bytes;
  }

  /** How many entries there are. */
  get count(): number {
    return this.entries.size;
  }

  /** Whether there is an entry under `key`, whatever its version (it may be stale). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The page under `key` if it was read for `scopeKey` at `version`; an older entry is dropped. */
  get(key: string, scopeKey: string, version: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.scopeKey !== scopeKey || entry.version !== version) {
      this.bytes -= costOf(key, entry);
      return undefined;
    }
    // Re-inserted: a Map iterates in insertion order, so the first entry is the least recently used.
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps a page, evicting the least recently used ones beyond `maxBytes`. */
  set(key: string, page: CachedPage): void {
    const cost = costOf(key, page);
    // One page larger than a quarter of the cache would push out everything else for itself.
    if (cost * 4 > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= costOf(key, old);
    }
    this.entries.set(key, page);
    this.bytes += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= costOf(oldest, entry);
    }
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

function costOf(key: string, page: CachedPage): number {
  return (
    page.body.length +
    2 * (key.length + page.scopeKey.length + page.version.length + (page.link?.length ?? 0) + (page.etag?.length ?? 0)) +
    ENTRY_OVERHEAD_BYTES
  );
}
