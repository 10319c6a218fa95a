import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonElements } from './json-elements.js';

/** The text cut into pieces of `size` bytes, as a stream delivers it (cuts land inside tokens and UTF-8 characters). */
async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function all(text: string, path: string, size = 3): Promise<{ key: number; value: unknown }[]> {
  const out = [];
  for await (const element of jsonElements(pieces(text, size), path)) out.push(element);
  return out;
}

describe('jsonElements', () => {
  it('gives the elements of the array at the path with their indexes, across any cut of the bytes', async () => {
    const doc = JSON.stringify({ type: 'FeatureCollection', bbox: [1, 2], features: [{ id: 'é', p: { a: [1, { b: 'x' }] } }, 7, null, 'süß'] });
    for (const size of [1, 2, 5, 1000]) {
      expect(await all(doc, '$.features', size)).toEqual([
        { key: 0, value: { id: 'é', p: { a: [1, { b: 'x' }] } } },
        { key: 1, value: 7 },
        { key: 2, value: null },
        { key: 3, value: 'süß' },
      ]);
    }
    expect(await all('[{"a":1}, [2]]\n', '$')).toEqual([{ key: 0, value: { a: 1 } }, { key: 1, value: [2] }]);
  });

  it('throws for an object at the path, and gives nothing for a document without it', async () => {
    await expect(all('{"features":{"a":1}}', '$.features')).rejects.toThrow('features is not an array');
    await expect(all('{"a":1}', '$')).rejects.toThrow('the document is not an array');
    expect(await all('{"type":"FeatureCollection"}', '$.features')).toEqual([]);
  });

  it('throws for a document that is not JSON, is empty, ends early or goes on after its end', async () => {
    await expect(all('nope', '$.features')).rejects.toThrow(/not valid JSON/);
    await expect(all('  \n', '$.features')).rejects.toThrow('the document is empty');
    await expect(all('{"features":[{"type":', '$.features')).rejects.toThrow(/ended in mid-parsing/);
    await expect(all('{"features":[1]} {}', '$.features')).rejects.toThrow(/Unexpected/);
  });

  it('reads what JSON.parse reads, whatever the values, their strings\' escapes and where the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue()), fc.jsonValue(), fc.integer({ min: 1, max: 40 }), async (features, around, size) => {
        const doc = JSON.stringify({ 'a"\\': around, features, z: [around] });
        const expected = (JSON.parse(doc) as { features: unknown[] }).features.map((value, key) => ({ key, value }));
        expect(await all(doc, '$.features', size)).toEqual(expected);
        expect(await all(JSON.stringify(features), '$', size)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an element past maxElementBytes as it arrives, and commas without an element', async () => {
    const big = JSON.stringify({ features: [{ a: 1 }, { b: 'x'.repeat(100) }] });
    const read = async () => {
      for await (const _ of jsonElements(pieces(big, 16), '$.features', { maxElementBytes: 50, tooLarge: (i) => new Error(`element ${i} too large`) }));
    };
    await expect(read()).rejects.toThrow('element 1 too large');
    await expect(all('{"features":[1,,2]}', '$.features')).rejects.toThrow(/Unexpected ","/);
    await expect(all('{"features":[1,]}', '$.features')).rejects.toThrow(/Unexpected "\]"/);
    await expect(all('{"features":[1 2]}', '$.features')).rejects.toThrow(/Unexpected "2"/);
  });
});
