import { Transform } from 'node:stream';

/** Passes on bytes `start` to `end` (inclusive) of a stream and drops the rest. */
export function byteSlice(start: number, end: number): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(start - position, 0);
      const to = Math.min(end + 1 - position, chunk.length);
      position += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
