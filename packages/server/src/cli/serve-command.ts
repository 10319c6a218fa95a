import type { OrbisConfig } from '../config/serve-config.js';
import { startLines, startServer } from '../server.js';

/**
 * `orbis serve`: runs until SIGINT or SIGTERM, then closes cleanly and resolves 0. The signals are
 * taken before the listening line is printed: a stop sent as soon as the server answers (a test's,
 * an orchestrator's) is a clean one, not the default handler's kill.
 */
export async function runServe(config: OrbisConfig): Promise<number> {
  const server = await startServer(config);
  let stopping = false;
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      stopping = true;
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
  process.stdout.write(`Orbis listening on ${server.url}\n`);
  try {
    for (const line of await startLines(server, config)) process.stdout.write(`${line}\n`);
  } catch (err) {
    // A stop while the lines were read closed the store under them; otherwise it is a real failure.
    if (!stopping) throw err;
  }
  return stopped;
}
