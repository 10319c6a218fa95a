import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { judgeOwner, type ProcessIdentity, selfIdentity } from './process-identity.js';

/** Journal files this process has open: its own pid on an older file means a dead predecessor. */
const liveFiles = new Set<string>();

/** How often a process touches its journal, so that processes that cannot judge its pid see it live. */
export const HEARTBEAT_MS = 30_000;
/** A journal whose owner cannot be judged by pid is abandoned once untouched this long. */
export const STALE_MS = 10 * HEARTBEAT_MS;

/** The line a journal ends with when its process closed it with uploads still open. */
const CLOSED = '!closed';

interface JournalScan {
  path: string;
  state: 'alive' | 'dead' | 'undecided';
  prefixes: string[];
}

/** Asset folders a dead process had begun to write and never finished, from its journal. */
export interface AbandonedStaging {
  prefixes: string[];
  /** Removes the dead process's journal, once its folders are dealt with. */
  dismiss(): Promise<void>;
}

/**
 * A per-process log of the asset folders being written (`+prefix` before the first byte,
 * `-prefix` once recorded or removed), so that the next start knows exactly what a killed
 * process left half done, without guessing by age in a storage other processes share.
 * Lines are not fsynced: they survive the process being killed, which is what they are for;
 * after a power loss the age-based orphan sweep still finds what they would have named.
 */
export class StagingJournal {
  private readonly path: string;
  private handle: FileHandle | undefined;
  private readonly open = new Set<string>();
  private written = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Every write goes through this chain, so that compaction never drops a line. */
  private queue: Promise<void> = Promise.resolve();

  /**
   * `compactBytes`: past this size, the journal is emptied the next time no upload is in flight;
   * `heartbeatMs`: how often its file is touched while open.
   */
  constructor(
    private readonly dir: string,
    private readonly compactBytes = 1024 * 1024,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {
    this.path = join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.log`);
  }

  /** Notes that bytes are about to be written under `prefix`; resolves once the line is written. */
  begin(prefix: string): Promise<void> {
    this.open.add(prefix);
    return this.append(`+${prefix}\n`, false);
  }

  /** Notes that `prefix` is recorded or removed. */
  end(prefix: string): Promise<void> {
    if (!this.open.delete(prefix)) return Promise.resolve();
    return this.append(`-${prefix}\n`, true);
  }

  private append(line: string, mayCompact: boolean): Promise<void> {
    const run = async () => {
      if (!this.handle) {
        // Made whole under another name first: a scan never sees a journal without its owner line.
        await mkdir(this.dir, { recursive: true });
        await writeFile(`${this.path}.new`, `${JSON.stringify(selfIdentity())}\n`);
        await rename(`${this.path}.new`, this.path);
        this.handle = await open(this.path, 'a');
        liveFiles.add(this.path);
        this.written = 0;
        this.startHeartbeat();
      }
      await this.handle.write(line);
      this.written += line.length;
      if (mayCompact && this.open.size === 0 && this.written > this.compactBytes) {
        await this.closeFile();
        await rm(this.path, { force: true });
      }
    };
    const done = this.queue.then(run);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Closes the journal; with nothing in flight its file goes, otherwise the next start reads it. */
  async close(): Promise<void> {
    const run = async () => {
      if (!this.handle) return;
      if (this.open.size > 0) await this.handle.write(`${CLOSED}\n`);
      await this.closeFile();
      if (this.open.size === 0) await rm(this.path, { force: true });
    };
    const done = this.queue.then(run);
    this.queue = done.catch(() => undefined);
    return done;
  }

  private startHeartbeat(): void {
    const path = this.path;
    this.heartbeat = setInterval(() => {
      const now = new Date();
      // A missed beat only makes the journal look older; the next one puts it right.
      utimes(path, now, now).catch(() => undefined);
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private async closeFile(): Promise<void> {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    await this.handle?.close();
    this.handle = undefined;
    liveFiles.delete(this.path);
  }

  /**
   * The journals in this folder whose process is gone, with the prefixes each left open: on this
   * host, boot and pid namespace, a process that is not running (or whose pid a newer process, or
   * this one, now has); elsewhere (another container with the same host name, say), a journal
   * untouched for STALE_MS, since its owner's heartbeat stopped.
   */
  async abandoned(now = Date.now()): Promise<AbandonedStaging[]> {
    return (await this.scan(now)).filter((j) => j.state === 'dead').map((j) => ({ prefixes: j.prefixes, dismiss: () => rm(j.path, { force: true }) }));
  }

  /** How many journals belong to processes that may still live but cannot be judged by pid yet. */
  async undecided(now = Date.now()): Promise<number> {
    return (await this.scan(now)).filter((j) => j.state === 'undecided').length;
  }

  /** Every prefix some journal in this folder has open, this process's own included. */
  async openPrefixes(): Promise<Set<string>> {
    const open = new Set(this.open);
    for (const j of await this.scan(Date.now())) for (const p of j.prefixes) open.add(p);
    return open;
  }

  private async scan(now: number): Promise<JournalScan[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const age = async (path: string) => now - (await stat(path).catch(() => ({ mtimeMs: now }))).mtimeMs;
    for (const name of names.filter((n) => n.endsWith('.log.new'))) {
      // A journal its process never finished making: that takes milliseconds, not minutes.
      const path = join(this.dir, name);
      if (!liveFiles.has(path.slice(0, -'.new'.length)) && (await age(path)) > STALE_MS) await rm(path, { force: true });
    }
    const found: JournalScan[] = [];
    for (const name of names.filter((n) => n.endsWith('.log'))) {
      const path = join(this.dir, name);
      const lines = (await readFile(path, 'utf8').catch(() => '')).split('\n');
      let owner: Partial<ProcessIdentity> = {};
      try {
        owner = JSON.parse(lines[0] ?? '');
      } catch {
        continue; // not a journal of ours
      }
      if (typeof owner.host !== 'string' || typeof owner.pid !== 'number') continue;
      // A journal closed with uploads still open: its process gave them up.
      const judged = liveFiles.has(path) ? 'alive' : lines.includes(CLOSED) ? 'dead' : judgeOwner(owner as ProcessIdentity);
      const state = judged === 'unknown' ? ((await age(path)) > STALE_MS ? 'dead' : 'undecided') : judged;
      const open = new Set<string>();
      for (const line of lines.slice(1)) {
        if (line.startsWith('+')) open.add(line.slice(1));
        else if (line.startsWith('-')) open.delete(line.slice(1));
      }
      found.push({ path, state, prefixes: [...open] });
    }
    return found;
  }
}
