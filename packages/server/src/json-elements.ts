// Runs in the tile worker too: no imports of this package's own files, so that Node can run it from
// its TypeScript source there (tiles/tile-worker.ts).
import { JSONParser } from '@streamparser/json';

/**
 * The elements of the array at `path` in a JSON document (`'$'`: the document itself;
 * `'$.features'`: a FeatureCollection's features), one at a time as the bytes arrive, each with its
 * index: a file too large for one string (V8 stops near 512 MiB) is read whole, in flat memory.
 * @streamparser/json reads about 3× faster than stream-json (docs/viewer.md, "Tiles"). A document
 * that is not JSON, is empty or ends early throws, and so does one with an object at `path`.
 */
export async function* jsonElements(bytes: AsyncIterable<Uint8Array | string>, path: string): AsyncGenerator<{ key: number; value: unknown }> {
  const parser = new JSONParser({ paths: [`${path}.*`], keepStack: false });
  let found: { key: number; value: unknown }[] = [];
  parser.onValue = ({ key, value }) => {
    if (typeof key !== 'number') throw new Error(`${path.replace(/^\$\.?/, '') || 'the document'} is not an array`);
    found.push({ key, value });
  };
  const drain = () => {
    const out = found;
    found = [];
    return out;
  };
  for await (const chunk of bytes) {
    parser.write(chunk);
    yield* drain();
  }
  // A whole document ends the parser by itself; one that has not ended is cut short (end throws) or empty.
  if (!parser.isEnded) {
    parser.end();
    throw new Error('the document is empty');
  }
  yield* drain();
}
