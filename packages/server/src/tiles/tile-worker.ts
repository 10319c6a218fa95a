// The tile worker (a worker thread): reads a GeoJSON file's bytes as the main thread sends them,
// builds the tile index, and answers tile requests, so that none of it blocks the server's event
// loop. It imports its neighbours by their `.ts` names: Node runs it from source in tests, and
// tsc rewrites them to `.js` in dist.
import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { Feature } from 'geojson';
import { featuresOf } from './geojson-stream.ts';
import { TileMaker, tiledFeature } from './tile-maker.ts';
import type { TileReply, TileRequest } from './tile-protocol.ts';

const port = parentPort!;
const bytes = new PassThrough();

async function build(): Promise<TileMaker> {
  const features: Feature[] = [];
  for await (const { index, feature } of featuresOf(bytes)) features.push(tiledFeature(feature, index));
  const maker = new TileMaker(features);
  port.postMessage({ type: 'ready', features: features.length } satisfies TileReply);
  return maker;
}

const maker = build();
maker.catch((err: unknown) => port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies TileReply));

port.on('message', (request: TileRequest) => {
  if (request.type === 'bytes') bytes.write(request.bytes);
  else if (request.type === 'end') bytes.end();
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
