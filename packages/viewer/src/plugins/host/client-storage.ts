/** What one extension may keep in the browser: keys and JSON text, counted in UTF-8 bytes (docs/contract.md §8). */
export const CLIENT_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024;

/** Where the values live: IndexedDB on a page (indexeddb-backend.ts). A scope is one project's extension. */
export interface StorageBackend {
  get(scope: string, key: string): Promise<string | undefined>;
  /** The scope's keys, sorted. */
  keys(scope: string): Promise<string[]>;
  /**
   * Stores `json` under `key` unless the scope's keys and JSON texts, with it, would count more
   * than `quota` UTF-8 bytes. Counting and writing are one step (one IndexedDB transaction), so
   * two tabs writing at once cannot both pass. Answers the scope's bytes with the value and
   * whether it was stored.
   */
  putWithin(scope: string, key: string, json: string, quota: number): Promise<{ stored: boolean; total: number }>;
  remove(scope: string, key: string): Promise<void>;
  clear(scope: string): Promise<void>;
}

const encoder = new TextEncoder();

/** What one entry counts against the quota: its key and its JSON text in UTF-8 bytes. */
export const entryBytes = (key: string, json: string) => encoder.encode(key).length + encoder.encode(json).length;

/**
 * `app.data.clientStorage` for one page: each extension's keys apart (scope `project` + extension
 * id), at most {@link CLIENT_STORAGE_QUOTA_BYTES} each. The operations of one extension run one
 * after another in the order it called them; the quota is counted by the backend in the same step
 * as the write, across every tab of the browser.
 */
export class ClientStorage {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly backend: StorageBackend,
    private readonly project: string,
  ) {}

  get(extension: string, key: string): Promise<unknown> {
    return this.run(extension, async (scope) => {
      const json = await this.backend.get(scope, key);
      return json === undefined ? undefined : JSON.parse(json);
    });
  }

  set(extension: string, key: string, value: unknown): Promise<void> {
    return this.run(extension, async (scope) => {
      const { stored, total } = await this.backend.putWithin(scope, key, JSON.stringify(value), CLIENT_STORAGE_QUOTA_BYTES);
      if (!stored) {
        throw new Error(
          `clientStorage.setAsync: storing "${key.slice(0, 60)}" would bring this extension's storage to ${total} bytes, past its ${CLIENT_STORAGE_QUOTA_BYTES} (5 MiB); nothing was stored`,
        );
      }
    });
  }

  delete(extension: string, key: string): Promise<void> {
    return this.run(extension, (scope) => this.backend.remove(scope, key));
  }

  keys(extension: string): Promise<string[]> {
    return this.run(extension, (scope) => this.backend.keys(scope));
  }

  drop(extension: string): Promise<void> {
    return this.run(extension, (scope) => this.backend.clear(scope));
  }

  /** Runs `work` after the extension's earlier operations. */
  private run<T>(extension: string, work: (scope: string) => Promise<T>): Promise<T> {
    const scope = `${this.project}/${extension}`;
    const result = (this.queues.get(scope) ?? Promise.resolve()).catch(() => undefined).then(() => work(scope));
    this.queues.set(scope, result);
    return result;
  }
}

/** A backend in memory: for a page where IndexedDB cannot open (a private window may refuse it) and for tests. */
export class MemoryBackend implements StorageBackend {
  readonly scopes = new Map<string, Map<string, string>>();
  private scope(name: string): Map<string, string> {
    let scope = this.scopes.get(name);
    if (!scope) this.scopes.set(name, (scope = new Map()));
    return scope;
  }
  async get(scope: string, key: string) {
    return this.scopes.get(scope)?.get(key);
  }
  async keys(scope: string) {
    return [...(this.scopes.get(scope)?.keys() ?? [])].sort();
  }
  async putWithin(scope: string, key: string, json: string, quota: number) {
    const entries = this.scope(scope);
    let total = entryBytes(key, json);
    for (const [k, v] of entries) if (k !== key) total += entryBytes(k, v);
    if (total > quota) return { stored: false, total };
    entries.set(key, json);
    return { stored: true, total };
  }
  async remove(scope: string, key: string) {
    this.scopes.get(scope)?.delete(key);
  }
  async clear(scope: string) {
    this.scopes.delete(scope);
  }
}
