import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { byteSlice } from './byte-slice.js';

async function slice(chunks: string[], start: number, end: number): Promise<string> {
  const out = await Readable.from(chunks.map((c) => Buffer.from(c)))
    .pipe(byteSlice(start, end))
    .toArray();
  return Buffer.concat(out).toString();
}

describe('byteSlice', () => {
  it('keeps exactly the inclusive range across chunk borders', async () => {
    expect(await slice(['hello', ' ', 'world'], 0, 0)).toBe('h');
    expect(await slice(['hello', ' ', 'world'], 4, 6)).toBe('o w');
    expect(await slice(['hello', ' ', 'world'], 6, 100)).toBe('world');
    expect(await slice(['hello'], 5, 9)).toBe('');
  });
});
