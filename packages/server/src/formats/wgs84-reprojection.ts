import proj4, { type Converter, type ProjectionDefinition } from 'proj4';
import { type Geometry, mapPositions, type Position, type VectorFeatures, vectorFileError } from './vector-features.ts';

/** A file's coordinate reference system, as the file states it. */
export interface SourceCrs {
  /** Its WKT (a `.prj`, a GeoPackage's `definition`, a FlatGeobuf header's `wkt`). */
  wkt?: string;
  /** Its EPSG code, where the file gives one. */
  epsg?: number;
  /** How the error of an unreadable one names it. */
  label: string;
}

/**
 * EPSG codes whose positions are GeoJSON's longitude/latitude already: WGS84 (2D, 3D), and
 * JGD2011 and JGD2000 geographic, whose frames differ from WGS84 by centimetres to decimetres.
 */
const LONGITUDE_LATITUDE = new Set([4326, 4979, 6668, 4612]);

/**
 * Datum shifts to WGS84 that files leave out, by the datum's name in their WKT. A `.prj` of the old
 * Tokyo datum (EPSG:4301, and its plane zones EPSG:30161–30179) carries no `TOWGS84`, and GDAL's
 * WKT2 (a FlatGeobuf header) never does: without one its positions land 400–500 m off. The shift
 * is the one GDAL and PROJ pick for it (EPSG:15484, Japan-wide, good to about 9 m).
 */
const MISSING_SHIFTS: { datum: RegExp; towgs84: number[] }[] = [{ datum: /DATUM\[\s*"(D_)?Tokyo"/i, towgs84: [-146.414, 507.337, 680.507] }];

/** proj4's own name for the definition it parses here (its registry is where it parses WKT). */
const PARSED = 'ORBIS:file-crs';

/** The WKT as proj4 reads it, with its datum's known shift to WGS84 where the file leaves it out. */
function withKnownShift(wkt: string): string | InstanceType<typeof proj4.Proj> {
  const shift = /TOWGS84\[/i.test(wkt) ? undefined : MISSING_SHIFTS.find((s) => s.datum.test(wkt));
  if (!shift) return wkt;
  proj4.defs(PARSED, wkt);
  return new proj4.Proj({ ...proj4.defs(PARSED), datumCode: undefined, datum_params: shift.towgs84 } as ProjectionDefinition);
}

/** The range of a projected system's unit, in metres: from a tenth of a millimetre to a thousand kilometres. */
const UNIT_METRES = { min: 1e-4, max: 1e6 };

/**
 * Why a reference system proj4 reads cannot place a map's positions, or undefined when it can: a
 * geocentric system (x, y, z from the earth's centre, not a map's two coordinates), or a unit so
 * small or large (`+to_meter=1e-300`) that every position collapses to one point or off the earth.
 */
function degenerateWhy(parsed: InstanceType<typeof proj4.Proj>): string | undefined {
  const { projName, to_meter: toMeter } = parsed as { projName?: string; to_meter?: number };
  if (projName === 'geocent') return "it is geocentric (x, y, z from the earth's centre), not a map's longitude and latitude or easting and northing";
  if (toMeter !== undefined && !(toMeter >= UNIT_METRES.min && toMeter <= UNIT_METRES.max)) {
    return `its unit is ${toMeter} m, outside ${UNIT_METRES.min}–${UNIT_METRES.max} m: every position would collapse to one point or leave the earth`;
  }
  return undefined;
}

/**
 * The function that takes a position of `crs` to WGS84 longitude/latitude (proj4, from the
 * CRS's WKT), or undefined when the positions already are. Throws a 400 naming the CRS when
 * proj4 cannot read it.
 */
function transformOf(file: string, crs: SourceCrs): ((p: Position) => Position) | undefined {
  if (crs.epsg !== undefined && LONGITUDE_LATITUDE.has(crs.epsg)) return undefined;
  const definition = crs.wkt?.trim() || (crs.epsg === 3857 ? 'EPSG:3857' : undefined);
  if (!definition) throw vectorFileError(file, `its reference system ${crs.label} cannot be read: the file gives no definition of it (WKT) that Orbis can use`);
  let converter: Converter;
  let parsed: InstanceType<typeof proj4.Proj>;
  try {
    const source = withKnownShift(definition);
    parsed = typeof source === 'string' ? new proj4.Proj(source) : source;
    converter = proj4(source, 'WGS84');
  } catch (err) {
    const why = err instanceof Error && err.message ? `: ${err.message}` : '';
    throw vectorFileError(file, `its reference system ${crs.label} cannot be read${why} (${definition.slice(0, 120)})`);
  }
  const degenerate = degenerateWhy(parsed);
  if (degenerate) throw vectorFileError(file, `its reference system ${crs.label} cannot be used: ${degenerate} (${definition.slice(0, 120)})`);
  return (p) => {
    const [x, y] = converter.forward([p[0]!, p[1]!]);
    return p.length > 2 ? [x!, y!, p[2]!] : [x!, y!];
  };
}

function checkedPosition(file: string, crs: SourceCrs, p: Position): Position {
  const [lng, lat] = p;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng!) > 180 || Math.abs(lat!) > 90) {
    throw vectorFileError(
      file,
      `a position (${p.join(', ')}) is not on the earth in WGS84 once read in ${crs.label}: the file's reference system does not fit its coordinates`,
    );
  }
  return p;
}

/**
 * The features with every position in WGS84 longitude/latitude (proj4). Refuses a CRS it cannot
 * read, and positions that land off the earth (coordinates in metres with no `.prj`, say), so that
 * no layer is silently misplaced.
 */
export function toWgs84(file: string, features: VectorFeatures, crs: SourceCrs): VectorFeatures {
  const transform = transformOf(file, crs);
  // Whether positions that differ in the file still differ once reprojected: a system that maps
  // them all to one point (whatever its parameters) draws the layer as a dot, silently misplaced.
  let first: { from: Position; to: Position } | undefined;
  let fromVaries = false;
  let toVaries = false;
  const map = (p: Position) => {
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1]))
      throw vectorFileError(file, `a position (${p.join(', ')}) is not a pair of numbers: the file is corrupt or cut off`);
    const to = checkedPosition(file, crs, transform ? transform(p) : p);
    if (!first) first = { from: p, to };
    else {
      fromVaries ||= p[0] !== first.from[0] || p[1] !== first.from[1];
      toVaries ||= to[0] !== first.to[0] || to[1] !== first.to[1];
    }
    return to;
  };
  const mapped = features.map((f) => (f.geometry ? { ...f, geometry: mapPositions(f.geometry as Geometry, map) } : f));
  if (fromVaries && !toVaries) {
    throw vectorFileError(
      file,
      `its reference system ${crs.label} puts every position at one point (${first!.to.join(', ')}): it does not fit the file's coordinates`,
    );
  }
  return mapped;
}
