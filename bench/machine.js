// How much of the machine other work takes while the benchmark runs (Linux, from /proc).
import { readFileSync, readdirSync } from 'node:fs';
import { CLUSTER_DIR_PREFIX } from './postgres-cluster.js';

const SAMPLE_MS = 1000;
/**
 * Processes whose command line contains this are ours, with their descendants: this run's
 * PostgreSQL, which pg_ctl detaches from the process tree.
 */
const OWN_MARKER = CLUSTER_DIR_PREFIX;

/**
 * CPU time of the whole machine in clock ticks: `busy` is user, nice and system time (what
 * processes account for), `steal` the time the hypervisor gave to other machines.
 */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { busy: f[0] + f[1] + f[2], steal: f[7] ?? 0, total: f.reduce((sum, n) => sum + n, 0) };
}

/** Every process: its parent and its CPU time so far, in clock ticks. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces: the fields after it are fixed.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // It exited meanwhile.
    }
  }
  return table;
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The pids of this process, of its descendants, and of this run's PostgreSQL and its children. */
function ownPids(table) {
  const own = new Map([[process.pid, true]]);
  const isOwn = (pid) => {
    if (own.has(pid)) return own.get(pid);
    const entry = table.get(pid);
    // Decided before the recursion, against cycles of reused pids.
    own.set(pid, false);
    const result = entry !== undefined && pid > 1 && (commandLine(pid).includes(OWN_MARKER) || isOwn(entry.ppid));
    own.set(pid, result);
    return result;
  };
  return [...table.keys()].filter(isOwn);
}

/**
 * Samples every second how much of the CPUs other processes (and other machines, as steal) use.
 * `stop()` resolves `{ meanShare, maxShare, seconds }`, shares as fractions of all CPUs: the
 * benchmark's own processes are left out, work no process accounts for (interrupts) too.
 */
export function monitorOtherWork() {
  let previous = { machine: machineTicks(), table: processTable() };
  const shares = [];
  const sample = () => {
    const machine = machineTicks();
    const table = processTable();
    let ownTicks = 0;
    for (const pid of ownPids(table)) {
      ownTicks += table.get(pid).ticks - (previous.table.get(pid)?.ticks ?? 0);
    }
    const total = machine.total - previous.machine.total;
    if (total > 0) {
      const other = Math.max(0, machine.busy - previous.machine.busy - ownTicks) + (machine.steal - previous.machine.steal);
      shares.push(Math.min(1, other / total));
    }
    previous = { machine, table };
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      const seconds = shares.length * (SAMPLE_MS / 1000);
      if (shares.length === 0) return { meanShare: 0, maxShare: 0, seconds };
      return { meanShare: shares.reduce((sum, s) => sum + s, 0) / shares.length, maxShare: Math.max(...shares), seconds };
    },
  };
}

/**
 * CPU time (ms) so far of this process's descendants whose command line contains `marker` (e.g.
 * Chromium's processes), by their `--type=` (`browser` for the one without): where a page's
 * frames cost CPU, GPU process (SwiftShader) and renderer told apart.
 */
export function descendantsCpuMs(marker) {
  const table = processTable();
  const tickMs = 1000 / 100; // USER_HZ is 100 on Linux
  const mine = (pid, seen = new Set()) => {
    if (pid === process.pid) return true;
    if (pid <= 1 || seen.has(pid)) return false;
    seen.add(pid);
    const entry = table.get(pid);
    return entry !== undefined && mine(entry.ppid, seen);
  };
  const byType = {};
  for (const [pid, entry] of table) {
    if (pid === process.pid || !mine(pid)) continue;
    const cmd = commandLine(pid);
    if (!cmd.includes(marker)) continue;
    const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    byType[type] = (byType[type] ?? 0) + entry.ticks * tickMs;
  }
  return byType;
}
