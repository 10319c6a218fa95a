import type { FastifyReply, FastifyRequest } from 'fastify';
import { DERIVED_GEOJSON_PATH, derivedTablePath, isTile, MAX_TILE_ZOOM, TILES_PATH } from '@orbis/scene';
import { assetPrefix } from '../../assets/asset-service.js';
import type { Asset, Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { matchingEtag } from '../transport/etag.js';
import { fileOf, type ServedFile } from './served-file.js';

const TILE_PATH = new RegExp(`^${TILES_PATH}/(\\d{1,2})/(\\d{1,9})/(\\d{1,9})\\.pbf$`);
const GEOJSON = /^application\/(geo\+)?json\b/;
/**
 * How long a tile request waits for its file's index before it is answered 503 with Retry-After: a
 * large file takes minutes to index, and a browser has only six connections to a server.
 */
const TILE_WAIT_MS = 10_000;
const RETRY_AFTER_S = 5;

export interface TileCoordinates {
  z: number;
  x: number;
  y: number;
}

/** The tile a file path names (`orbis-tiles/{z}/{x}/{y}.pbf`), if it names one. */
export function tileOf(path: string): TileCoordinates | undefined {
  const match = TILE_PATH.exec(path);
  if (!match) return undefined;
  const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
  return { z, x, y };
}

/**
 * The GeoJSON an asset's tiles are cut from: the WGS84 file derived from a GIS file (of one of a
 * GeoPackage's tables with `table`), or the asset itself. Each derived file has its own tag (its
 * place among the asset's files), so a table's tiles are kept apart from the whole file's.
 */
function tiledFileOf(asset: Asset, table: string | undefined): ServedFile | undefined {
  if (table !== undefined) {
    const own = fileOf(asset, derivedTablePath(table));
    if (!own) throw new ApiError('not_found', `"${asset.name}" has no feature table "${table}" to cut into tiles`);
    return own;
  }
  const derived = fileOf(asset, DERIVED_GEOJSON_PATH);
  if (derived) return derived;
  return GEOJSON.test(asset.contentType) || /\.(geo)?json$/i.test(asset.name) ? fileOf(asset, asset.name) : undefined;
}

/**
 * Answers a vector tile of an asset (docs/contract.md §13), under the asset file's own access rules: the
 * Mapbox Vector Tile, or 204 when nothing lies in it. Tiles exist from zoom 0 to MAX_TILE_ZOOM.
 * `table` (the query's) picks a GeoPackage's table (`data.table`).
 */
export async function sendTile(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  project: Project,
  asset: Asset,
  requirePublic: boolean,
  tile: TileCoordinates,
  table: string | undefined,
): Promise<FastifyReply> {
  const file = tiledFileOf(asset, table);
  if (!file) throw new ApiError('not_found', `"${asset.name}" has no tiles: the server cuts tiles of GeoJSON and of the GIS files it reads`);
  const { z, x, y } = tile;
  if (!isTile(z, x, y) || z > MAX_TILE_ZOOM)
    throw new ApiError('not_found', `no tile ${z}/${x}/${y}: tiles go from zoom 0 to ${MAX_TILE_ZOOM}, and x and y below 2^zoom`);
  const etag = `"${file.etag}-${z}-${x}-${y}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', project.visibility === 'public' && requirePublic ? 'public, max-age=3600' : 'private, max-age=0, must-revalidate');
  reply.header('X-Content-Type-Options', 'nosniff');
  const matched = matchingEtag(request.headers['if-none-match'], etag);
  if (matched !== undefined) return reply.header('ETag', matched).code(304).send();
  let bytes: Buffer | 'pending';
  try {
    bytes = await ctx.tiles.tileWithin({ key: file.key, etag: file.etag, prefix: assetPrefix(asset) }, z, x, y, TILE_WAIT_MS);
  } catch (err) {
    request.log.warn({ err, asset: asset.id }, 'a tile could not be cut');
    throw new ApiError('not_found', `"${file.name}" could not be cut into tiles: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (bytes === 'pending') {
    reply.removeHeader('ETag');
    reply.header('Retry-After', String(RETRY_AFTER_S)).header('Cache-Control', 'no-store');
    throw new ApiError('unavailable', `"${file.name}" is still being cut into tiles: ask again in ${RETRY_AFTER_S} s`);
  }
  if (bytes.length === 0) return reply.code(204).send();
  return reply.type('application/vnd.mapbox-vector-tile').send(bytes);
}
