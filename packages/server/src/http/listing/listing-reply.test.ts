import { describe, expect, it } from 'vitest';
import { recordFragment } from '../../records/record-fragment.js';
import type { JoinedBatch } from '../../store/store.js';
import { CHUNK_CHARS, streamBody } from './listing-reply.js';

function fakeRecord(i: number): string {
  const id = String(i).padStart(26, '0');
  return recordFragment({ id, name: `a${i}.json`, contentType: 'application/json', size: i, files: null, createdAt: '', updatedAt: '' });
}

/** `total` fake records in joined batches of `size`, counting how many were pulled. */
function batches(total: number, size: number, pulled: { count: number }): AsyncIterable<JoinedBatch> {
  return (async function* () {
    for (let from = 0; from < total; from += size) {
      const records = Array.from({ length: Math.min(size, total - from) }, (_, k) => fakeRecord(from + k));
      pulled.count += records.length;
      yield { json: records.join(','), count: records.length };
    }
  })();
}

describe('streamBody', () => {
  it('sends the first chunk long before the source is exhausted (memory does not grow with the list)', async () => {
    const pulled = { count: 0 };
    const total = 20_000;
    const chunks: string[] = [];
    const pulledAtChunk: number[] = [];
    for await (const chunk of streamBody(batches(total, 100, pulled), (text) => text.replaceAll('\u0001', 'http://o/files/p'))) {
      chunks.push(chunk);
      pulledAtChunk.push(pulled.count);
    }
    expect(pulledAtChunk[0]).toBeLessThan(total / 10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(CHUNK_CHARS * 2);
    const body = JSON.parse(chunks.join(''));
    expect(body.totalCount).toBe(total);
    expect(body.results).toHaveLength(total);
    expect(body.results[total - 1].id).toBe(String(total - 1).padStart(26, '0'));
    expect(body.results[total - 1].url).toBe(`http://o/files/p/${String(total - 1).padStart(26, '0')}/a${total - 1}.json`);
  });

  it('joins batches exactly as one join of every record, whatever the batch size', async () => {
    const total = 1_234;
    const whole = `{"results":[${Array.from({ length: total }, (_, i) => fakeRecord(i)).join(',')}],"totalCount":${total}}`;
    for (const size of [1, 7, 1000, 5000]) {
      let text = '';
      for await (const c of streamBody(batches(total, size, { count: 0 }))) text += c;
      expect(text).toBe(whole);
    }
  });

  it('writes a valid empty list', async () => {
    let text = '';
    for await (const c of streamBody(batches(0, 10, { count: 0 }))) text += c;
    expect(JSON.parse(text)).toEqual({ results: [], totalCount: 0 });
  });
});
