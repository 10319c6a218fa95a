/** The parts of shpjs 6 Orbis uses (it ships no typings). */
declare module 'shpjs' {
  import type { Geometry } from 'geojson';
  /** The geometries of a `.shp`, in its file's order (`null` for a null shape); `prj` reprojects (Orbis passes none). */
  export function parseShp(shp: Uint8Array | ArrayBuffer, prj?: string): (Geometry | null)[];
  /** The records of a `.dbf`, decoded with the TextDecoder label `cpg`. */
  export function parseDbf(dbf: Uint8Array | ArrayBuffer, cpg?: string): Record<string, unknown>[];
}
