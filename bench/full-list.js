import { readFileSync } from 'node:fs';
import { get } from 'node:http';

const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 20;
const PROBE_PAUSE_MS = 50;

/** The resident set size of process `pid` in MB, from /proc (Linux). */
export function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Requests `url` one after another until `isDone()`; resolves the slowest answer in ms. */
async function probeUntil(url, isDone) {
  let slowest = 0;
  while (!isDone()) {
    const sent = performance.now();
    await (await fetch(url)).arrayBuffer();
    slowest = Math.max(slowest, performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  return slowest;
}

/**
 * Downloads the unpaginated list and discards it while sampling the server's RSS. While the
 * stream flows, it requests `probeUrl` again and again: are other clients served meanwhile?
 * Checks the body's closing `totalCount` so that a cut-off stream is not reported as fast.
 */
export function measureFullList(url, probeUrl, serverPid, expectedCount) {
  const baselineRssMb = rssMb(serverPid);
  let peakRssMb = baselineRssMb;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const fail = (err) => {
      clearInterval(sampler);
      reject(err);
    };
    const sampler = setInterval(() => {
      try {
        peakRssMb = Math.max(peakRssMb, rssMb(serverPid));
      } catch (err) {
        fail(new Error(`full list: the server process went away (${err.message})`));
      }
    }, RSS_SAMPLE_MS);
    get(url, (response) => {
      if (response.statusCode !== 200) return fail(new Error(`full list: HTTP ${response.statusCode}`));
      let bytes = 0;
      let tail = '';
      let probe;
      let ended = false;
      response.on('data', (chunk) => {
        probe ??= probeUntil(probeUrl, () => ended).catch((err) => fail(new Error(`full list: a probe request failed: ${err.message}`)));
        bytes += chunk.length;
        tail = (tail + chunk.toString('latin1', Math.max(0, chunk.length - 64))).slice(-64);
      });
      response.on('error', fail);
      response.on('end', async () => {
        ended = true;
        clearInterval(sampler);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const count = Number(/"totalCount":(\d+)}$/.exec(tail)?.[1]);
        if (count !== expectedCount) {
          return reject(new Error(`full list ended with totalCount ${count}, expected ${expectedCount}`));
        }
        const slowestProbeMs = await probe;
        resolve({ seconds, bytes, mbPerSecond: bytes / MB / seconds, peakRssMb, baselineRssMb, slowestProbeMs });
      });
    }).on('error', fail);
  });
}
