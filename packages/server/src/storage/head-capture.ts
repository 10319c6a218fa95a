import { Transform } from 'node:stream';
import { HEAD_BYTES } from './storage.js';

/** A Transform that counts bytes and keeps the first HEAD_BYTES of them. */
export function headCapture(): Transform & { size: number; head: () => Buffer } {
  const chunks: Buffer[] = [];
  let kept = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.size += chunk.length;
      if (kept < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - kept);
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  const state = Object.assign(t, { size: 0, head: () => Buffer.concat(chunks) });
  return state;
}
