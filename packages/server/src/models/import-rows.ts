import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { LOOKS_LIKE_WKT, wktGeometry } from '../formats/wkt-geometry.js';
import { jsonElements } from '../json-elements.js';
import { InputError } from '../input-error.js';
import { MAX_ITEM_BYTES } from './item-validator.js';
import type { Field } from '@orbis/content-model';
import { firstGeometryField } from './field.js';
import { unguarded } from './item-export.js';

/** One row of an import: its values, and how the 400 of a bad one names it. */
export interface ImportRow {
  row: string;
  values: unknown;
  /** The row's own visibility (a project import's items carry theirs); else the import's. */
  public?: boolean;
}

/**
 * The most bytes one element of a JSON import may span: an item's 1 MiB (docs/contract.md §10) and room for
 * what an item does not keep (a Feature's `type`, `properties` and `geometry` keys, whitespace).
 */
const MAX_ELEMENT_BYTES = MAX_ITEM_BYTES + 1024;

/** Keys an exported record carries that an import leaves to the service. */
const SERVICE_KEYS = new Set(['id', 'createdAt', 'updatedAt']);

function withoutServiceKeys(values: unknown): unknown {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (!SERVICE_KEYS.has(k)) out[k] = v;
  return out;
}

/** A body stream whose first non-blank character is known, and the stream itself, whole again. */
async function peek(body: Readable): Promise<{ first: string; stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(Buffer.from(next.value as Buffer));
    // A character cut across chunks (a byte order mark's, say) waits for its other bytes.
    const text = new TextDecoder().decode(Buffer.concat(head), { stream: true }).trimStart();
    if (text !== '') {
      async function* rest() {
        yield* head;
        for (let n = await iterator.next(); !n.done; n = await iterator.next()) yield n.value as Buffer;
      }
      return { first: text[0]!, stream: Readable.from(rest()) };
    }
  }
  throw new InputError('body', 'the import body is empty');
}

/**
 * The rows of a JSON import, parsed as a stream (json-elements.ts): a JSON array of field objects, or
 * a GeoJSON FeatureCollection whose features' properties are the fields and whose geometry goes
 * to the model's first geometry field.
 */
export async function* jsonRows(body: Readable, fields: Field[]): AsyncIterable<ImportRow> {
  const { first, stream } = await peek(body);
  if (first !== '[' && first !== '{') throw new InputError('body', 'a JSON import is an array of field objects or a GeoJSON FeatureCollection');
  const isCollection = first === '{';
  const geometry = firstGeometryField(fields);
  try {
    const label = isCollection ? 'feature' : 'row';
    const tooLarge = (index: number) =>
      new InputError(
        `${label} ${index + 1}`,
        `${label} ${index + 1}: an item's JSON is at most ${MAX_ITEM_BYTES} bytes; this one has more than ${MAX_ELEMENT_BYTES}`,
      );
    for await (const { key, value } of jsonElements(stream, isCollection ? '$.features' : '$', { maxElementBytes: MAX_ELEMENT_BYTES, tooLarge })) {
      if (!isCollection) {
        yield { row: `row ${key + 1}`, values: withoutServiceKeys(value) };
        continue;
      }
      const feature = value as { type?: unknown; properties?: unknown; geometry?: unknown };
      const row = `feature ${key + 1}`;
      if (typeof feature !== 'object' || feature === null || feature.type !== 'Feature') throw new InputError(row, `${row}: not a GeoJSON Feature`);
      const values = { ...((withoutServiceKeys(feature.properties ?? {}) as object) ?? {}) } as Record<string, unknown>;
      if (feature.geometry !== null && feature.geometry !== undefined) {
        if (!geometry) throw new InputError(row, `${row}: the model has no geometry field for the feature's geometry`);
        values[geometry.key] = feature.geometry;
      }
      yield { row, values };
    }
  } catch (err) {
    if (err instanceof InputError || (err as { statusCode?: number }).statusCode === 413) throw err;
    throw new InputError('body', `the JSON could not be read: ${(err as Error).message}`);
  }
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A CSV cell as a value of `field`: what `.csv` exports turned back (a cell a formula guard prefixed loses its `'`). */
function fromCell(field: Field, cell: string): unknown {
  if (field.multiple || field.type === 'group') return parseJson(cell);
  switch (field.type) {
    case 'integer':
    case 'number':
      return NUMBER.test(cell) ? Number(cell) : cell;
    case 'bool':
    case 'checkbox':
      return cell === 'true' ? true : cell === 'false' ? false : cell;
    case 'geometry':
      return /^\s*\{/.test(cell) ? parseJson(cell) : wktOrCell(field, cell);
    default:
      return unguarded(cell);
  }
}

/**
 * A geometry cell that is not GeoJSON: its WKT (docs/contract.md §13, as spreadsheets carry it). A cell that
 * reads as WKT but is not WGS84 WKT is an error saying why; any other cell is left for the item
 * check to refuse.
 */
function wktOrCell(field: Field, cell: string): unknown {
  if (!LOOKS_LIKE_WKT.test(cell)) return cell;
  try {
    return wktGeometry(cell.trim());
  } catch (err) {
    throw new InputError(field.key, `field "${field.key}" is not a WGS84 WKT geometry (${(err as Error).message}): "${cell.slice(0, 60)}"`);
  }
}

function parseJson(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/**
 * The rows of a CSV import, parsed as a stream (csv-parse): a header row of field keys (as `.csv`
 * writes it: a Point as `{key}_lng`, `{key}_lat`), then one item per record. A geometry cell holds
 * GeoJSON (as `.csv` writes it) or WKT. Empty cells are empty fields.
 */
export async function* csvRows(body: Readable, fields: Field[]): AsyncIterable<ImportRow> {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  // A record past an item's size is refused as its characters pass the bound, not held whole first.
  const parser = body.pipe(parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: false, max_record_size: MAX_ELEMENT_BYTES }));
  body.once('error', (err) => parser.destroy(err));
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      n += 1;
      const values: Record<string, unknown> = {};
      const points = new Map<string, { lng?: string; lat?: string }>();
      for (const [column, cell] of Object.entries(record)) {
        if (cell === '' || SERVICE_KEYS.has(column)) continue;
        const axis = /^(.+)_(lng|lat)$/.exec(column);
        if (axis && byKey.get(axis[1]!)?.type === 'geometry') {
          const point = points.get(axis[1]!) ?? {};
          point[axis[2] as 'lng' | 'lat'] = cell;
          points.set(axis[1]!, point);
          continue;
        }
        const field = byKey.get(column);
        try {
          values[column] = field ? fromCell(field, cell) : cell;
        } catch (err) {
          throw err instanceof InputError ? new InputError(`row ${n}`, `row ${n}, ${err.message}`) : err;
        }
      }
      for (const [key, { lng, lat }] of points) {
        values[key] = { type: 'Point', coordinates: [NUMBER.test(lng ?? '') ? Number(lng) : lng, NUMBER.test(lat ?? '') ? Number(lat) : lat] };
      }
      yield { row: `row ${n}`, values };
    }
  } catch (err) {
    if (err instanceof InputError || (err as { statusCode?: number }).statusCode === 413) throw err;
    throw new InputError('body', `the CSV could not be read after row ${n}: ${(err as Error).message}`);
  }
}
