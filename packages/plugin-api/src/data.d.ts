// `app.data`: what a plugin keeps in the browser (docs/contract.md §8).

/** A value that survives JSON: null, booleans, finite numbers, strings, arrays and plain objects of them. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Key–value storage in the visitor's browser (IndexedDB), per project and extension; it survives
 * reloads. At most 5 MiB per extension (keys and JSON text, UTF-8): past it `setAsync` rejects
 * and stores nothing. A value that is not JSON rejects with a TypeError.
 */
export interface ClientStorage {
  /** `undefined` for a key never set. @example const zoom = await app.data.clientStorage.getAsync('zoom'); */
  getAsync(key: string): Promise<JsonValue | undefined>;
  /** @example await app.data.clientStorage.setAsync('bookmarks', [{ name: 'Tokyo', lng: 139.77, lat: 35.68 }]); */
  setAsync(key: string, value: JsonValue): Promise<void>;
  /** @example await app.data.clientStorage.deleteAsync('zoom'); */
  deleteAsync(key: string): Promise<void>;
  /** This extension's keys, sorted. @example for (const key of await app.data.clientStorage.keysAsync()) console.log(key); */
  keysAsync(): Promise<string[]>;
  /** Deletes every key of this extension. @example await app.data.clientStorage.dropStoreAsync(); */
  dropStoreAsync(): Promise<void>;
}

export interface Data {
  readonly clientStorage: ClientStorage;
}
