#!/usr/bin/env node
// The orbis CLI. The TypeScript is compiled to dist/ by `npm ci` (prepare) and `npm start`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url);
if (!existsSync(dist('cli/main.js'))) {
  process.stderr.write('orbis: not built yet; run `npm run build` in the repository root\n');
  process.exit(1);
}
const args = process.argv.slice(2);
// `serve` runs under memory settings that Node and glibc read only at start: the process replaces
// itself once with them, where Node can (src/cli/runtime-tuning.ts).
if (typeof process.execve === 'function' && process.platform !== 'win32') {
  const { servingRelaunch } = await import(dist('cli/runtime-tuning.js').href);
  const relaunch = servingRelaunch(args, process.execArgv, process.env);
  if (relaunch) process.execve(process.execPath, [process.execPath, ...relaunch.execArgv, fileURLToPath(import.meta.url), ...args], relaunch.env);
}
// The data dir, the database and every stored file hold private data: readable by this user only
// (folders 700, files 600), whatever the shell's umask.
process.umask(0o077);
const { main } = await import(dist('cli/main.js').href);
process.exitCode = await main(args);
