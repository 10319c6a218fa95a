import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CONNECTIONS } from './load.js';

const round = (value, digits) => Number(value.toFixed(digits));

/** The `contentApi` entry of bench/results/latest.json, from one run's measurements. */
export function contentApiResult(run, { mode, total, seconds, problems }) {
  const ratio = (r) => round(r.rps / run.ceiling.rps, 3);
  return {
    measuredAt: new Date().toISOString(),
    mode,
    assets: total,
    connections: CONNECTIONS,
    secondsPerRun: seconds,
    machine: { cpus: availableParallelism(), node: process.version },
    server: run.build,
    pageBytes: run.pageBytes,
    ceilingRps: run.ceiling.rps,
    ceilingP99Ms: run.ceiling.p99Ms,
    ceilingRpsSamples: run.ceilingSamples,
    firstPageRps: run.firstPage.rps,
    firstPageP99Ms: run.firstPage.p99Ms,
    cursorRps: run.cursor.rps,
    cursorP99Ms: run.cursor.p99Ms,
    deepOffsetRps: run.deepOffset.rps,
    deepOffsetP99Ms: run.deepOffset.p99Ms,
    firstPageRatio: ratio(run.firstPage),
    cursorRatio: ratio(run.cursor),
    deepOffsetRatio: ratio(run.deepOffset),
    fullList: {
      seconds: round(run.fullList.seconds, 3),
      bytes: run.fullList.bytes,
      mbPerSecond: round(run.fullList.mbPerSecond, 1),
      peakRssMb: round(run.fullList.peakRssMb, 1),
      idleRssMb: round(run.fullList.baselineRssMb, 1),
      firstPageMaxMsWhileStreaming: round(run.fullList.slowestProbeMs, 1),
    },
    seedSeconds: round(run.seedSeconds, 1),
    serverStartSeconds: round(run.startSeconds, 2),
    problems,
  };
}

/** A readable table of a `contentApi` result. */
export function formatContentApi(r) {
  const row = (name, rps, p99, ratio) =>
    `${name.padEnd(26)}${rps.toLocaleString('en-US').padStart(10)}${p99.toFixed(1).padStart(10)}${ratio.toFixed(3).padStart(9)}`;
  const f = r.fullList;
  return [
    `Content API: ${r.assets.toLocaleString('en-US')} public assets, ${r.connections} connections, ${r.secondsPerRun} s per run (${r.mode}), ${r.machine.cpus} CPUs, Node ${r.machine.node}`,
    '',
    `${'target'.padEnd(26)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'ratio'.padStart(9)}`,
    row(`ceiling (bare http, ${r.pageBytes} B)`, r.ceilingRps, r.ceilingP99Ms, 1) +
      `   median of ${r.ceilingRpsSamples.map((n) => n.toLocaleString('en-US')).join(' / ')}`,
    row('first page ?page=1', r.firstPageRps, r.firstPageP99Ms, r.firstPageRatio),
    row('random deep start_cursor', r.cursorRps, r.cursorP99Ms, r.cursorRatio),
    row('offset at 90%', r.deepOffsetRps, r.deepOffsetP99Ms, r.deepOffsetRatio),
    '',
    `full list: ${(f.bytes / 1024 / 1024).toFixed(1)} MB in ${f.seconds} s = ${f.mbPerSecond} MB/s; server RSS peak ${f.peakRssMb} MB (idle ${f.idleRssMb} MB)`,
    `first page requested again and again while the full list streams: slowest answer ${f.firstPageMaxMsWhileStreaming} ms`,
    `seeding: ${r.seedSeconds} s; server restart on the seeded database: ${r.serverStartSeconds} s`,
    `server: commit ${r.server.commit}${r.server.sourceChanged ? ' plus uncommitted changes' : ''}, built ${r.server.distBuiltAt}`,
  ].join('\n');
}

/** Sets `key` in bench/results/latest.json, keeping the other benchmarks' entries. */
export function writeResult(key, value) {
  const dir = new URL('./results/', import.meta.url);
  const file = new URL('latest.json', dir);
  mkdirSync(dir, { recursive: true });
  let all = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if (err.code !== 'ENOENT') throw new Error(`bench/results/latest.json is not valid JSON: ${err.message}`);
  }
  all[key] = value;
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  return file;
}
