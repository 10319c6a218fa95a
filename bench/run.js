// `npm run bench [-- --quick]`: the benchmarks. Prints tables and writes bench/results/latest.json.
import { fileURLToPath } from 'node:url';
import { benchContentApi } from './content-api.js';
import { contentApiResult, formatContentApi, writeResult } from './report.js';

const MODES = {
  full: { total: 1_000_000, seconds: 10 },
  quick: { total: 100_000, seconds: 5 },
};

function parseArgs(argv) {
  for (const arg of argv) {
    if (arg !== '--quick') throw new Error(`unknown argument "${arg}"; expected nothing or --quick`);
  }
  return argv.includes('--quick') ? 'quick' : 'full';
}

async function main() {
  const started = performance.now();
  const mode = parseArgs(process.argv.slice(2));
  const { total, seconds } = MODES[mode];
  const problems = [];
  const log = (line) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${line}\n`);
  try {
    const run = await benchContentApi({ total, seconds, problems, log });
    const result = contentApiResult(run, { mode, total, seconds, problems });
    const file = writeResult('contentApi', result);
    process.stdout.write(`\n${formatContentApi(result)}\n`);
    process.stdout.write(`\nwrote ${fileURLToPath(file)}\n`);
  } finally {
    if (problems.length > 0) process.stdout.write(`\nproblems seen:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.stdout.write(`wall time: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
