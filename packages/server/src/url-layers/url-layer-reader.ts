import { createHash } from 'node:crypto';
import { type FileLayerType, isFileLayerType } from '@orbis/scene';
import { readOffThread } from '../formats/vector-read-thread.js';
import { InputError } from '../input-error.js';
import { fetchRemoteFile, type RemoteFileLimits } from './remote-file.js';

/** A GIS file named by URL, and what to draw of it (docs/contract.md §13). */
export interface UrlLayerSource {
  type: string;
  url: string;
  table?: string;
  wktColumn?: string;
}

/** A converted layer: its WGS84 GeoJSON and the ETag of that text. */
export interface ConvertedLayer {
  etag: string;
  geojson: string;
}

/** How long a converted file is answered again without reading its URL anew. */
const FRESH_MS = 5 * 60 * 1000;
/** How many converted files one process keeps. */
const KEPT = 16;

/** The file's name for messages and for the readers: the URL's last path segment. */
function nameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : url;
  } catch {
    return url;
  }
}

/**
 * Reads the GIS files that scene layers name by URL (shapefile zip, GeoPackage, FlatGeobuf,
 * GeoJSON sequence, CSV of WKT) with the same readers as an upload (in a worker thread, bounded in memory and time), reprojected to WGS84, and
 * keeps each answer for 5 minutes (the 16 latest, per process), so that a page's visitors do not
 * each make the server read the file again. A file that cannot be read is an `InputError`.
 */
export class UrlLayerReader {
  private readonly kept = new Map<string, { at: number; answer: Promise<ConvertedLayer> }>();

  constructor(
    private readonly limits: RemoteFileLimits,
    private readonly now: () => number = Date.now,
  ) {}

  read(source: UrlLayerSource): Promise<ConvertedLayer> {
    const key = JSON.stringify([source.type, source.url, source.table ?? null, source.wktColumn ?? null]);
    const found = this.kept.get(key);
    if (found && this.now() - found.at < FRESH_MS) return found.answer;
    const answer = this.convert(source);
    this.kept.delete(key);
    this.kept.set(key, { at: this.now(), answer });
    answer.catch(() => this.kept.get(key)?.answer === answer && this.kept.delete(key));
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
    }
    return answer;
  }

  private async convert(source: UrlLayerSource): Promise<ConvertedLayer> {
    const isCsv = source.type === 'csv';
    if (!isCsv && !isFileLayerType(source.type))
      throw new InputError('type', `type must be one of shapefile, geopackage, flatgeobuf, geojsonseq or csv, got "${source.type.slice(0, 40)}"`);
    if (isCsv && source.wktColumn === undefined) throw new InputError('wktColumn', 'a csv URL layer is converted only for its wktColumn');
    const bytes = await fetchRemoteFile(source.url, this.limits);
    const name = nameOf(source.url);
    const texts = isCsv
      ? await readOffThread({ kind: 'wkt-csv', column: source.wktColumn!, name, bytes, output: 'geojson' })
      : await readOffThread({ kind: 'vector', type: source.type as FileLayerType, table: source.table, name, bytes, output: 'geojson' });
    const geojson = Buffer.from(texts.all.buffer, texts.all.byteOffset, texts.all.byteLength).toString('utf8');
    return { geojson, etag: `"u${createHash('sha256').update(geojson).digest('base64url').slice(0, 27)}"` };
  }
}
