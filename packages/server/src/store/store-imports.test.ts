import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The product files of a folder of src (tests and shared test suites aside), with what each imports of ours. */
function importsOf(folder: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const entry of readdirSync(join(SRC, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.(test|contract)\.ts$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    for (const m of readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      out.push({ file: relative(SRC, path), target: relative(SRC, resolve(dirname(path), m[1]!)) });
    }
  }
  return out;
}

describe('the layers below the domain', () => {
  it('store imports nothing of the domain: only itself and the stored record formats (records/)', () => {
    const upward = importsOf('store').filter(({ target }) => !/^(store|records)\//.test(target));
    expect(upward).toEqual([]);
  });

  it("records/ imports only itself and the store's types", () => {
    const upward = importsOf('records').filter(({ target }) => !/^records\//.test(target) && target !== 'store/store.js');
    expect(upward).toEqual([]);
  });
});
