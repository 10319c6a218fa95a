import { entryBytes, type StorageBackend } from './client-storage.js';

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

  async get(scope: string, key: string): Promise<string | undefined> {
    return (await request((await this.store('readonly')).get([scope, key]))) as string | undefined;
  }

  async keys(scope: string): Promise<string[]> {
    const keys = await request((await this.store('readonly')).getAllKeys(this.range(scope)));
    // The store sorts keys as IndexedDB compares strings (by UTF-16 code units), as JavaScript's sort does.
    return keys.map((k) => (k as [string, string])[1]);
  }

  /**
   * Reads the scope's entries and writes the new one in one readwrite transaction: IndexedDB runs
   * readwrite transactions over the same store one after another, across tabs, so no other write
   * lands between the count and the put. Requests are chained in callbacks, not awaits, so the
   * transaction stays active between them.
   */
  async putWithin(scope: string, key: string, json: string, quota: number): Promise<{ stored: boolean; total: number }> {
    const store = await this.store('readwrite');
    return new Promise((resolve, reject) => {
      let answer = { stored: false, total: 0 };
      store.transaction.oncomplete = () => resolve(answer);
      store.transaction.onerror = () => reject(store.transaction.error);
      store.transaction.onabort = () => reject(store.transaction.error ?? new Error('clientStorage: the write was aborted'));
      let total = entryBytes(key, json);
      const cursor = store.openCursor(this.range(scope));
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (at) {
          const k = (at.key as [string, string])[1];
          if (k !== key) total += entryBytes(k, at.value as string);
          at.continue();
          return;
        }
        answer = { stored: total <= quota, total };
        if (answer.stored) store.put(json, [scope, key]);
      };
    });
  }

  async remove(scope: string, key: string): Promise<void> {
    await request((await this.store('readwrite')).delete([scope, key]));
  }

  async clear(scope: string): Promise<void> {
    await request((await this.store('readwrite')).delete(this.range(scope)));
  }
}
