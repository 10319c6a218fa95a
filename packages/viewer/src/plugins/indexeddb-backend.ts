import type { StorageBackend } from './client-storage.js';

const DATABASE = 'orbis-plugin-storage';
const STORE = 'values';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/**
 * `app.data.clientStorage` in the page's IndexedDB: one object store keyed by `[scope, key]`, so
 * a scope's keys are one key range (`[scope]` sorts before `[scope, any string]`, which sort
 * before `[scope, []]`). The page's origin owns it; plugin frames, with their opaque origin,
 * cannot reach it.
 */
export class IndexedDbBackend implements StorageBackend {
  private db: Promise<IDBDatabase> | undefined;

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const open = indexedDB.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return this.db;
  }

  private async store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.open()).transaction(STORE, mode).objectStore(STORE);
  }

  private range(scope: string): IDBKeyRange {
    return IDBKeyRange.bound([scope], [scope, []]);
  }

  async entries(scope: string): Promise<Map<string, string>> {
    const store = await this.store('readonly');
    const [keys, values] = await Promise.all([request(store.getAllKeys(this.range(scope))), request(store.getAll(this.range(scope)))]);
    return new Map(keys.map((k, i) => [(k as [string, string])[1], values[i] as string]));
  }

  async put(scope: string, key: string, json: string): Promise<void> {
    await request((await this.store('readwrite')).put(json, [scope, key]));
  }

  async remove(scope: string, key: string): Promise<void> {
    await request((await this.store('readwrite')).delete([scope, key]));
  }

  async clear(scope: string): Promise<void> {
    await request((await this.store('readwrite')).delete(this.range(scope)));
  }
}
