import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetService } from '../assets/asset-service.js';
import type { ProjectService } from '../projects/project-service.js';
import { type Store, StoreConflictError } from '../store/store.js';

export const DEMO_ALIAS = 'demo';
const DEMO_META_KEY = 'demo.created';

/** The demo's files, shipped in `packages/server/demo-data`. */
export const DEMO_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'demo-data');
export const DEMO_PUBLIC_FILES = ['landmarks.geojson', 'flight-hnd-cts.czml', 'central-park.kml'];
export const DEMO_PRIVATE_FILES = ['survey-draft.csv'];

/**
 * Creates the public `demo` project with real, small assets, once per database: deleting the demo
 * later does not bring it back on the next start. Returns whether it created it.
 */
export async function seedDemo(store: Store, projects: ProjectService, assets: AssetService): Promise<boolean> {
  if ((await store.getMeta(DEMO_META_KEY)) !== undefined) return false;
  if (await store.getProjectByAlias(DEMO_ALIAS)) {
    await store.setMeta(DEMO_META_KEY, new Date().toISOString());
    return false;
  }
  let project;
  try {
    project = await projects.create({ alias: DEMO_ALIAS, name: 'Orbis demo', visibility: 'public' });
  } catch (err) {
    // Another process of the deployment, starting at the same moment, made it first.
    if (err instanceof StoreConflictError) return false;
    throw err;
  }
  const open = (name: string) => ({ name, stream: createReadStream(join(DEMO_DATA_DIR, name)) });
  await assets.add(project, DEMO_PUBLIC_FILES.map(open), true);
  await assets.add(project, DEMO_PRIVATE_FILES.map(open), false);
  await store.setMeta(DEMO_META_KEY, new Date().toISOString());
  return true;
}
