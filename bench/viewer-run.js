// `node bench/viewer-run.js [--quick]`: the viewer benchmark alone (5 cold loads of each page, or 2
// with --quick: 3 took 190 s to 370 s on a loaded machine, and issue 39's quick bench has 15 minutes
// in all). Prints a table and sets `viewer` in bench/results/latest.json, keeping its other keys.
import { writeResult } from './report.js';
import { benchViewer } from './viewer.js';

const quick = process.argv.includes('--quick');
const started = performance.now();
const result = await benchViewer({ runs: quick ? 2 : 5, log: (line) => process.stderr.write(`bench viewer: ${line}\n`) });
const viewer = { mode: quick ? 'quick' : 'full', wallSeconds: Math.round((performance.now() - started) / 100) / 10, ...result };

const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(34) : String(cell).padStart(15))).join('');
const { orbis, bare } = viewer.samples;
console.log(
  [
    `viewer: ${viewer.viewport.width}x${viewer.viewport.height}, ${viewer.runs} cold loads of each page (medians), Chromium ${viewer.machine.chromium} on SwiftShader, CesiumJS ${viewer.cesium}`,
    row(['', 'Orbis /p/demo', 'bare CesiumJS', 'Orbis/bare']),
    row(['first frame, tiles loaded (ms)', viewer.orbisFirstFrameMs, viewer.bareCesiumFirstFrameMs, viewer.firstFrameRatio.toFixed(2)]),
    row(['data-ready: layers, plugins (ms)', viewer.orbisReadyMs, '', viewer.readyRatio.toFixed(2)]),
    row(['requests', orbis.medianRequests, bare.medianRequests, '']),
    row(['transferred (MB)', orbis.medianTransferMb, bare.medianTransferMb, '']),
    row(['own JavaScript (KiB, gzip)', viewer.appJsGzipKb, '', '']),
    row(['loads not ready in 120 s', viewer.timeouts.orbis, viewer.timeouts.bare, '']),
    `each run (ms): Orbis first frame ${orbis.firstFrameMs.join(', ')}, ready ${orbis.readyMs.join(', ')}; bare ${bare.readyMs.join(', ')}`,
    `other work on the machine: ${Math.round(viewer.machine.busyBefore * 100)}% of the CPUs busy just before the run, ${Math.round(viewer.machine.busyAfter * 100)}% just after; ${viewer.wallSeconds} s in all`,
    ...(viewer.problems.length > 0 ? ['problems:', ...viewer.problems.map((p) => `  ${p}`)] : ['problems: none']),
  ].join('\n'),
);

const file = writeResult('viewer', viewer);
console.log(`written to ${file.pathname} (key "viewer")`);
