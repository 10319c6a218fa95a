/// <reference lib="webworker" />
// The street basemap's worker (docs/contract.md §14, docs/viewer.md "Basemaps"): reads a vector PMTiles
// archive's tiles by HTTP Range, decodes and paints them off the page's thread, and hands back
// each tile as an image.
import { openPmtiles } from '../pmtiles-archive.js';
import type { ArchiveRef, StreetTileReply, StreetTileRequest } from './street-basemap-protocol.js';
import { openStreetPainter, type StreetPainter, TILE_SIZE } from './street-painter.js';

declare const self: DedicatedWorkerGlobalScope;

const painters = new Map<string, Promise<StreetPainter>>();
const lang = (self.navigator.language || 'en').split('-')[0]!;

function painterOf(archive: ArchiveRef): Promise<StreetPainter> {
  let painter = painters.get(archive.url);
  if (!painter) {
    painter = openStreetPainter(openPmtiles(archive), lang);
    // A failed open (the network, a 503) is not kept: the next tile opens the archive again.
    painter.catch(() => painters.delete(archive.url));
    painters.set(archive.url, painter);
  }
  return painter;
}

async function answer(request: StreetTileRequest): Promise<void> {
  const painter = await painterOf(request.archive);
  const canvas = new OffscreenCanvas(TILE_SIZE, TILE_SIZE);
  if (!(await painter.paint(request.z, request.x, request.y, canvas))) return reply({ id: request.id, absent: true });
  if (request.as === 'png') return reply({ id: request.id, image: await canvas.convertToBlob({ type: 'image/png' }) });
  // Upside down, as CesiumJS makes every imagery bitmap (`imageOrientation: "flipY"`) and turns it back.
  const image = await createImageBitmap(canvas, { imageOrientation: 'flipY' });
  reply({ id: request.id, image }, [image]);
}

function reply(message: StreetTileReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<StreetTileRequest>) => {
  answer(event.data).catch((err: unknown) => reply({ id: event.data.id, error: err instanceof Error ? err.message : String(err) }));
};
