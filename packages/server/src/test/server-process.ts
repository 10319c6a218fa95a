import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/orbis.js', import.meta.url));

/** How long `stop` waits for the process to exit: a stop that hangs fails saying so, with the output, not at the test's timeout. */
const STOP_MS = 60_000;

/** `orbis serve` running as a child process, which a test can stop or kill. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the clean stop; resolves with the exit code, or kills the process and rejects after STOP_MS. */
  stop(): Promise<number | null>;
}

/**
 * Starts `node packages/server/bin/orbis.js serve --port 0` on a data dir (the server's dist must
 * be built) and resolves once it prints its URL; with `maxFileBytes`, under util-linux's `prlimit`.
 */
export function startServerProcess(dataDir: string, env: Record<string, string>, limits: { maxFileBytes?: number } = {}): Promise<ServerProcess> {
  const serve = [process.execPath, BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-demo'];
  // `maxFileBytes`: the kernel refuses to grow any file past it (EFBIG), as a full disk refuses (ENOSPC).
  const [command, ...args] = limits.maxFileBytes === undefined ? serve : ['prlimit', `--fsize=${limits.maxFileBytes}`, '--', ...serve];
  const child = spawn(command!, args, {
    // Nothing from the shell's ORBIS_* settings: the test names its store and storage itself.
    env: { ...process.env, ORBIS_LOG_LEVEL: 'warn', PORT: '', HOST: '', ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '', ORBIS_PUBLIC_URL: '', ...env },
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const exitOf = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const stop = async () => {
    let late: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => {
      late = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`orbis serve did not exit within ${STOP_MS / 1000} s of SIGTERM: ${out}`));
      }, STOP_MS);
    });
    try {
      return await Promise.race([exitOf('SIGTERM'), stuck]);
    } finally {
      clearTimeout(late);
    }
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^Orbis listening on (http:\/\/\S+)$/m.exec(out);
      if (m) {
        resolve({
          child,
          url: m[1]!,
          output: () => out,
          kill: async () => void (await exitOf('SIGKILL')),
          stop,
        });
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => reject(new Error(`orbis serve exited (${code}) before listening: ${out}`)));
  });
}
