import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FileLayerType } from '@orbis/scene';
import { boundedLines } from '../formats/bounded-lines.js';
import { geojsonSeqFeature } from '../formats/geojsonseq-reader.js';
import type { Feature, Geometry } from '../formats/vector-features.js';
import { readOffThread } from '../formats/vector-read-thread.js';
import { InputError } from '../input-error.js';
import type { Field } from '@orbis/content-model';
import { firstGeometryField } from './field.js';
import type { ImportRow } from './import-rows.js';
import { MAX_ITEM_BYTES } from './item-validator.js';

/**
 * The most bytes one line of a GeoJSON sequence import may hold: an item's 1 MiB (docs/contract.md §10) and
 * room for what an item does not keep (the Feature's wrapper), as a JSON import's element.
 */
const MAX_LINE_BYTES = MAX_ITEM_BYTES + 1024;

/**
 * The model field each attribute name goes to: the field of that key, else the one whose key or
 * name is the same ignoring case. Attributes no field matches are left out: a GIS file carries
 * whatever columns its author had.
 */
function fieldMatcher(fields: Field[]): (attribute: string) => string | undefined {
  const byKey = new Set(fields.map((f) => f.key));
  const folded = new Map<string, string>();
  for (const f of fields) for (const n of [f.key, f.name]) if (n && !folded.has(n.toLowerCase())) folded.set(n.toLowerCase(), f.key);
  return (attribute) => (byKey.has(attribute) ? attribute : folded.get(attribute.toLowerCase()));
}

function rowOf(feature: Feature<Geometry | null>, n: number, fields: Field[], match: (a: string) => string | undefined): ImportRow {
  const row = `feature ${n}`;
  const values: Record<string, unknown> = {};
  for (const [attribute, value] of Object.entries(feature.properties ?? {})) {
    const key = match(attribute);
    if (key !== undefined && value !== null && value !== '') values[key] = value;
  }
  if (feature.geometry) {
    const geometry = firstGeometryField(fields);
    if (!geometry) throw new InputError(row, `${row}: the model has no geometry field for the feature's geometry`);
    values[geometry.key] = feature.geometry;
  }
  return { row, values };
}

/**
 * The rows of an import of a GIS file (docs/contract.md §13): a GeoJSON sequence read line by line as it
 * streams in; a shapefile's zip, a GeoPackage or a FlatGeobuf read whole, in a worker thread with
 * bounded memory and time (vector-read-thread.ts; their readers need the
 * whole file: a zip's directory is at its end), every position in WGS84. Attributes go to the
 * fields of the same name, the geometry to the model's first geometry field.
 */
export async function* vectorRows(type: FileLayerType, name: string, body: Readable, fields: Field[]): AsyncIterable<ImportRow> {
  const match = fieldMatcher(fields);
  if (type === 'geojsonseq') {
    let line = 0;
    let n = 0;
    for await (const text of boundedLines(name, body, MAX_LINE_BYTES)) {
      const feature = geojsonSeqFeature(name, text.replace(/^\uFEFF/, ''), ++line);
      if (feature) yield rowOf(feature, ++n, fields, match);
    }
    if (n === 0) throw new InputError('file', `${name}: the GeoJSON sequence holds no feature`);
    return;
  }
  const features = await readOffThread({ kind: 'vector', type, name, bytes: await buffer(body), output: 'features' });
  for (const [i, feature] of features.entries()) yield rowOf(feature, i + 1, fields, match);
}
