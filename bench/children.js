import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Every child still running, so that no exit path of the benchmark leaves one behind. */
const live = new Set();

function killAll() {
  for (const child of live) child.kill('SIGKILL');
}

// `exit` handlers must be synchronous: kill() only sends the signal, which is all we need here.
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Spawns a Node script as a tracked child, with its stdout and stderr piped. */
export function spawnNode(args, options = {}) {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Calls `onLine` for every line the child writes to stdout. */
export function onStdoutLine(child, onLine) {
  createInterface({ input: child.stdout }).on('line', onLine);
}

/** Resolves with the first match of `pattern` on stdout; rejects if the child exits or is too slow. */
export function waitForLine(child, pattern, what, timeoutMs = 60_000) {
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms`)), timeoutMs);
    onStdoutLine(child, (line) => {
      const match = pattern.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${signal ?? code}) before it was ready: ${stderr.trim()}`));
    });
  });
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. Resolves how it ended. */
export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode, killed: false });
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, killed: signal === 'SIGKILL' });
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs one part of `npm run bench` (a Node script of its own) to its end: its stdout goes to ours, its stderr too as
 * it comes, and the last of it is kept. Resolves with the seconds it took; rejects, with the part's own last words,
 * when it fails, so that the bench stops there with that message instead of going on.
 */
export function runPart(name, args) {
  const started = performance.now();
  const child = spawnNode(args);
  child.stdout.pipe(process.stdout, { end: false });
  let tail = '';
  child.stderr.on('data', (d) => {
    process.stderr.write(d);
    tail = (tail + d).slice(-8000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve((performance.now() - started) / 1000);
      // Its last words without the stack's frames: an uncaught error's message comes before them.
      const said = tail
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\s+at |^Node\.js v\d/.test(line))
        .slice(-8)
        .join('\n');
      reject(new Error(`the ${name} benchmark failed (${signal ?? `exit ${code}`}):\n${said}`));
    });
  });
}
