import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';
import { selfIdentity } from './process-identity.js';
import { StagingJournal } from './staging-journal.js';

describe('AssetService', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('svc');
  });
  afterAll(() => h.close());

  it('sweeps old unrecorded files (left by a crash) and keeps recorded and fresh ones', async () => {
    const [kept] = await h.seed('svc', [true]);
    const project = (await h.server.ctx.store.getProjectByAlias('svc'))!;
    const root = join(h.dataDir, 'files');
    const orphanDir = join(root, project.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV');
    const freshDir = join(root, project.id, '01ARZ3NDEKTSV4RRFFQ69G5FAW');
    for (const dir of [orphanDir, freshDir]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'original'), 'x');
    }
    utimesSync(join(orphanDir, 'original'), new Date(0), new Date(0));
    utimesSync(join(root, kept!.storageKey), new Date(0), new Date(0));
    expect(await h.server.ctx.assets.sweepOrphans()).toBe(1);
    expect(existsSync(orphanDir)).toBe(false);
    expect(existsSync(freshDir)).toBe(true);
    expect(existsSync(join(root, kept!.storageKey))).toBe(true);
  });

  it('never sweeps what a journal of this data dir has open, however old (a slow multi-file upload)', async () => {
    const project = (await h.server.ctx.store.getProjectByAlias('svc'))!;
    const slow = join(h.dataDir, 'files', project.id, '01ARZ3NDEKTSV4RRFFQ69G5FAY');
    mkdirSync(slow, { recursive: true });
    writeFileSync(join(slow, 'original'), 'first file of an upload whose last file is still coming');
    utimesSync(join(slow, 'original'), new Date(0), new Date(0));
    const other = new StagingJournal(join(h.dataDir, 'staging'));
    await other.begin(`${project.id}/01ARZ3NDEKTSV4RRFFQ69G5FAY`);
    expect(await h.server.ctx.assets.sweepOrphans()).toBe(0);
    expect(existsSync(slow)).toBe(true);
    await other.end(`${project.id}/01ARZ3NDEKTSV4RRFFQ69G5FAY`);
    await other.close();
    expect(await h.server.ctx.assets.sweepOrphans()).toBe(1);
  });

  it('removes at start what a killed process left unrecorded, as its journal names it', async () => {
    const [kept] = await h.seed('svc', [false]);
    const project = (await h.server.ctx.store.getProjectByAlias('svc'))!;
    const root = join(h.dataDir, 'files');
    const half = `${project.id}/01ARZ3NDEKTSV4RRFFQ69G5FAX`;
    mkdirSync(join(root, half), { recursive: true });
    writeFileSync(join(root, half, 'original'), 'staged, never recorded');
    mkdirSync(join(root, '.tmp'), { recursive: true });
    writeFileSync(join(root, '.tmp', `${half.replace('/', '~')}~0123abcd`), 'half-written');
    const keptPrefix = kept!.storageKey.slice(0, kept!.storageKey.lastIndexOf('/'));
    // A journal of a process that died: pid 2^22 + 1 is above Linux's pid_max, never alive.
    const journal = join(h.dataDir, 'staging', '4194305-dead.log');
    mkdirSync(join(h.dataDir, 'staging'), { recursive: true });
    writeFileSync(journal, `${JSON.stringify({ ...selfIdentity(), pid: 4194305, start: undefined })}\n+${half}\n+${keptPrefix}\n+not/an-id\n`);

    expect(await h.server.ctx.assets.recoverAbandoned()).toBe(1);
    expect(existsSync(join(root, half))).toBe(false);
    expect((await h.storedKeys()).filter((k) => k.includes(half.replace('/', '~')))).toEqual([]);
    expect(existsSync(join(root, kept!.storageKey))).toBe(true);
    expect(existsSync(journal)).toBe(false);
  });

  it('adds a batch all or nothing: one bad name stores none of it', async () => {
    const project = (await h.server.ctx.store.getProjectByAlias('svc'))!;
    const before = await h.server.ctx.store.countAssets({ projectId: project.id, publicOnly: false });
    const files = [
      { name: 'good.txt', stream: Readable.from([Buffer.from('a')]) },
      { name: '..', stream: Readable.from([Buffer.from('b')]) },
    ];
    await expect(h.server.ctx.assets.add(project, files, true)).rejects.toThrow(/usable name/);
    expect(await h.server.ctx.store.countAssets({ projectId: project.id, publicOnly: false })).toBe(before);
  });
});
