import { createRequire } from 'node:module';
import { decodeTime, monotonicFactory } from 'ulid';

// better-sqlite3 and pg are the server's dependencies; resolve them from there, as the server does
// (better-sqlite3 through the server's choice of release line for this Node).
const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const { default: Database } = await import('../packages/server/dist/store/sqlite/sqlite-driver.js');
export const pg = require('pg');

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
 * `count` new ids, strictly ascending, all above `afterId`: ULIDs of one millisecond after
 * `afterId`'s (or now, if later), whose random part the monotonic factory counts up.
 */
function* ascendingIdsAfter(afterId, count) {
  const nextId = monotonicFactory();
  const seedTime = Math.max(Date.now(), decodeTime(afterId) + 1);
  let previous = afterId;
  for (let i = 0; i < count; i++) {
    const id = nextId(seedTime);
    if (id <= previous) throw new Error(`ids not ascending: ${previous} then ${id}`);
    yield id;
    previous = id;
  }
}

/** The storage key of a copy: its own blob id (here the copy's id, unique), as the server makes them. */
const copyStorageKey = (projectId, id) => `${projectId}/${id}/original`;

/**
 * Copies the project's one uploaded asset row until the project has `total` public assets, in
 * one transaction, with new strictly ascending ULIDs and storage keys of their own, and sets the
 * project's counts and `last_asset_id`. The server must be stopped meanwhile. The copies have no
 * stored bytes: the listing never reads them.
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
    db.transaction(() => {
      let last = row.id;
      for (const id of ascendingIdsAfter(row.id, total - 1)) {
        // The stored record JSON (schema 5 on) names the asset's id: the copy's must name its own.
        const record = row.record === undefined ? {} : { record: row.record.replaceAll(row.id, id) };
        insert.run({ ...row, id, storage_key: copyStorageKey(project.id, id), ...record });
        last = id;
      }
      db.prepare('UPDATE projects SET asset_count = ?, public_asset_count = ?, last_asset_id = ? WHERE id = ?').run(total, total, last, project.id);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Rows per INSERT statement of the PostgreSQL seeding (two text arrays of this length). */
const PG_BATCH = 50_000;

/**
 * The same as `cloneAssetRows`, on PostgreSQL: multi-row `INSERT … SELECT … FROM unnest(ids,
 * storage keys)` of PG_BATCH rows each, in one transaction; then VACUUM (ANALYZE), so that
 * autovacuum, which PostgreSQL starts after this many inserts, does not run during the
 * measurement, and a CHECKPOINT, so that writing the seeded pages back is not measured either.
 */
export async function cloneAssetRowsPostgres(databaseUrl, total) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const project = (await client.query('SELECT id FROM projects WHERE alias = $1', [PROJECT_ALIAS])).rows[0];
    const rows = (await client.query('SELECT id FROM assets WHERE project_id = $1', [project.id])).rows;
    if (rows.length !== 1) throw new Error(`expected 1 uploaded asset row, found ${rows.length}`);
    const sourceId = rows[0].id;
    const { rows: columnRows } = await client.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'assets' ORDER BY ordinal_position",
    );
    const columns = columnRows.map((r) => r.column_name);
    if (!columns.includes('id') || !columns.includes('storage_key')) throw new Error(`unexpected assets columns: ${columns.join(', ')}`);
    // The stored record JSON (schema 5 on) names the asset's id: the copy's must name its own.
    const picked = columns.map((c) => (c === 'id' || c === 'storage_key' ? `u.${c}` : c === 'record' ? 'replace(a.record, a.id, u.id)' : `a.${c}`));
    const insert = `INSERT INTO assets (${columns.join(', ')})
      SELECT ${picked.join(', ')} FROM assets a, unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(id, storage_key, n)
      WHERE a.id = $3 ORDER BY u.n`;
    await client.query('BEGIN');
    try {
      let ids = [];
      let last = sourceId;
      const flush = async () => {
        if (ids.length === 0) return;
        const result = await client.query(insert, [ids, ids.map((id) => copyStorageKey(project.id, id)), sourceId]);
        if (result.rowCount !== ids.length) throw new Error(`inserted ${result.rowCount} rows, expected ${ids.length}`);
        ids = [];
      };
      for (const id of ascendingIdsAfter(sourceId, total - 1)) {
        ids.push(id);
        last = id;
        if (ids.length === PG_BATCH) await flush();
      }
      await flush();
      await client.query('UPDATE projects SET asset_count = $1, public_asset_count = $1, last_asset_id = $2 WHERE id = $3', [total, last, project.id]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    await client.query('VACUUM (ANALYZE) assets');
    await client.query('ANALYZE projects');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}
