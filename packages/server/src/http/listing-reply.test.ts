import { describe, expect, it } from 'vitest';
import { recordFragment } from '../records/record-fragment.js';
import type { ListedRecord } from '../store/store.js';
import { CHUNK_CHARS, streamBody } from './listing-reply.js';

function fakeAsset(i: number): ListedRecord {
  const id = String(i).padStart(26, '0');
  const record = recordFragment({ id, name: `a${i}.json`, contentType: 'application/json', size: i, files: null, createdAt: '', updatedAt: '' });
  return { id, public: true, record };
}

describe('streamBody', () => {
  it('sends the first chunk long before the source is exhausted (memory does not grow with the list)', async () => {
    let pulled = 0;
    const total = 20_000;
    async function* source() {
      for (let i = 0; i < total; i++) {
        pulled += 1;
        yield fakeAsset(i);
      }
    }
    const chunks: string[] = [];
    const pulledAtChunk: number[] = [];
    for await (const chunk of streamBody(source(), (r) => r.record, (text) => text.replaceAll('\u0001', 'http://o/files/p'))) {
      chunks.push(chunk);
      pulledAtChunk.push(pulled);
    }
    expect(pulledAtChunk[0]).toBeLessThan(total / 10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(CHUNK_CHARS * 2);
    const body = JSON.parse(chunks.join(''));
    expect(body.totalCount).toBe(total);
    expect(body.results).toHaveLength(total);
    expect(body.results[total - 1].id).toBe(fakeAsset(total - 1).id);
    expect(body.results[total - 1].url).toBe(`http://o/files/p/${fakeAsset(total - 1).id}/a${total - 1}.json`);
  });

  it('writes a valid empty list', async () => {
    async function* none(): AsyncIterable<ListedRecord> {}
    let text = '';
    for await (const c of streamBody(none(), () => { throw new Error('unused'); })) text += c;
    expect(JSON.parse(text)).toEqual({ results: [], totalCount: 0 });
  });
});
