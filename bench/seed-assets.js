import { createRequire } from 'node:module';
import { decodeTime, monotonicFactory } from 'ulid';

// better-sqlite3 is the server's dependency; resolve it from there, as the server does.
const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const Database = require('better-sqlite3');

export const PROJECT_ALIAS = 'bench';

async function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response.json();
}

/** Creates the public project and uploads one real asset through the management API. */
export async function createProjectWithOneAsset(baseUrl, adminToken) {
  const auth = { authorization: `Bearer ${adminToken}` };
  const project = await fetch(`${baseUrl}/api/projects`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ alias: PROJECT_ALIAS, name: 'Benchmark', visibility: 'public' }),
  });
  await expectStatus(project, 201, 'POST /api/projects');

  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { name: 'Tokyo Station' }, geometry: { type: 'Point', coordinates: [139.7671, 35.6812] } }],
  });
  const form = new FormData();
  form.append('public', 'true');
  form.append('file', new Blob([geojson], { type: 'application/geo+json' }), 'station.geojson');
  const upload = await fetch(`${baseUrl}/api/projects/${PROJECT_ALIAS}/assets`, { method: 'POST', headers: auth, body: form });
  await expectStatus(upload, 201, `POST /api/projects/${PROJECT_ALIAS}/assets`);
}

/**
 * Copies the project's one uploaded asset row until the project has `total` public assets, in
 * one transaction, with new strictly ascending ULIDs. The server must be stopped meanwhile.
 * The copies have no stored bytes: the listing never reads them.
 */
export function cloneAssetRows(dbPath, total) {
  const db = new Database(dbPath);
  try {
    const project = db.prepare('SELECT id FROM projects WHERE alias = ?').get(PROJECT_ALIAS);
    const rows = db.prepare('SELECT * FROM assets WHERE project_id = ?').all(project.id);
    if (rows.length !== 1) throw new Error(`expected 1 uploaded asset row, found ${rows.length}`);
    const [row] = rows;
    const columns = Object.keys(row);
    const insert = db.prepare(`INSERT INTO assets (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`);
    // Seeding after the upload's millisecond keeps every new id above the uploaded one.
    const nextId = monotonicFactory();
    const seedTime = Math.max(Date.now(), decodeTime(row.id) + 1);
    let previous = row.id;
    db.transaction(() => {
      for (let i = 1; i < total; i++) {
        const id = nextId(seedTime);
        if (id <= previous) throw new Error(`ids not ascending: ${previous} then ${id}`);
        insert.run({ ...row, id, storage_key: row.storage_key.replace(row.id, id) });
        previous = id;
      }
      db.prepare('UPDATE projects SET asset_count = ?, public_asset_count = ? WHERE id = ?').run(total, total, project.id);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
