import type { OrbisConfig } from '../config/serve-config.js';
import { UsageError } from './usage-error.js';

/**
 * `orbis migrate --from <data dir or postgres URL> --to <postgres URL or data dir>` (docs/contract.md §20):
 * progress on standard error, the result (every table's count and digests, the files) on
 * standard output; exits 1 when anything differs.
 */
export async function runMigrateCommand(config: OrbisConfig, flags: { from?: string; to?: string }, extra: string[]): Promise<number> {
  if (!flags.from || !flags.to) throw new UsageError('migrate needs --from <data dir or postgres URL> and --to <postgres URL or data dir>');
  if (extra.length > 0) throw new UsageError(`migrate takes no <arguments>, got "${extra.join(' ')}"`);
  const { migrate } = await import('../migrate/migrate.js');
  const report = await migrate(config, flags.from, flags.to, process.env, (line) => process.stderr.write(`orbis migrate: ${line}\n`));
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (!report.ok) process.stderr.write('orbis migrate: the two sides differ (see "differences" above); run it again to finish the move\n');
  return report.ok ? 0 : 1;
}
