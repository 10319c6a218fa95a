import { timingSafeEqual } from 'node:crypto';
import { newId } from '../records/ids.js';
import type { ApiKey, Project, Store } from '../store/store.js';
import { generateApiKey, hashApiKey } from './api-key.js';

/** A key as the management API shows it after creation: the only time `key` is shown. */
export interface CreatedKey {
  id: string;
  name: string;
  key: string;
  createdAt: string;
}

/** A key without its secret. */
export interface KeyRecord {
  id: string;
  name: string;
  createdAt: string;
}

export function keyRecord(key: ApiKey): KeyRecord {
  return { id: key.id, name: key.name, createdAt: key.createdAt };
}

/** Makes, lists, revokes and checks a project's API keys. */
export class KeyService {
  constructor(private readonly store: Store) {}

  async create(project: Project, name: string): Promise<CreatedKey> {
    const key = generateApiKey();
    const row: ApiKey = {
      id: newId(),
      projectId: project.id,
      name,
      keyHash: hashApiKey(key),
      createdAt: new Date().toISOString(),
    };
    await this.store.createApiKey(row);
    return { id: row.id, name: row.name, key, createdAt: row.createdAt };
  }

  async list(project: Project): Promise<KeyRecord[]> {
    return (await this.store.listApiKeys(project.id)).map(keyRecord);
  }

  async revoke(project: Project, id: string): Promise<boolean> {
    return this.store.deleteApiKey(project.id, id);
  }
}

/**
 * Whether `presented` is the key whose hash the store found (null: none was), compared in
 * constant time: the store's lookup went by hash, so timing can at most reveal the hash's prefix.
 */
export function matchesStoredHash(stored: string | null, presented: string): boolean {
  if (stored === null) return false;
  return timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hashApiKey(presented), 'hex'));
}
