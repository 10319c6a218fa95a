import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementsOf, jsonElements } from './json-elements.js';

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

/**
 * The bytes Buffer.concat and Buffer.from make while `read` runs (the ways to copy bytes into a new
 * buffer), the test's own copy of the document in `pieces` included.
 */
async function bytesCopied(read: () => Promise<unknown>): Promise<number> {
  const { concat, from } = Buffer;
  let copied = 0;
  Buffer.concat = (...args: Parameters<typeof concat>) => {
    const out = concat(...args);
    copied += out.length;
    return out;
  };
  Buffer.from = ((...args: Parameters<typeof from>) => {
    const out = from(...args);
    copied += out.length;
    return out;
  }) as typeof from;
  try {
    await read();
  } finally {
    Object.assign(Buffer, { concat, from });
  }
  return copied;
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
    expect(await all('[{"a":1}, [2]]\n', '$')).toEqual([
      { key: 0, value: { a: 1 } },
      { key: 1, value: [2] },
    ]);
  });

  it('throws for an object at the path, and gives nothing for a document without it', async () => {
    await expect(all('{"features":{"a":1}}', '$.features')).rejects.toThrow('features is not an array');
    await expect(all('{"a":1}', '$')).rejects.toThrow('the document is not an array');
  });

  it('throws at the end for a document without the array', async () => {
    await expect(all('{"type":"FeatureCollection"}', '$.features')).rejects.toThrow('the document has no "features" array');
    await expect(all('{"type":"Feature","features":1}', '$.features')).rejects.toThrow('the document has no "features" array');
    await expect(all('"features"', '$')).rejects.toThrow('the document is not an array');
    await expect(all('[1]', '$.features')).rejects.toThrow('the document has no "features" array');
  });

  it('reads an array of a document parsed whole as it reads the stream, with the same errors', async () => {
    const docs = [
      '{"type":"FeatureCollection","features":[{"a":1},2]}',
      '[1,[2]]',
      '{"type":"FeatureCollection"}',
      '{"features":{"a":1}}',
      '{"features":1}',
      '{"features":null}',
      '[{"features":[1]}]',
      '"features"',
      'null',
      '{"a":{"features":[1]}}',
    ];
    for (const path of ['$.features', '$']) {
      for (const doc of docs) {
        const streamed = await all(doc, path).then(
          (elements) => elements.map((e) => e.value),
          (err: Error) => err.message,
        );
        let parsed: unknown[] | string;
        try {
          parsed = elementsOf(JSON.parse(doc), path);
        } catch (err) {
          parsed = (err as Error).message;
        }
        expect(parsed, `${doc} at ${path}`).toEqual(streamed);
      }
    }
  });

  it('skips a byte order mark at the start, however the first chunks cut it', async () => {
    const features = [{ id: 'é', p: [1, '\uFEFF'] }, 2];
    const expected = features.map((value, key) => ({ key, value }));
    for (const size of [1, 2, 3]) {
      expect(await all(`\uFEFF${JSON.stringify({ type: 'FeatureCollection', features })}`, '$.features', size)).toEqual(expected);
      expect(await all(`\uFEFF${JSON.stringify(features)}`, '$', size)).toEqual(expected);
    }
    // Only at the start, and only whole.
    await expect(all(` \uFEFF[1]`, '$')).rejects.toThrow(/not valid JSON/);
    await expect(all(`\uFEFF\uFEFF[1]`, '$')).rejects.toThrow(/not valid JSON/);
    async function* cut() {
      yield Buffer.from([0xef, 0xbb, ...Buffer.from('[1]')]);
    }
    await expect(
      (async () => {
        for await (const _ of jsonElements(cut(), '$'));
      })(),
    ).rejects.toThrow(/not valid JSON: it begins with part of a byte order mark/);
  });

  it('copies an element arriving in many chunks a few times, not once per chunk', async () => {
    // One feature of 2 MB in chunks of 1 KiB: copying what was carried at each chunk would copy 1 GB.
    const coordinates = Array.from({ length: 60_000 }, (_, i) => [i / 7, -(i + 1) / 3]);
    const feature = { type: 'Feature', geometry: { type: 'Polygon', coordinates: [coordinates] }, properties: { s: 'x'.repeat(500_000) } };
    const doc = JSON.stringify({ type: 'FeatureCollection', features: [feature, 1] });
    expect(doc.length).toBeGreaterThan(2_000_000);
    let out: unknown[] = [];
    const copied = await bytesCopied(async () => (out = await all(doc, '$.features', 1024)));
    expect(out).toEqual([
      { key: 0, value: feature },
      { key: 1, value: 1 },
    ]);
    expect(copied).toBeLessThan(4 * doc.length);
  });

  it('reads a string value of the top object as it passes, and refuses a member name past 64 KiB', async () => {
    // A value of 2 MB before the features: read as a name, it would be carried and copied at each chunk.
    const doc = JSON.stringify({ description: 'd'.repeat(2_000_000), features: [{ a: 1 }] });
    let out: unknown[] = [];
    const copied = await bytesCopied(async () => (out = await all(doc, '$.features', 1024)));
    expect(out).toEqual([{ key: 0, value: { a: 1 } }]);
    expect(copied).toBeLessThan(4 * doc.length);
    expect(await all(JSON.stringify({ ['k'.repeat(60_000)]: 1, features: [1] }), '$.features', 1024)).toEqual([{ key: 0, value: 1 }]);
    await expect(all(JSON.stringify({ ['k'.repeat(70_000)]: 1, features: [1] }), '$.features', 1024)).rejects.toThrow(
      'a member name of the document spans more than 65536 bytes',
    );
    await expect(all(JSON.stringify({ ['k'.repeat(70_000)]: 1, features: [1] }), '$.features', 100_000)).rejects.toThrow(
      'a member name of the document spans more than 65536 bytes',
    );
    // The strings of a document that is an array are not names, however long.
    await expect(all(JSON.stringify(['s'.repeat(70_000)]), '$.features', 1024)).rejects.toThrow('the document has no "features" array');
  });

  it('throws for a document that is not JSON, is empty, ends early or goes on after its end', async () => {
    await expect(all('nope', '$.features')).rejects.toThrow(/not valid JSON/);
    await expect(all('  \n', '$.features')).rejects.toThrow('the document is empty');
    await expect(all('{"features":[{"type":', '$.features')).rejects.toThrow(/ended in mid-parsing/);
    await expect(all('{"features":[1]} {}', '$.features')).rejects.toThrow(/Unexpected/);
  });

  it("reads what JSON.parse reads, whatever the values, their strings' characters and escapes, the spaces and where the bytes are cut", async () => {
    // Strings of any code points (1 to 4 UTF-8 bytes, cut anywhere), and JSON's four spaces between tokens.
    const value = fc.oneof(fc.jsonValue({ stringUnit: 'binary' }), fc.jsonValue({ stringUnit: 'grapheme' }));
    const space = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.array(value), value, space, space, fc.integer({ min: 1, max: 40 }), async (features, around, indent, edge, size) => {
        const doc = edge + JSON.stringify({ 'a"\\': around, features, z: [around] }, null, indent) + edge;
        const expected = (JSON.parse(doc) as { features: unknown[] }).features.map((value, key) => ({ key, value }));
        expect(await all(doc, '$.features', size)).toEqual(expected);
        expect(await all(edge + JSON.stringify(features, null, indent) + edge, '$', size)).toEqual(expected);
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
