/** What one extension may keep in the browser: keys and JSON text, counted in UTF-8 bytes (SPEC §8). */
export const CLIENT_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024;

/** Where the values live: IndexedDB on a page (indexeddb-backend.ts). A scope is one project's extension. */
export interface StorageBackend {
  /** Every key of a scope with its JSON text. */
  entries(scope: string): Promise<Map<string, string>>;
  put(scope: string, key: string, json: string): Promise<void>;
  remove(scope: string, key: string): Promise<void>;
  clear(scope: string): Promise<void>;
}

const encoder = new TextEncoder();
const bytes = (key: string, json: string) => encoder.encode(key).length + encoder.encode(json).length;

/**
 * `app.data.clientStorage` for one page: each extension's keys apart (scope `project` + extension
 * id), at most {@link CLIENT_STORAGE_QUOTA_BYTES} each. The operations of one extension run one
 * after another, so the size a `set` checks is the size it changes. Sizes are counted from what
 * this page read and wrote: two tabs writing at once may each pass the check (documented).
 */
export class ClientStorage {
  private readonly sizes = new Map<string, Promise<Map<string, number>>>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly backend: StorageBackend,
    private readonly project: string,
  ) {}

  get(extension: string, key: string): Promise<unknown> {
    return this.run(extension, async (scope) => {
      const json = (await this.backend.entries(scope)).get(key);
      return json === undefined ? undefined : JSON.parse(json);
    });
  }

  set(extension: string, key: string, value: unknown): Promise<void> {
    return this.run(extension, async (scope, sizes) => {
      const json = JSON.stringify(value);
      const size = bytes(key, json);
      let total = size;
      for (const [k, n] of sizes) if (k !== key) total += n;
      if (total > CLIENT_STORAGE_QUOTA_BYTES) {
        throw new Error(`clientStorage.setAsync: storing "${key.slice(0, 60)}" would bring this extension's storage to ${total} bytes, past its ${CLIENT_STORAGE_QUOTA_BYTES} (5 MiB); nothing was stored`);
      }
      await this.backend.put(scope, key, json);
      sizes.set(key, size);
    });
  }

  delete(extension: string, key: string): Promise<void> {
    return this.run(extension, async (scope, sizes) => {
      await this.backend.remove(scope, key);
      sizes.delete(key);
    });
  }

  keys(extension: string): Promise<string[]> {
    return this.run(extension, async (_scope, sizes) => [...sizes.keys()].sort());
  }

  drop(extension: string): Promise<void> {
    return this.run(extension, async (scope, sizes) => {
      await this.backend.clear(scope);
      sizes.clear();
    });
  }

  /** Runs `work` after the extension's earlier operations, with its key sizes (read once). */
  private run<T>(extension: string, work: (scope: string, sizes: Map<string, number>) => Promise<T>): Promise<T> {
    const scope = `${this.project}/${extension}`;
    let sizes = this.sizes.get(scope);
    if (!sizes) {
      sizes = this.backend.entries(scope).then((entries) => new Map([...entries].map(([k, json]) => [k, bytes(k, json)])));
      this.sizes.set(scope, sizes);
    }
    const known = sizes;
    const result = (this.queues.get(scope) ?? Promise.resolve()).catch(() => undefined).then(async () => work(scope, await known));
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
  async entries(scope: string) {
    return new Map(this.scope(scope));
  }
  async put(scope: string, key: string, json: string) {
    this.scope(scope).set(key, json);
  }
  async remove(scope: string, key: string) {
    this.scope(scope).delete(key);
  }
  async clear(scope: string) {
    this.scopes.delete(scope);
  }
}
