// The tile worker (a worker thread): reads a GeoJSON file's bytes as the main thread sends them,
// builds the tile index, and answers tile requests, so that none of it blocks the server's event
// loop. It imports its neighbours by their `.ts` names: Node runs it from source in tests, and
// tsc rewrites them to `.js` in dist.
import { PassThrough } from 'node:stream';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { Feature } from 'geojson';
import { featuresOf, featuresOfDocument } from './geojson-stream.ts';
import { TileFeatures, TileMaker, tiledFeature } from './tile-maker.ts';
import type { TileReply, TileRequest, TileWorkerData } from './tile-protocol.ts';

/**
 * Files up to `wholeParseBytes` are parsed whole (JSON.parse, much faster); larger ones, up to any
 * size, as a stream, whose features may each span up to `maxFeatureBytes`.
 */
const { wholeParseBytes, maxFeatureBytes } = workerData as TileWorkerData;

const port = parentPort!;
const held: Uint8Array[] = [];
let heldBytes = 0;
let stream: PassThrough | undefined;
type Features = AsyncIterable<{ index: number; feature: Feature }> | Iterable<{ index: number; feature: Feature }>;
/**
 * The file's features, once it is known how they are read: in a box that is emptied as they are
 * taken, since the settled promise stays with `source`, and the iterator (a whole-parsed file's
 * generator) holds the parsed document even once it is done.
 */
const source = {} as { promise: Promise<{ features?: Features }>; resolve(features: Features): void; reject(err: unknown): void };
source.promise = new Promise((resolve, reject) => Object.assign(source, { resolve: (features: Features) => resolve({ features }), reject }));

async function build(): Promise<{ maker: TileMaker; count: number }> {
  // Points go into flat arrays as they are read: the file's features are not all held as objects.
  const gathered = new TileFeatures();
  const box = await source.promise;
  const features = box.features!;
  delete box.features;
  for await (const { index, feature } of features) gathered.add(tiledFeature(feature, index));
  return { maker: new TileMaker(gathered), count: gathered.count };
}

const built = build();
// Measured once `build` has returned, its frame (which held the features' iterator) gone.
const maker = built.then(({ maker, count }) => {
  port.postMessage({ type: 'ready', features: count, memoryBytes: memoryOf(maker) } satisfies TileReply);
  return maker;
});

/**
 * What keeping the index costs: the worker's heap once the parse's garbage is collected (V8's `gc`,
 * brought out for this one call), and the bytes the index keeps outside it, in typed arrays
 * (docs/viewer.md "Memory"). A worker's `execArgv` cannot carry `--expose-gc` (Node takes no V8
 * flags there), so the flag is set here, once the index is built.
 */
function memoryOf(maker: TileMaker): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return getHeapStatistics().used_heap_size + maker.byteLength;
}

maker.catch((err: unknown) => port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies TileReply));

const taken = (bytes: number) => () => port.postMessage({ type: 'taken', bytes } satisfies TileReply);

function received(bytes: Uint8Array): void {
  if (stream) {
    // Said once the parser has read it: the stream calls back only when its buffer has room.
    stream.write(bytes, taken(bytes.length));
    return;
  }
  held.push(bytes);
  heldBytes += bytes.length;
  if (heldBytes <= wholeParseBytes) return taken(bytes.length)();
  stream = new PassThrough();
  source.resolve(featuresOf(stream, maxFeatureBytes));
  const last = held.splice(0);
  for (const [i, chunk] of last.entries()) stream.write(chunk, i === last.length - 1 ? taken(bytes.length) : undefined);
}

function ended(): void {
  if (stream) stream.end();
  else {
    try {
      // TextDecoder drops a leading byte order mark, as the stream's reading does (json-elements.ts).
      source.resolve(featuresOfDocument(JSON.parse(new TextDecoder().decode(Buffer.concat(held.splice(0))))));
    } catch (err) {
      source.reject(err);
    }
  }
}

port.on('message', (request: TileRequest) => {
  if (request.type === 'bytes') received(request.bytes);
  else if (request.type === 'end') ended();
  else {
    maker.then(
      (m) => {
        const tile = m.tile(request.z, request.x, request.y);
        port.postMessage({ type: 'tile', id: request.id, ...(tile ? { bytes: tile } : {}) } satisfies TileReply, tile ? [tile.buffer as ArrayBuffer] : []);
      },
      () => undefined,
    );
  }
});
