import type { OrbisConfig } from '../config/serve-config.js';
import { startLines, startServer } from '../server.js';

/** `orbis serve`: runs until SIGINT or SIGTERM, then closes cleanly and resolves 0. */
export async function runServe(config: OrbisConfig): Promise<number> {
  const server = await startServer(config);
  process.stdout.write(`Orbis listening on ${server.url}\n`);
  for (const line of await startLines(server, config)) process.stdout.write(`${line}\n`);
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      server.app.log.info({ signal }, 'stopping');
      server.close().then(
        () => resolve(0),
        (err: unknown) => {
          process.stderr.write(`orbis: error while stopping: ${String(err)}\n`);
          resolve(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
