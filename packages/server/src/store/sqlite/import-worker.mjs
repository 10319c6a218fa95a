// The SQLite import worker (a worker thread with its own connection to the store's file). An
// import's rows are staged in a TEMP table, which takes no lock on the database, while the main
// thread reads and checks them; then one IMMEDIATE transaction copies them into `items` with
// their ids, so the import stays all or nothing and the server's event loop never runs it. Plain
// JavaScript: Node runs it as it is from source (tests, on every supported Node) and from dist.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('./import-protocol.ts').ImportWorkerData} */
const { filename, driver, addCountsSql } = workerData;
/** @type {typeof import('better-sqlite3')} */
const Database = createRequire(import.meta.url)(driver);
const db = new Database(filename);
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
db.exec(`
  CREATE TEMP TABLE import_rows (seq INTEGER PRIMARY KEY, public INTEGER NOT NULL, fields TEXT NOT NULL, tail TEXT NOT NULL);
  CREATE TEMP TABLE import_ids (seq INTEGER PRIMARY KEY, id TEXT NOT NULL);
`);
const s = {
  stage: db.prepare('INSERT INTO temp.import_rows (public, fields, tail) VALUES (?, ?, ?)'),
  model: db.prepare('SELECT fields, last_item_id, review FROM models WHERE id = ?'),
  id: db.prepare('INSERT INTO temp.import_ids (seq, id) VALUES (?, ?)'),
  clearIds: db.prepare('DELETE FROM temp.import_ids'),
  copy: db.prepare(`
    INSERT INTO items (id, model_id, public, fields, created_at, updated_at, record)
    SELECT i.id, ?, r.public AND NOT ?, r.fields, ?, ?, '{"id":' || json_quote(i.id) || r.tail
    FROM temp.import_rows r JOIN temp.import_ids i ON i.seq = r.seq ORDER BY r.seq`),
  // A model that requires review keeps each new item hidden, its values and wanted flag as its draft (docs/content-workflow.md, "Review").
  drafts: db.prepare(`
    INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published)
    SELECT ?, i.id, r.public, r.fields, ?, ?, NULL, 0
    FROM temp.import_rows r JOIN temp.import_ids i ON i.seq = r.seq`),
  // Each item's first version (docs/content-workflow.md), in the same transaction.
  versions: db.prepare(`
    INSERT INTO item_versions (model_id, item_id, version, at, actor, public, fields)
    SELECT ?, i.id, 1, ?, ?, r.public, r.fields
    FROM temp.import_rows r JOIN temp.import_ids i ON i.seq = r.seq`),
  addCounts: db.prepare(addCountsSql),
};
const stageRows = db.transaction((/** @type {import('./import-protocol.ts').StagedRow[]} */ rows) => {
  for (const [isPublic, fields, tail] of rows) s.stage.run(isPublic, fields, tail);
});

const fillIds = db.transaction((/** @type {string[]} */ ids) => {
  s.clearIds.run();
  for (let i = 0; i < ids.length; i++) s.id.run(i + 1, ids[i]);
});
/** The ids staged last: how many, and the last one. */
let staged = { count: 0, lastId: /** @type {string | null} */ (null) };

/**
 * @param {import('./import-protocol.ts').ImportRequest} request
 * @returns {import('./import-protocol.ts').ImportReply}
 */
function answer(request) {
  switch (request.type) {
    case 'stage':
      stageRows(request.rows);
      return { type: 'staged' };
    case 'ids':
      // The ids go in before the lock: the database is held (and the server's writes wait) only while the rows are copied.
      fillIds(request.ids);
      staged = { count: request.ids.length, lastId: request.ids.at(-1) ?? null };
      return { type: 'staged' };
    case 'commit': {
      const { modelId, now, actor, publicCount } = request;
      db.exec('BEGIN IMMEDIATE');
      const row = /** @type {{ fields: string; last_item_id: string | null; review: number } | undefined} */ (s.model.get(modelId));
      if (row === undefined || row.fields !== request.fields || row.last_item_id !== request.lastItemId) {
        db.exec('ROLLBACK');
        return { type: 'stale', found: row !== undefined, fieldsChanged: row !== undefined && row.fields !== request.fields };
      }
      const review = row.review === 1 ? 1 : 0;
      s.copy.run(modelId, review, now, now);
      s.versions.run(modelId, now, actor);
      if (review) s.drafts.run(modelId, now, actor);
      s.addCounts.run(staged.count, review ? 0 : publicCount, staged.lastId, modelId);
      db.exec('COMMIT');
      return { type: 'committed' };
    }
  }
}

parentPort?.on('message', (/** @type {import('./import-protocol.ts').ImportRequest} */ request) => {
  try {
    parentPort?.postMessage(answer(request));
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    const { message, code } = /** @type {{ message?: string; code?: string }} */ (err);
    parentPort?.postMessage({ type: 'failed', message: message ?? String(err), code });
  }
});
