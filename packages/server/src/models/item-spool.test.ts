import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepStraySpools } from './item-spool.js';

describe('sweepStraySpools (issue 30)', () => {
  it('removes the spools of processes that are gone and keeps those of live ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'orbis-spools-'));
    // A process that has exited: its pid names no process now.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const spool = (pid: string) => {
      const path = join(dir, `orbis-import-${pid}-abc123`);
      mkdirSync(path);
      writeFileSync(join(path, 'items.ndjson'), '[true,{"n":1}]\n');
      return path;
    };
    const stray = spool(gone);
    const live = spool(String(process.pid));
    const other = join(dir, 'orbis-import-notapid');
    mkdirSync(other);
    expect(sweepStraySpools(dir)).toEqual([`orbis-import-${gone}-abc123`]);
    expect([existsSync(stray), existsSync(live), existsSync(other)]).toEqual([false, true, true]);
  });
});
