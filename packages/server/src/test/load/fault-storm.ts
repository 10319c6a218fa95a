import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AssetLedger } from './asset-ledger.js';
import { type CursorWalk, walkWithCursors } from './cursor-walk.js';
import type { AssetSummary, LoadClient } from './load-client.js';

/** What the storm works on and how long. */
export interface StormOptions {
  /** Where the management requests go. */
  writer: LoadClient;
  /** Where public requests go (key checks, cursor walks), in turn: one process, or several of one deployment. */
  readers: LoadClient[];
  alias: string;
  /** A key that stays live throughout, for the walks. */
  liveKey: string;
  ledger: AssetLedger;
  /** Seeded assets whose public flag the storm flips too. */
  churn: string[];
  /**
   * Seeded assets the storm deletes too, taking turns with its own uploads: the ones cursors made
   * before the load point just after, so those cursors must outlive the asset they name.
   */
  doomed: string[];
  /** performance.now() at which every loop stops starting new work. */
  until: number;
  /** The most steps any one loop takes. */
  maxSteps: number;
}

/** What the storm did, and every request that did not answer as it should. */
export interface StormReport {
  uploads: AssetSummary[];
  deletes: number;
  patches: number;
  keysCreated: number;
  /** Keys revoked and then refused on the very next request and the one after (through the next process). */
  revokedKeysRefused: number;
  walks: CursorWalk[];
  failures: string[];
}

/** Walk page sizes, in turn: small pages mean many cursors crossing the changes. */
const WALK_LIMITS = [50, 20, 100];
/** Past this many failures a loop stops: the run has failed already, and the report stays readable. */
const MAX_FAILURES = 50;

/**
 * Runs side by side, in loops of one request at a time, the faults a listing must survive: uploads
 * (public and private, some several files at once), deletes (of its own uploads and of assets that
 * cursors name), public
 * flag flips, key creation and revocation with the revoked key tried at once, and cursor walks
 * of the whole listing. Every change goes into the ledger, to judge the walks by afterwards.
 */
export async function runFaultStorm(o: StormOptions): Promise<StormReport> {
  const report: StormReport = { uploads: [], deletes: 0, patches: 0, keysCreated: 0, revokedKeysRefused: 0, walks: [], failures: [] };
  const toDelete: string[] = [];
  const toFlip: string[] = [];
  const loop = async (name: string, step: (i: number) => Promise<boolean>): Promise<void> => {
    for (let i = 0; i < o.maxSteps && performance.now() < o.until && report.failures.length < MAX_FAILURES;) {
      try {
        if (await step(i)) i += 1;
        else await sleep(10);
      } catch (err) {
        report.failures.push(`${name}: ${(err as Error).message}`);
        i += 1;
      }
    }
  };

  // Two uploaders: each upload waits its turn behind the load at every step, so one alone makes few.
  const uploads = [0, 1].map((w) =>
    loop('upload', async (i) => {
      const isPublic = i % 4 !== 3;
      const names = Array.from({ length: i % 10 === 9 ? 3 : 1 }, (_, n) => `storm-${w}-${i}-${n}.geojson`);
      const sentAt = performance.now();
      const created = await o.writer.upload(o.alias, names, isPublic);
      const doneAt = performance.now();
      for (const asset of created) {
        if (asset.public !== isPublic) report.failures.push(`upload: ${asset.id} came back with public=${asset.public}`);
        o.ledger.record(asset.id, sentAt, doneAt, isPublic ? 'public' : 'private');
        const n = report.uploads.push(asset);
        if (n % 3 === 1) toDelete.push(asset.id);
        else if (n % 3 === 2) toFlip.push(asset.id);
      }
      return true;
    }),
  );

  const doomed = [...o.doomed];
  const deletes = loop('delete', async (i) => {
    const id = (i % 2 === 1 ? doomed.shift() : undefined) ?? toDelete.shift();
    if (id === undefined) return false;
    const sentAt = performance.now();
    await o.writer.deleteAsset(o.alias, id);
    o.ledger.record(id, sentAt, performance.now(), 'absent');
    report.deletes += 1;
    return true;
  });

  const flips = loop('patch', async (i) => {
    const candidates = [...o.churn, ...toFlip];
    if (candidates.length === 0) return false;
    const id = candidates[i % candidates.length]!;
    const to = o.ledger.finalState(id) === 'public' ? 'private' : 'public';
    const sentAt = performance.now();
    await o.writer.setPublic(o.alias, id, to === 'public');
    o.ledger.record(id, sentAt, performance.now(), to);
    report.patches += 1;
    return true;
  });

  const keys = loop('key', async (i) => {
    const reader = o.readers[i % o.readers.length]!;
    const { id, key } = await o.writer.createKey(o.alias, `storm-${i}`);
    report.keysCreated += 1;
    const fresh = await reader.publicListing(o.alias, '?limit=1', key);
    if (fresh.status !== 200) throw new Error(`a new key answered ${fresh.status}, not 200: ${JSON.stringify(fresh.body)}`);
    await o.writer.revokeKey(o.alias, id);
    // The very next request, then one more through the next process: refused from then on.
    for (const via of [reader, o.readers[(i + 1) % o.readers.length]!]) {
      const revoked = await via.publicListing(o.alias, '?limit=1', key);
      const code = (revoked.body as { error?: { code?: string } }).error?.code;
      if (revoked.status !== 401 || code !== 'invalid_api_key') {
        throw new Error(`a key revoked a moment ago answered ${revoked.status} ${code ?? ''} via ${via.url}, not 401 invalid_api_key`);
      }
    }
    report.revokedKeysRefused += 1;
    return true;
  });

  const walks = loop('walk', async (i) => {
    report.walks.push(await walkWithCursors(o.readers, o.alias, o.liveKey, WALK_LIMITS[i % WALK_LIMITS.length]!));
    return true;
  });

  await Promise.all([...uploads, deletes, flips, keys, walks]);
  return report;
}
