import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/orbis.js', import.meta.url));
const DIST = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

/** An `orbis serve` child process and what it logged at warning level or above. */
export interface OrbisProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** Log lines of level warn (40) or above, and anything on stderr. */
  problems: string[];
  /** Log lines of level error (50) or above: a 5xx, a crash. */
  errors: string[];
  /** SIGTERM, then SIGKILL after 10 s; removes the data dir; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
}

/**
 * Starts the built server (`bin/orbis.js serve`) on 127.0.0.1 and a free port, in a process of
 * its own, so that a load generator in the test process does not share its event loop. `env`
 * adds to a clean configuration: no demo, warnings only, nothing from the shell's ORBIS_* settings.
 */
export async function startOrbisProcess(env: Record<string, string>): Promise<OrbisProcess> {
  if (!existsSync(DIST)) throw new Error('the server is not built: run `npm run build -w @orbis/server` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-load-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--no-demo'], {
    env: { ...process.env, PORT: '', HOST: '', ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '', ORBIS_PUBLIC_URL: '', ORBIS_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const problems: string[] = [];
  const errors: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`orbis serve did not start within 60 s: ${problems.join(' | ')}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const listening = /^Orbis listening on (http:\/\/\S+)$/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]!);
      } else if (line.startsWith('{')) {
        noteLogLine(line, problems, errors);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => problems.push(`stderr: ${chunk.toString().trim().slice(0, 500)}`));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`orbis serve exited (${signal ?? code}) before it was ready: ${problems.join(' | ')}`));
    });
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) errors.push(`exited unexpectedly (${signal ?? code}) while serving`);
  });
  const stop = async () => {
    stopping = true;
    const code = await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  return { url, pid: child.pid!, dataDir, problems, errors, stop };
}

function noteLogLine(line: string, problems: string[], errors: string[]): void {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
    const text = `${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim();
    if ((entry.level ?? 0) >= 40) problems.push(text);
    if ((entry.level ?? 0) >= 50) errors.push(text);
  } catch {
    problems.push(line.slice(0, 500));
  }
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}
