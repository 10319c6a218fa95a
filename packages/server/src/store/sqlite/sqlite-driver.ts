import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3's `Database`, from the release line that works on the running Node: 12.x on
 * Node 20 (a native addon built for its ABI; 13.x does not run there), and 13.x from Node 22 on
 * (Node-API, one prebuilt binary in its npm package for every Node; 12.x built for Node 24 aborts
 * when a statement is collected outside JavaScript, e.g. at exit: "Assertion failed: (env) !=
 * nullptr"). Both have the same API, typed by @types/better-sqlite3. Everything that opens a
 * SQLite file imports it from here (the import worker, plain JavaScript, requires `SQLITE_DRIVER`).
 */
export const SQLITE_DRIVER = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
const Database = require(SQLITE_DRIVER) as typeof BetterSqlite3;
export default Database;
