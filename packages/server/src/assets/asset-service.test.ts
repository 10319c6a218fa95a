import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';

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
