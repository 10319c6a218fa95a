import { newId } from '../../records/ids.js';
import { openStore } from '../../context.js';
import type { NewAsset } from '../../store/store.js';
import type { AssetSummary } from './load-client.js';

/** Rows per insert transaction. */
const BATCH = 500;

/**
 * Adds `count` asset records to project `alias` straight through the store the server runs on,
 * in batches of BATCH, two of every three batches public. It is the fast way to a listing of
 * thousands: the records go through the store's own insert (ids, counts, last id), but no bytes
 * are stored behind them, which a listing never reads. The server may be running meanwhile.
 */
export async function seedThroughStore(database: { databaseUrl: string | undefined; dataDir: string }, alias: string, count: number): Promise<AssetSummary[]> {
  const store = await openStore(database.databaseUrl, database.dataDir);
  try {
    const project = await store.getProjectByAlias(alias);
    if (!project) throw new Error(`seed: project "${alias}" does not exist`);
    const out: AssetSummary[] = [];
    for (let start = 0, batch = 0; start < count; start += BATCH, batch += 1) {
      const drafts: NewAsset[] = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => ({
        projectId: project.id,
        name: `seed-${start + i}.geojson`,
        contentType: 'application/geo+json',
        size: 40,
        public: batch % 3 !== 2,
        storageKey: `${project.id}/${newId()}/original`,
        files: null,
      }));
      const created = await store.insertAssets(project.id, drafts, new Date().toISOString());
      out.push(...created.map((a) => ({ id: a.id, name: a.name, public: a.public })));
    }
    return out;
  } finally {
    await store.close();
  }
}
