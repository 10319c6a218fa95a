import { PMTILES_CONTENT_TYPE } from '@orbis/scene';

/** Content types by file extension, for formats with no reliable magic bytes. */
const BY_EXTENSION: Record<string, string> = {
  geojson: 'application/geo+json',
  czml: 'application/vnd.czml+json',
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
  kmz: 'application/vnd.google-earth.kmz',
  gltf: 'model/gltf+json',
  glb: 'model/gltf-binary',
  zip: 'application/zip',
  shz: 'application/zip',
  gpkg: 'application/geopackage+sqlite3',
  fgb: 'application/flatgeobuf',
  geojsonl: 'application/geo+json-seq',
  geojsons: 'application/geo+json-seq',
  geojsonseq: 'application/geo+json-seq',
  ndjson: 'application/geo+json-seq',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  pdf: 'application/pdf',
  b3dm: 'application/octet-stream',
  i3dm: 'application/octet-stream',
  pnts: 'application/octet-stream',
  cmpt: 'application/octet-stream',
  subtree: 'application/octet-stream',
  pmtiles: PMTILES_CONTENT_TYPE,
};

const OCTET = 'application/octet-stream';

function startsWith(head: Buffer, bytes: number[], at = 0): boolean {
  return bytes.every((b, i) => head[at + i] === b);
}

/** The type that a file's leading bytes prove, if any. */
function byMagic(head: Buffer): string | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x67, 0x6c, 0x54, 0x46])) return 'model/gltf-binary';
  if (startsWith(head, [0x66, 0x67, 0x62, 0x03])) return BY_EXTENSION.fgb;
  if (head.subarray(0, 7).toString('latin1') === 'PMTiles') return BY_EXTENSION.pmtiles;
  if (head.subarray(0, 16).toString('latin1') === 'SQLite format 3\0') return 'application/vnd.sqlite3';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  return undefined;
}

/** The type of a JSON or XML text from what it says about itself. */
function byText(head: Buffer): string | undefined {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return /<kml[\s>]/.test(text) ? BY_EXTENSION.kml : undefined;
  if (text.startsWith('[') && /"id"\s*:\s*"document"/.test(text)) return BY_EXTENSION.czml;
  if (!text.startsWith('{')) return undefined;
  if (/"type"\s*:\s*"(FeatureCollection|Feature)"/.test(text)) return BY_EXTENSION.geojson;
  if (/"asset"\s*:/.test(text) && /"(scene|nodes|meshes|buffers)"\s*:/.test(text) && !/"geometricError"/.test(text)) {
    return BY_EXTENSION.gltf;
  }
  return 'application/json';
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The content type of an uploaded file, from its name and first bytes. Binary formats must show
 * their magic bytes (a `.png` that is not a PNG is `application/octet-stream`); text formats go by
 * extension, and by their content when the extension says nothing (`.json`, none).
 */
export function detectContentType(name: string, head: Buffer): string {
  const ext = extensionOf(name);
  const magic = byMagic(head);
  if (ext === 'kmz' && magic === 'application/zip') return BY_EXTENSION.kmz!;
  if (ext === 'gpkg' && magic === 'application/vnd.sqlite3') return BY_EXTENSION.gpkg!;
  if (magic) return magic;
  const claimed = BY_EXTENSION[ext];
  if (
    claimed &&
    [
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/gif',
      'model/gltf-binary',
      'application/zip',
      BY_EXTENSION.kmz,
      BY_EXTENSION.gpkg,
      BY_EXTENSION.fgb,
      BY_EXTENSION.pmtiles,
    ].includes(claimed)
  ) {
    return OCTET;
  }
  if (claimed) return claimed;
  if (ext === 'json' || ext === '') return byText(head) ?? (ext === 'json' ? 'application/json' : OCTET);
  return OCTET;
}
