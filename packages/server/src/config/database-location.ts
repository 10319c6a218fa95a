import { join } from 'node:path';
import { ConfigError } from './serve-config.js';

/** Where the database is: a SQLite file, or a PostgreSQL URL. */
export type DatabaseLocation = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** What `--database-url` names: none or `sqlite:` a SQLite file (`orbis.db` in the data dir by default); `postgres://` PostgreSQL. */
export function databaseLocation(databaseUrl: string | undefined, dataDir: string): DatabaseLocation {
  if (databaseUrl === undefined) return { kind: 'sqlite', file: join(dataDir, 'orbis.db') };
  if (databaseUrl.startsWith('sqlite:')) return { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '') };
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };
  throw new ConfigError(`--database-url must be a postgres:// or sqlite: URL, got "${databaseUrl}"`);
}
