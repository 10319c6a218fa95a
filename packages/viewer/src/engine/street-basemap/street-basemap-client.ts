import type { AssetFile } from '../property-mapping.js';
import type { StreetTileReply, StreetTileRequest } from './street-basemap-protocol.js';

interface Waiting {
  resolve: (image: ImageBitmap | Blob | undefined) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 0;

/** The one worker that paints every vector basemap's tiles, started when the first tile is asked for. */
function painterWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./street-basemap-worker.ts', import.meta.url), { type: 'module', name: 'street basemap' });
  worker.onmessage = (event: MessageEvent<StreetTileReply>) => {
    const reply = event.data;
    const asked = waiting.get(reply.id);
    if (!asked) return;
    waiting.delete(reply.id);
    if ('error' in reply) asked.reject(new Error(reply.error));
    else asked.resolve('image' in reply ? reply.image : undefined);
  };
  // A worker that could not start or died fails every tile it was asked for; the next tile starts another.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = undefined;
    for (const asked of waiting.values()) asked.reject(new Error(`the street basemap's painter stopped: ${event.message || 'it could not start'}`));
    waiting.clear();
  };
  return worker;
}

/**
 * Tile z/x/y of the vector PMTiles archive at `file`, painted as a street basemap: an ImageBitmap
 * for the globe, or a PNG for the editor's preview; undefined where the archive has no tile to draw it from.
 */
export function paintStreetTile(file: AssetFile, z: number, x: number, y: number, as: 'bitmap'): Promise<ImageBitmap | undefined>;
export function paintStreetTile(file: AssetFile, z: number, x: number, y: number, as: 'png'): Promise<Blob | undefined>;
export function paintStreetTile(file: AssetFile, z: number, x: number, y: number, as: StreetTileRequest['as']): Promise<ImageBitmap | Blob | undefined> {
  const id = nextId++;
  const request: StreetTileRequest = {
    id,
    archive: { url: new URL(file.url, location.href).href, ...(file.headers ? { headers: file.headers } : {}) },
    z,
    x,
    y,
    as,
  };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    painterWorker().postMessage(request);
  });
}
