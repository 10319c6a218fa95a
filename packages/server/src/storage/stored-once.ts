import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MissingKeyError, type Storage } from './storage.js';

/**
 * Bytes made once and kept in storage (tiles): read from `key` when some process stored them
 * already, else made by `make` (asks for the same key meanwhile share the one making) and stored.
 */
export class StoredOnce {
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(private readonly storage: Storage) {}

  async get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await buffer(await this.storage.read(key));
    } catch (err) {
      if (!(err instanceof MissingKeyError)) throw err;
    }
    let made = this.making.get(key);
    if (!made) {
      made = (async () => {
        const bytes = await make();
        await this.storage.put(key, Readable.from([bytes]));
        return bytes;
      })().finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }
}
