import { Compression, type TileType, zxyToTileId } from 'pmtiles';

/** One tile of an archive: where it is and its bytes. */
export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

/** What {@link writePmtiles} takes: the tiles (any order), their type, and the metadata JSON. */
export interface ArchiveSpec {
  tiles: ArchiveTile[];
  tileType: TileType;
  metadata?: Record<string, unknown>;
  /** West, south, east, north in degrees; the whole web Mercator world by default. */
  bounds?: [number, number, number, number];
  /** Longitude, latitude and zoom to open the archive at; the middle of the bounds at the least zoom by default. */
  center?: [number, number, number];
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/**
 * A PMTiles v3 archive of a few tiles, for tests: no npm package writes one (the `pmtiles` package
 * only reads, and Debian 12's GDAL predates its PMTiles driver), so this follows the spec's layout
 * (github.com/protomaps/PMTiles, spec/v3): a 127-byte header, one root directory, the metadata
 * JSON and the tiles, nothing compressed. The `pmtiles` package's reader is what checks it.
 */
export function writePmtiles(spec: ArchiveSpec): Uint8Array {
  const tiles = spec.tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const entries = tiles.map((t) => {
    const entry = { id: t.id, offset, length: t.data.length };
    offset += t.data.length;
    return entry;
  });
  // Entries: their count, then ids as deltas, run lengths, lengths, and offsets (0: right after the previous one).
  const directory = Uint8Array.from(
    varints([
      entries.length,
      ...entries.map((e, i) => e.id - (i ? entries[i - 1]!.id : 0)),
      ...entries.map(() => 1),
      ...entries.map((e) => e.length),
      ...entries.map((e, i) => (i ? 0 : e.offset + 1)),
    ]),
  );
  const metadata = new TextEncoder().encode(JSON.stringify(spec.metadata ?? {}));
  const zooms = tiles.map((t) => t.z);
  const [w, s, e, n] = spec.bounds ?? [-180, -85.051129, 180, 85.051129];
  const header = new DataView(new ArrayBuffer(127));
  new Uint8Array(header.buffer).set(new TextEncoder().encode('PMTiles'));
  header.setUint8(7, 3);
  const u64 = (at: number, v: number) => header.setBigUint64(at, BigInt(v), true);
  const directoryAt = 127;
  const metadataAt = directoryAt + directory.length;
  const tilesAt = metadataAt + metadata.length;
  u64(8, directoryAt);
  u64(16, directory.length);
  u64(24, metadataAt);
  u64(32, metadata.length);
  u64(40, tilesAt); // no leaf directories
  u64(48, 0);
  u64(56, tilesAt);
  u64(64, offset);
  u64(72, tiles.length);
  u64(80, tiles.length);
  u64(88, tiles.length);
  header.setUint8(96, 1); // clustered: tiles in id order
  header.setUint8(97, Compression.None);
  header.setUint8(98, Compression.None);
  header.setUint8(99, spec.tileType);
  header.setUint8(100, Math.min(...zooms));
  header.setUint8(101, Math.max(...zooms));
  const e7 = (at: number, degrees: number) => header.setInt32(at, Math.round(degrees * 1e7), true);
  e7(102, w);
  e7(106, s);
  e7(110, e);
  e7(114, n);
  const [centerLng, centerLat, centerZoom] = spec.center ?? [(w + e) / 2, (s + n) / 2, Math.min(...zooms)];
  header.setUint8(118, centerZoom);
  e7(119, centerLng);
  e7(123, centerLat);
  const archive = new Uint8Array(tilesAt + offset);
  archive.set(new Uint8Array(header.buffer), 0);
  archive.set(directory, directoryAt);
  archive.set(metadata, metadataAt);
  for (const [i, t] of tiles.entries()) archive.set(t.data, tilesAt + entries[i]!.offset);
  return archive;
}

/** A source over an archive's bytes, as the `pmtiles` reader takes one (what HTTP Range would give). */
export function bytesSource(archive: Uint8Array) {
  return {
    getKey: () => 'bytes',
    getBytes: async (offset: number, length: number) => ({ data: archive.slice(offset, offset + length).buffer }),
  };
}
