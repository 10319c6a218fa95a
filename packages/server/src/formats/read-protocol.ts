import type { FileLayerType } from '@orbis/scene';
import type { VectorFeatures } from './vector-features.ts';

/**
 * What the read worker (vector-read-worker.ts) is asked: a GIS file of docs/contract.md §13 or a CSV whose
 * `column` holds WKT, its bytes, and what to give back: WGS84 GeoJSON text (every feature, and a
 * GeoPackage's tables, or one `table`), or the features themselves (an import).
 */
export type ReadJob = ({ kind: 'vector'; type: FileLayerType; table?: string } | { kind: 'wkt-csv'; column: string }) & {
  name: string;
  bytes: Uint8Array;
  output: 'geojson' | 'features';
};

/** The WGS84 GeoJSON texts of a file read: `all` its features, and a GeoPackage's by table. */
export interface GeojsonTexts {
  all: Uint8Array;
  tables?: [string, Uint8Array][];
}

/** The worker's one answer: what it read, or why it could not (an InputError's field and message, or another failure). */
export type ReadReply =
  | { type: 'geojson'; texts: GeojsonTexts }
  | { type: 'features'; features: VectorFeatures }
  | { type: 'refused'; field: string; message: string }
  | { type: 'failed'; message: string };
