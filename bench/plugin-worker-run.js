// `node bench/plugin-worker-run.js [--quick]`: the worker sandbox figures alone (docs/contract.md §11), with
// the Arena's tool-call rate measured in the same run as their baseline. Prints them as JSON.
import { arenaWay } from './plugin-bridge-ways.js';
import { loadPluginHost } from './plugin-host-build.js';
import { benchWorkerSandbox } from './plugin-worker.js';

const quick = process.argv.includes('--quick');
const deps = await loadPluginHost();
const module = await deps.loadQuickJs();
const arena = arenaWay({ ...deps, module });
const rates = [];
for (let r = 0; r < 7; r++) {
  const started = performance.now();
  arena.tools(2_000, r * 2_000);
  rates.push(2_000 / ((performance.now() - started) / 1000));
}
arena.dispose();
const arenaCallsPerSec = Math.round(rates.sort((a, b) => a - b)[3]);
const worker = await benchWorkerSandbox({ ...deps, module }, { quick, arenaCallsPerSec });
console.log(JSON.stringify({ arenaCallsPerSec, ...worker }, null, 2));
process.exit(0);
