import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressTree } from './precompress.js';

describe('precompressTree', () => {
  it('writes brotli and gzip copies of large text files only, once', async () => {
    const source = mkdtempSync(join(tmpdir(), 'orbis-precompress-'));
    const out = mkdtempSync(join(tmpdir(), 'orbis-precompressed-'));
    const script = `export const x = ${JSON.stringify('globe '.repeat(2000))};\n`;
    writeFileSync(join(source, 'big.js'), script);
    writeFileSync(join(source, 'small.js'), 'export {};\n');
    writeFileSync(join(source, 'image.png'), Buffer.alloc(5000, 1));
    const first = await precompressTree(source, out);
    expect(first).toMatchObject({ files: 1, bytes: script.length, written: 2 });
    expect(brotliDecompressSync(readFileSync(join(out, 'big.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(out, 'big.js.gz'))).toString()).toBe(script);
    expect(first.encodedBytes.br).toBe(readFileSync(join(out, 'big.js.br')).length);
    for (const name of ['small.js.br', 'image.png.br', 'image.png.gz']) expect(existsSync(join(out, name)), name).toBe(false);
    expect((await precompressTree(source, out)).written).toBe(0);
  });

  it('makes several copies at once, each once, and adds up what it wrote', async () => {
    const source = mkdtempSync(join(tmpdir(), 'orbis-precompress-'));
    const out = mkdtempSync(join(tmpdir(), 'orbis-precompressed-'));
    const scripts = Array.from({ length: 5 }, (_, i) => `export const x${i} = ${JSON.stringify(`globe ${i} `.repeat(2000))};\n`);
    scripts.forEach((script, i) => writeFileSync(join(source, `s${i}.js`), script));
    const report = await precompressTree(source, out, 3);
    expect(report).toMatchObject({ files: 5, bytes: scripts.reduce((n, s) => n + s.length, 0), written: 10 });
    const sizes = (suffix: string) => scripts.reduce((n, _, i) => n + readFileSync(join(out, `s${i}.js${suffix}`)).length, 0);
    expect(report.encodedBytes).toEqual({ br: sizes('.br'), gzip: sizes('.gz') });
    scripts.forEach((script, i) => expect(brotliDecompressSync(readFileSync(join(out, `s${i}.js.br`))).toString()).toBe(script));
    expect((await precompressTree(source, out, 3)).written).toBe(0);
  });
});
