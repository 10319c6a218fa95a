import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { checkJsonDepth } from '../json-depth.ts';
import { geometrySchema } from '../models/geometry-schema.ts';
import { LineSplitter } from './bounded-lines.ts';
import type { Feature, Geometry } from './vector-features.ts';
import { vectorFileError } from './vector-features.ts';

/**
 * The most bytes one line of a GeoJSON sequence layer may hold: far past any real feature (a
 * detailed country outline is a few MB), so that a line without end is refused before it is held
 * whole (docs/gis-files.md "Limits").
 */
export const MAX_GEOJSONSEQ_LINE_BYTES = 64 * 1024 * 1024;

/**
 * RFC 7946's geometry in WGS84, checked by the JSON Schema items are checked with (Ajv), one check
 * per geometry type so that an error speaks of the type the line says (a GeometryCollection's
 * members may be any type: it takes the whole schema). Its own Ajv rather than `json-input.ts`'s,
 * which loads @orbis/scene: this module runs in the read worker, started for every file (a second
 * of start-up saved per read).
 */
const ajv = new Ajv2020({ allErrors: false, strict: false });
const SCHEMAS = new Map<string, object>(
  geometrySchema.oneOf.map((branch) => {
    const type = branch.properties.type.const;
    return [type, type === 'GeometryCollection' ? geometrySchema : { $defs: geometrySchema.$defs, ...branch }];
  }),
);
/** Each type's check, compiled the first time a line of that type is read (Ajv takes a while to compile). */
const compiled = new Map<string, ValidateFunction>();

function checkOf(type: unknown): ValidateFunction | undefined {
  if (typeof type !== 'string' || !SCHEMAS.has(type)) return undefined;
  let check = compiled.get(type);
  if (!check) compiled.set(type, (check = ajv.compile(SCHEMAS.get(type)!)));
  return check;
}

/** `/coordinates/0` → `coordinates[0]`. */
function pathOf(error: ErrorObject): string {
  return error.instancePath
    .split('/')
    .slice(1)
    .reduce((path, seg) => (/^\d+$/.test(seg) ? `${path}[${seg}]` : `${path}.${seg}`), '');
}

function checked(name: string, line: number, geometry: unknown): Geometry | null {
  if (geometry === null) return null;
  const type = (geometry as { type?: unknown }).type;
  const check = checkOf(type);
  if (!check) throw vectorFileError(name, `line ${line}: the geometry's type must be one of ${[...SCHEMAS.keys()].join(', ')}`);
  if (check(geometry)) return geometry as Geometry;
  const error = check.errors![0]!;
  throw vectorFileError(name, `line ${line}: the geometry${pathOf(error)}: ${error.message} (a ${type}'s positions are WGS84 longitude, latitude[, height])`);
}

/**
 * One line of a GeoJSON text sequence (RFC 8142, its record separators allowed) or of
 * newline-delimited GeoJSON, as a Feature; `line` counts from 1. Blank lines give undefined. The
 * positions are WGS84 (RFC 7946), as GeoJSON's always are: a geometry is checked against the
 * GeoJSON schema (numbers, on the earth) and its depth bounded before anything walks it.
 */
export function geojsonSeqFeature(name: string, text: string, line: number): Feature<Geometry | null> | undefined {
  const trimmed = text.replace(/^\u001e/, '').trim();
  if (trimmed === '') return undefined;
  let value: { type?: unknown; geometry?: unknown; properties?: unknown; id?: unknown };
  try {
    value = JSON.parse(trimmed) as typeof value;
  } catch (err) {
    throw vectorFileError(name, `line ${line} is not JSON (a cut-off line?): ${(err as Error).message}`);
  }
  checkJsonDepth(value, `${name}: line ${line}`);
  if (value?.type === 'Feature') {
    const properties = value.properties ?? null;
    if (typeof properties !== 'object' || Array.isArray(properties))
      throw vectorFileError(name, `line ${line}: a Feature's properties must be an object or null`);
    return { ...(value as Feature), geometry: checked(name, line, value.geometry ?? null) } as Feature<Geometry | null>;
  }
  if (typeof value?.type === 'string' && SCHEMAS.has(value.type)) return { type: 'Feature', properties: {}, geometry: checked(name, line, value) };
  throw vectorFileError(name, `line ${line} is not a GeoJSON Feature or geometry`);
}

/** The features of a whole GeoJSON text sequence, each line at most `maxLineBytes`. */
export function readGeojsonSeq(name: string, bytes: Uint8Array, maxLineBytes = MAX_GEOJSONSEQ_LINE_BYTES): Feature<Geometry | null>[] {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const splitter = new LineSplitter(name, maxLineBytes);
  const features: Feature<Geometry | null>[] = [];
  let line = 0;
  for (const lines of [splitter.push(bytes.subarray(start)), splitter.end()]) {
    for (const text of lines) {
      const feature = geojsonSeqFeature(name, text, ++line);
      if (feature) features.push(feature);
    }
  }
  if (features.length === 0) throw vectorFileError(name, 'the GeoJSON sequence holds no feature');
  return features;
}
