// Runs in the tile worker too: no imports of this package's own files, so that Node can run it from
// its TypeScript source there (tiles/tile-worker.ts).
import { TokenParser, Tokenizer } from '@streamparser/json';

export interface JsonElementsOptions {
  /**
   * The most bytes one element may span: past it the element is refused as its bytes arrive,
   * before it is assembled (one element of 450 MB took 1.6 GB before an item check refused it).
   */
  maxElementBytes?: number;
  /** The error for element `index` (0-based) spanning more than `maxElementBytes`. */
  tooLarge?: (index: number) => Error;
}

/**
 * The elements of the array at `path` in a JSON document (`'$'`: the document itself;
 * `'$.features'`: a FeatureCollection's features), one at a time as the bytes arrive, each with its
 * index: a file too large for one string (V8 stops near 512 MiB) is read whole, in flat memory.
 * @streamparser/json reads about 3× faster than stream-json (docs/viewer.md, "Tiles"). A document
 * that is not JSON, is empty or ends early throws, and so does one with an object at `path`.
 */
export async function* jsonElements(bytes: AsyncIterable<Uint8Array | string>, path: string, options: JsonElementsOptions = {}): AsyncGenerator<{ key: number; value: unknown }> {
  // A tokenizer and a token parser wired as the library's JSONParser wires them, with a look at
  // each token's offset on the way.
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: [`${path}.*`], keepStack: false });
  let found: { key: number; value: unknown }[] = [];
  // Where the last token began, and where the element now arriving began (after the last one).
  let tokenAt = 0;
  let elementFrom = 0;
  let elements = 0;
  tokenizer.onToken = (token) => {
    tokenAt = token.offset;
    parser.write(token);
  };
  tokenizer.onEnd = () => parser.isEnded || parser.end();
  parser.onError = (err) => tokenizer.error(err);
  parser.onEnd = () => tokenizer.isEnded || tokenizer.end();
  parser.onValue = ({ key, value }) => {
    if (typeof key !== 'number') throw new Error(`${path.replace(/^\$\.?/, '') || 'the document'} is not an array`);
    found.push({ key, value });
    elementFrom = tokenAt;
    elements += 1;
  };
  const drain = () => {
    const out = found;
    found = [];
    return out;
  };
  let written = 0;
  for await (const chunk of bytes) {
    tokenizer.write(chunk);
    written += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    yield* drain();
    if (options.maxElementBytes !== undefined && written - elementFrom > options.maxElementBytes) {
      throw options.tooLarge?.(elements) ?? new Error(`element ${elements + 1} spans more than ${options.maxElementBytes} bytes`);
    }
  }
  // A whole document ends the parser by itself; one that has not ended is cut short (end throws) or empty.
  if (!(tokenizer.isEnded && parser.isEnded)) {
    tokenizer.end();
    throw new Error('the document is empty');
  }
  yield* drain();
}
