#!/usr/bin/env node
// The orbis CLI. The TypeScript is compiled to dist/ by `npm ci` (prepare) and `npm start`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('orbis: not built yet; run `npm run build` in the repository root\n');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
