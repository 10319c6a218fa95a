import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/orbis.js', import.meta.url));

/** Runs the built CLI with `stdin` piped in; resolves with its exit code and output. */
function orbis(dataDir: string, stdin: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ORBIS_DATA_DIR: dataDir, ORBIS_ADMIN_TOKEN: '' } },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin!.end(stdin);
  });
}

describe('orbis user create, member add, audit (docs/contract.md §12)', { timeout: 120_000 }, () => {
  it('creates a user with the password from standard input, adds them to a project, and shows the audit log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-team-'));
    expect((await orbis(dataDir, '', 'project create', 'city')).code).not.toBe(0);
    expect((await orbis(dataDir, '', 'project', 'create', 'city')).code).toBe(0);
    const created = await orbis(dataDir, 'a long enough password\n', 'user', 'create', 'Ana@example.org', '--name', 'Ana');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'Ana@example.org', name: 'Ana' });
    expect(created.stdout + created.stderr).not.toContain('a long enough password');
    const short = await orbis(dataDir, 'short\n', 'user', 'create', 'bo@example.org');
    expect(short.code).toBe(1);
    expect(short.stderr).not.toContain('short\n');

    const added = await orbis(dataDir, '', 'member', 'add', 'city', 'ana@example.org', '--role', 'writer');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ email: 'Ana@example.org', role: 'writer' });
    expect((await orbis(dataDir, '', 'member', 'add', 'city', 'ana@example.org', '--role', 'boss')).code).toBe(2);
    expect((await orbis(dataDir, '', 'member', 'add', 'city', 'nobody@example.org', '--role', 'reader')).code).toBe(1);

    // The CLI's key create and asset add are in the audit log too, as their HTTP twins are.
    const key = await orbis(dataDir, '', 'key', 'create', 'city', '--name', 'site');
    expect(key.code, key.stderr).toBe(0);
    const file = join(dataDir, 'note.txt');
    writeFileSync(file, 'hello');
    const asset = await orbis(dataDir, '', 'asset', 'add', 'city', file);
    expect(asset.code, asset.stderr).toBe(0);

    const audit = await orbis(dataDir, '', 'audit', 'city');
    expect(audit.code, audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout)).toEqual([
      expect.objectContaining({
        actor: { type: 'admin' },
        action: 'asset.upload',
        target: '/api/projects/city/assets',
        ip: 'cli',
        detail: { assets: (JSON.parse(asset.stdout) as { id: string }[])[0]!.id },
      }),
      expect.objectContaining({
        actor: { type: 'admin' },
        action: 'key.create',
        target: '/api/projects/city/keys',
        ip: 'cli',
        detail: { id: (JSON.parse(key.stdout) as { id: string }).id },
      }),
      // member.add records the role and who was added.
      expect.objectContaining({ actor: { type: 'admin' }, action: 'member.add', ip: 'cli', detail: { email: 'Ana@example.org', role: 'writer' } }),
    ]);
  });
});
