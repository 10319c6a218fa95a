import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfIdentity } from './process-identity.js';
import { STALE_MS, StagingJournal } from './staging-journal.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

/** Writes a journal whose owner is this process's identity with `owner` laid over it. */
function journalFile(dir: string, name: string, owner: object, lines: string[]): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, [JSON.stringify({ ...selfIdentity(), start: undefined, ...owner }), ...lines, ''].join('\n'));
  return path;
}

const backdate = (path: string, ms: number) => utimesSync(path, new Date(Date.now() - ms), new Date(Date.now() - ms));

describe('StagingJournal', () => {
  it('names what a dead process left open, and forgets its journal once dismissed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    const path = journalFile(dir, '1-a.log', { host: hostname(), pid: deadPid() }, ['+p/a', '+p/b', '-p/a', '+p/c']);
    const [left, ...more] = await new StagingJournal(dir).abandoned();
    expect(more).toEqual([]);
    expect(left!.prefixes.sort()).toEqual(['p/b', 'p/c']);
    await left!.dismiss();
    expect(existsSync(path)).toBe(false);
  });

  it('leaves alone the journals of live processes, of other hosts, and of itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    journalFile(dir, '2-a.log', { host: hostname(), pid: process.ppid }, ['+p/a']);
    journalFile(dir, '3-a.log', { host: `not-${hostname()}`, pid: deadPid() }, ['+p/b']);
    writeFileSync(join(dir, 'notes.log'), 'not a journal\n+p/c\n');
    const mine = new StagingJournal(dir);
    await mine.begin('p/d');
    expect(await new StagingJournal(dir).abandoned()).toEqual([]);
    await mine.close();
  });

  it('judges a pid only in its own pid namespace; elsewhere a journal is abandoned once its heartbeat stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    // Another container under the same host name: its node is pid 1 as well, and alive.
    const path = journalFile(dir, `${process.pid}-other.log`, { pid: process.pid, pidns: 'pid:[1]' }, ['+p/a']);
    const journal = new StagingJournal(dir);
    expect(await journal.abandoned()).toEqual([]);
    expect(await journal.undecided()).toBe(1);
    expect([...(await journal.openPrefixes())]).toEqual(['p/a']);
    backdate(path, STALE_MS + 1000);
    expect((await journal.abandoned()).map((f) => f.prefixes)).toEqual([['p/a']]);
    expect(await journal.undecided()).toBe(0);
  });

  it('takes a pid that a newer process now has as gone, and its own pid and start as itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    journalFile(dir, '5-reused.log', { pid: process.ppid, start: '1' }, ['+p/reused']);
    journalFile(dir, '6-me.log', { start: selfIdentity().start }, ['+p/me']);
    const found = await new StagingJournal(dir).abandoned();
    expect(found.map((f) => f.prefixes)).toEqual([['p/reused']]);
  });

  it('touches its journal while open, so that others see it live', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    const journal = new StagingJournal(dir, 1024 * 1024, 20);
    await journal.begin('p/slow');
    const [name] = readdirSync(dir);
    backdate(join(dir, name!), STALE_MS * 2);
    await expect.poll(() => Date.now() - statSync(join(dir, name!)).mtimeMs, { timeout: 30_000 }).toBeLessThan(STALE_MS);
    await journal.close();
  });

  it("takes a journal with this process's pid that this process did not write as a predecessor's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    journalFile(dir, `${process.pid}-old.log`, { host: hostname(), pid: process.pid }, ['+p/a']);
    const found = await new StagingJournal(dir).abandoned();
    expect(found.map((f) => f.prefixes)).toEqual([['p/a']]);
  });

  it('removes its file on a clean close, and keeps it for the next start when uploads were cut', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    const clean = new StagingJournal(dir);
    await clean.begin('p/a');
    await clean.end('p/a');
    await clean.close();
    expect(readdirSync(dir)).toEqual([]);
    const cut = new StagingJournal(dir);
    await cut.begin('p/b');
    await cut.close();
    const found = await new StagingJournal(dir).abandoned();
    expect(found.map((f) => f.prefixes)).toEqual([['p/b']]);
  });

  it('empties itself once past its size with nothing in flight, and keeps what is open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-journal-'));
    const journal = new StagingJournal(dir, 100);
    await journal.begin('p/keep');
    for (let i = 0; i < 20; i++) {
      await journal.begin(`p/${i}`);
      await journal.end(`p/${i}`);
    }
    await journal.end('p/keep');
    expect(readdirSync(dir)).toEqual([]);
    await journal.begin('p/next');
    await journal.close();
    const found = await new StagingJournal(dir).abandoned();
    expect(found.map((f) => f.prefixes)).toEqual([['p/next']]);
  });
});
