import { resolve } from 'node:path';
import type { OrbisConfig } from '../config/serve-config.js';
import { UsageError } from './usage-error.js';

/** `orbis backup <file>` and `orbis restore <file>` (docs/operations.md): prints what was written or brought back. */
export async function runBackupCommand(config: OrbisConfig, args: string[]): Promise<number> {
  const [command, file, ...extra] = args;
  if (!file) throw new UsageError(`missing <file>`);
  if (extra.length > 0) throw new UsageError(`${command} takes one <file>, got also "${extra.join(' ')}"`);
  const report =
    command === 'backup'
      ? await (await import('../backup/take-backup.js')).takeBackup(config, resolve(file))
      : await (await import('../backup/restore-backup.js')).restoreBackup(config, resolve(file));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
