import Database from '../store/sqlite/sqlite-driver.js';

/**
 * A connection of the test's own to a SQLite file that tells, without waiting, whether another
 * connection holds the file's write lock (an import's commit on its worker).
 */
export function sqliteLockProbe(file: string): { locked(): boolean; close(): void } {
  const probe = new Database(file);
  probe.pragma('busy_timeout = 0');
  return {
    locked() {
      try {
        probe.exec('BEGIN IMMEDIATE');
        probe.exec('ROLLBACK');
        return false;
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw err;
      }
    },
    close: () => probe.close(),
  };
}
