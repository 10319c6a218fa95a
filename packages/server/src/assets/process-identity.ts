import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who wrote a staging journal. A pid alone names a process only within one pid namespace of one
 * boot: two containers sharing a data dir are often both pid 1 under one host name. So Linux
 * processes also record the boot, the pid namespace and their start time.
 */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /** `/proc/sys/kernel/random/boot_id`. */
  boot?: string;
  /** `readlink /proc/self/ns/pid`, e.g. `pid:[4026531836]`. */
  pidns?: string;
  /** Start time in clock ticks since boot (`/proc/{pid}/stat`, field 22). */
  start?: string;
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The start time of a process as this pid namespace sees it, where /proc tells. */
export function startTimeOf(pid: number | 'self'): string | undefined {
  const stat = attempt(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19];
}

let self: ProcessIdentity | undefined;

/** This process's identity (computed once). */
export function selfIdentity(): ProcessIdentity {
  self ??= {
    host: hostname(),
    pid: process.pid,
    boot: attempt(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pidns: attempt(() => readlinkSync('/proc/self/ns/pid')),
    start: startTimeOf('self'),
  };
  return self;
}

/** Whether process `pid` runs on this machine (one of another user's counts too). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process `owner` names is running, seen from `me`: `unknown` when its pid means
 * nothing here (another host, boot or pid namespace), so that only a sign of life other than the
 * pid (a journal's heartbeat) can tell.
 */
export function judgeOwner(owner: ProcessIdentity, me: ProcessIdentity = selfIdentity()): 'alive' | 'dead' | 'unknown' {
  if (owner.host !== me.host) return 'unknown';
  const linux = me.boot !== undefined && me.pidns !== undefined;
  if (linux && (owner.boot !== me.boot || owner.pidns !== me.pidns)) return 'unknown';
  if (owner.pid === me.pid) {
    // This very process (another copy of the module), or a predecessor that had our pid.
    return owner.start !== undefined && owner.start === me.start ? 'alive' : 'dead';
  }
  if (!isRunning(owner.pid)) return 'dead';
  // A pid taken over by a newer process: the owner is gone.
  const start = owner.start === undefined ? undefined : startTimeOf(owner.pid);
  return start !== undefined && start !== owner.start ? 'dead' : 'alive';
}
