import { performance } from 'node:perf_hooks';
import { AssetLedger } from './asset-ledger.js';
import { judgeWalk, type WalkVerdict, walkWithCursors } from './cursor-walk.js';
import { runFaultStorm, type StormReport } from './fault-storm.js';
import { type LoadFigures, listingTargets, loadListing } from './listing-load.js';
import { type ListingBody, LoadClient } from './load-client.js';
import { seedThroughStore } from './store-seed.js';

/** The private project the scenario makes and loads. */
export const LOAD_ALIAS = 'load';
/** Every this-many-th seeded asset has its public flag flipped during the storm. */
const CHURN_EVERY = 40;

export interface ScenarioOptions {
  /** Base URLs of the server processes: one, or several of one deployment. */
  urls: string[];
  adminToken: string;
  /** The database the servers run on (undefined: SQLite in `dataDir`), for seeding. */
  database: { databaseUrl: string | undefined; dataDir: string };
  /** Assets seeded before the load (about two thirds public). */
  seedCount: number;
  /** How long autocannon and the storm run. */
  seconds: number;
  /** Counts the project's public assets in the database itself, past the server. */
  countPublicInDatabase: () => Promise<number>;
}

/** Everything the scenario saw, for the test to check and print. */
export interface ScenarioResult {
  seedSeconds: number;
  load: LoadFigures;
  storm: Omit<StormReport, 'walks' | 'uploads'> & { uploads: number };
  /** The walk before the storm, then every walk made during it. */
  quietWalk: WalkVerdict;
  walks: WalkVerdict[];
  /** Storm uploads listed a number of times other than the ledger says (0 if deleted, else 1). */
  uploadsMiscounted: string[];
  /** Assets whose final state in the management listing differs from the ledger's. */
  finalMismatches: string[];
  /** Public assets by the ledger, the streamed listing, a page's maintained `totalCount`, and the database's rows. */
  publicCount: { ledger: number; streamed: number; paged: number; database: number };
}

/**
 * docs/contract.md §2 under load: autocannon on the public listing of a private project with a live key,
 * while uploads, deletes, flag flips, key revocations and cursor walks run beside it. Management
 * requests go to the last process and public requests to each in turn, so with several processes
 * every change is seen through another process than the one that made it.
 */
export async function runListingUnderFaults(o: ScenarioOptions): Promise<ScenarioResult> {
  const clients = o.urls.map((url) => new LoadClient(url, o.adminToken));
  const writer = clients[clients.length - 1]!;
  const ledger = new AssetLedger();
  await writer.createProject(LOAD_ALIAS, 'private');
  const seedStart = performance.now();
  const seeded = await seedThroughStore(o.database, LOAD_ALIAS, o.seedCount);
  for (const asset of seeded) ledger.seeded(asset.id, asset.public);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  const { key: liveKey } = await writer.createKey(LOAD_ALIAS, 'load');

  const before = await walkWithCursors(clients, LOAD_ALIAS, liveKey, 50);
  const quietWalk = judgeWalk(before, ledger);
  const cursors = before.pages.map((p) => p.cursor).filter((c): c is string => c !== null);
  const publicSeeded = seeded.filter((a) => a.public).length;

  const churn = seeded.filter((_, i) => i % CHURN_EVERY === 0).map((a) => a.id);
  const until = performance.now() + o.seconds * 1000;
  const [load, report] = await Promise.all([
    loadListing(o.urls, liveKey, o.seconds, listingTargets(LOAD_ALIAS, cursors, publicSeeded)),
    runFaultStorm({
      writer,
      readers: clients,
      alias: LOAD_ALIAS,
      liveKey,
      ledger,
      churn,
      doomed: before.pages.map((p) => p.ids[p.ids.length - 1]!).filter((id, i) => i % 4 === 0 && !churn.includes(id)),
      until,
      maxSteps: 10_000,
    }),
  ]);

  const everything = await writer.allAssets(LOAD_ALIAS);
  const listed = countIds(everything);
  const uploadsMiscounted = report.uploads
    .filter((a) => (listed.get(a.id) ?? 0) !== (ledger.finalState(a.id) === 'absent' ? 0 : 1))
    .map((a) => `${a.id}: listed ${listed.get(a.id) ?? 0} times, ${ledger.finalState(a.id)}`);
  const finalMismatches = finalDifferences(everything, ledger);
  const streamed = (await clients[0]!.publicListing(LOAD_ALIAS, '', liveKey)).body as ListingBody;
  const paged = (await clients[0]!.publicListing(LOAD_ALIAS, '?limit=1', liveKey)).body as ListingBody;

  const { walks, uploads, ...counts } = report;
  return {
    seedSeconds,
    load,
    storm: { ...counts, uploads: uploads.length },
    quietWalk,
    walks: walks.map((w) => judgeWalk(w, ledger)),
    uploadsMiscounted,
    finalMismatches,
    publicCount: {
      ledger: ledger.ids().filter((id) => ledger.finalState(id) === 'public').length,
      streamed: streamed.totalCount,
      paged: paged.totalCount,
      database: await o.countPublicInDatabase(),
    },
  };
}

function countIds(body: ListingBody): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of body.results) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
  return counts;
}

/** Every asset the ledger and the management listing disagree on: presence or public flag. */
function finalDifferences(everything: ListingBody, ledger: AssetLedger): string[] {
  const out: string[] = [];
  const byId = new Map(everything.results.map((r) => [r.id, r]));
  for (const id of ledger.ids()) {
    const want = ledger.finalState(id);
    const got = byId.get(id);
    const have = got === undefined ? 'absent' : got.public ? 'public' : 'private';
    if (want !== have) out.push(`${id}: ${have}, expected ${want}`);
  }
  const known = new Set(ledger.ids());
  for (const id of byId.keys()) if (!known.has(id)) out.push(`${id}: listed, but the test never made it`);
  return out;
}
