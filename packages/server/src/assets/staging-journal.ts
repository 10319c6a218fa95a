import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';


/** Journal files this process has open: its own pid on an older file means a dead predecessor. */
const liveFiles = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
  /** Every write goes through this chain, so that compaction never drops a line. */
  private queue: Promise<void> = Promise.resolve();

  /** `compactBytes`: past this size, the journal is emptied the next time no upload is in flight. */
  constructor(
    private readonly dir: string,
    private readonly compactBytes = 1024 * 1024,
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
        await writeFile(`${this.path}.new`, `${JSON.stringify({ host: hostname(), pid: process.pid })}\n`);
        await rename(`${this.path}.new`, this.path);
        this.handle = await open(this.path, 'a');
        liveFiles.add(this.path);
        this.written = 0;
      }
      await this.handle.write(line);
      this.written += line.length;
      if (mayCompact && this.open.size === 0 && this.written > this.compactBytes) {
        await this.handle.close();
        this.handle = undefined;
        liveFiles.delete(this.path);
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
      await this.handle.close();
      this.handle = undefined;
      liveFiles.delete(this.path);
      if (this.open.size === 0) await rm(this.path, { force: true });
    };
    const done = this.queue.then(run);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /**
   * The journals in this folder of processes on this host that are gone (or whose pid this
   * process now has), with the prefixes each left open. Journals of other hosts are left alone:
   * whether their process lives cannot be told from here.
   */
  async abandoned(): Promise<AbandonedStaging[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const found: AbandonedStaging[] = [];
    for (const name of names.filter((n) => n.endsWith('.log.new'))) {
      // A journal its process never finished making: `{pid}-{random}.log.new`.
      const pid = Number(name.slice(0, name.indexOf('-')));
      if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
        await rm(join(this.dir, name), { force: true });
      }
    }
    for (const name of names.filter((n) => n.endsWith('.log'))) {
      const path = join(this.dir, name);
      if (liveFiles.has(path)) continue;
      const lines = (await readFile(path, 'utf8').catch(() => '')).split('\n');
      let owner: { host?: unknown; pid?: unknown } = {};
      try {
        owner = JSON.parse(lines[0] ?? '');
      } catch {
        continue; // not a journal of ours
      }
      if (owner.host !== hostname() || typeof owner.pid !== 'number') continue;
      if (owner.pid !== process.pid && isAlive(owner.pid)) continue;
      const open = new Set<string>();
      for (const line of lines.slice(1)) {
        if (line.startsWith('+')) open.add(line.slice(1));
        else if (line.startsWith('-')) open.delete(line.slice(1));
      }
      found.push({ prefixes: [...open], dismiss: () => rm(path, { force: true }) });
    }
    return found;
  }
}
