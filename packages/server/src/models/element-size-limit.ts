import { Transform, type TransformCallback } from 'node:stream';
import { InputError } from '../input-error.js';
import { MAX_ITEM_BYTES } from './item-validator.js';

/** One token of stream-json's parser. */
interface Token {
  name: string;
  value?: unknown;
}

/** Room for what an item does not keep of its element: a Feature's `type`, `properties` and `geometry` keys. */
const WRAPPER_CHARS = 1024;

const STARTS = new Set(['startObject', 'startArray']);
const ENDS = new Set(['endObject', 'endArray']);
const ELEMENT_STARTS = new Set(['startObject', 'startArray', 'startString', 'startNumber', 'nullValue', 'trueValue', 'falseValue']);

/**
 * Sits between stream-json's parser and the streamer of a top-level array's elements: counts the
 * characters of each element's keys, strings and numbers as their chunks stream past, and fails
 * as soon as one element holds more than an item may (SPEC §10's 1 MiB), before the element is
 * assembled: one element of 450 MB took 1.6 GB of memory before its item check refused it.
 * `label` names the element in the 400 (`row`, `feature`).
 */
export function elementSizeLimit(label: string, maxChars = MAX_ITEM_BYTES + WRAPPER_CHARS): Transform {
  let depth = 0;
  let index = 0;
  let chars = 0;
  return new Transform({
    objectMode: true,
    transform(token: Token, _encoding: BufferEncoding, done: TransformCallback) {
      // Depth 1 is inside the array: a token starting a value there starts the next element.
      if (depth === 1 && ELEMENT_STARTS.has(token.name)) {
        index += 1;
        chars = 0;
      }
      if (STARTS.has(token.name)) depth += 1;
      else if (ENDS.has(token.name)) depth -= 1;
      else if (token.name === 'stringChunk' || token.name === 'numberChunk') {
        chars += (token.value as string).length;
        if (chars > maxChars) {
          const row = `${label} ${index}`;
          return done(new InputError(row, `${row}: an item's JSON is at most ${MAX_ITEM_BYTES} bytes; this one has more than ${maxChars} characters`));
        }
      }
      return done(null, token);
    },
  });
}
