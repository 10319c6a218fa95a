import { parseArgs } from 'node:util';
import { ConfigError, resolveConfig, type ServeFlags } from '../config/serve-config.js';
import { InputError } from '../input-error.js';
import { StoreConflictError } from '../store/store.js';
import { UsageError } from './usage-error.js';

export const USAGE = `Usage: orbis <command> [options]

Commands:
  serve                                  start the server
  project create <alias> [--private] [--name N]
  project list
  project export <project> <file.zip>    the project whole: scene, published page, files, models, plugins, members
  project import <file.zip> [--alias A]  a project export as a new project, all or nothing
  asset add <project> <file...> [--public]
  asset list <project>
  key create <project> [--name N]
  key list <project>
  key revoke <project> <id>
  plugin install <folder|zip> [--project P]   a plugin.json or Re:Earth reearth.yml package
  plugin list [<project>]
  plugin remove <id> [--project P]
  plugin dev <folder> [--project P]       install, then reinstall on every save (plugin.json + .js or .ts, or reearth.yml)
  model create <project> <model.json>    a content model: the JSON body POST /api/projects/{p}/models takes
  model list <project>
  item import <project> <model> <file> [--public]   .csv, .json (an array) or .geojson; all or nothing
  user create <email> [--name N]         a user; the password is read from standard input
  member add <project> <email> --role R  R: reader, writer, maintainer or owner
  audit <project>                        the project's audit log, newest first
  backup <file>                          one archive of the database and the files, taken while servers run
  restore <file>                         a backup, into an empty installation (docs/operations.md)
  migrate --from <dir|postgres URL> --to <postgres URL|dir>
                                         the whole installation into an empty one of the other kind;
                                         --storage and --data-dir are the PostgreSQL side's

Options (every command):
  --data-dir DIR        data folder (ORBIS_DATA_DIR, default ./data)
  --database-url URL    database (ORBIS_DATABASE_URL, default SQLite in the data dir)
  --storage URL         file storage (ORBIS_STORAGE, default a folder in the data dir)
Options (serve):
  --port N              port, 0 = any free port (PORT, default 8080)
  --host H              interface (HOST, default 127.0.0.1)
  --no-demo             do not create the demo project (ORBIS_NO_DEMO=1)
`;

/** Runs the CLI; resolves to the exit code (serve resolves only when stopped). */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        storage: { type: 'string' },
        'no-demo': { type: 'boolean' },
        private: { type: 'boolean' },
        public: { type: 'boolean' },
        name: { type: 'string' },
        project: { type: 'string' },
        role: { type: 'string' },
        alias: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`orbis: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  try {
    const config = resolveConfig(values as ServeFlags, process.env);
    // Each command imports only what it runs: `serve` the server, the others the data commands (the
    // server's modules cost a data command about half a second of CPU: docs/performance.md).
    if (positionals[0] === 'serve') return await (await import('./serve-command.js')).runServe(config);
    if (positionals[0] === 'migrate') return await (await import('./migrate-command.js')).runMigrateCommand(config, values, positionals.slice(1));
    if (positionals[0] === 'backup' || positionals[0] === 'restore') return await (await import('./backup-commands.js')).runBackupCommand(config, positionals);
    // `plugin dev` runs until Ctrl-C (or SIGTERM), then closes the data cleanly.
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      return await (await import('./data-commands.js')).runDataCommand(config, positionals, values, stop.signal);
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`orbis: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof ConfigError || err instanceof InputError || err instanceof StoreConflictError) {
      process.stderr.write(`orbis: ${err.message}\n`);
      return 1;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      process.stderr.write(`orbis: cannot listen: ${(err as Error).message}\n`);
      return 1;
    }
    throw err;
  }
}
