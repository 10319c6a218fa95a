// `npm run bench` runs its parts through runPart: a part that fails must stop the bench with the part's own words.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPart } from './children.js';

describe('runPart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orbis-bench-part-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = (name, code) => {
    const file = join(dir, name);
    writeFileSync(file, code);
    return file;
  };

  it('resolves with the seconds a part took when it ends well', async () => {
    const seconds = await runPart('fine', [script('fine.js', 'process.stderr.write("working\\n");')]);
    expect(seconds).toBeGreaterThan(0);
  });

  it('rejects with the part’s name, its exit code and its last words when it fails', async () => {
    const broken = script('broken.js', 'process.stderr.write("measuring\\n"); throw new Error("this.services.widgetPlace is not a function");');
    await expect(runPart('plugin bridge', [broken])).rejects.toThrow(
      /^the plugin bridge benchmark failed \(exit 1\):\n[\s\S]*Error: this\.services\.widgetPlace is not a function/,
    );
  });

  it('rejects when a part is killed', async () => {
    await expect(runPart('killed', [script('killed.js', 'process.kill(process.pid, "SIGKILL");')])).rejects.toThrow(/^the killed benchmark failed \(SIGKILL\)/);
  });
});
