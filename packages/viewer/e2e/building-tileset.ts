import { cartographicToCartesian } from '@orbis/geo';

/** One building of a test tileset: the centre of its square footprint and its attributes (its batch table row). */
export interface TileBuilding {
  lng: number;
  lat: number;
  properties: Record<string, string | number>;
}

/** Where the boxes stand: a kilometre up, so that their roofs never fight the globe for depth. */
const BASE = 1000;
const TOP = 2000;

/** Pads a buffer to a multiple of `to` bytes with `fill`. */
function padded(data: Buffer, to: number, fill: string | number): Buffer {
  const rest = (to - (data.length % to)) % to;
  return rest ? Buffer.concat([data, Buffer.alloc(rest, fill)]) : data;
}
const json = (value: unknown, to: number) => padded(Buffer.from(JSON.stringify(value)), to, ' ');
/** JSON padded with spaces so that what follows starts on an 8-byte boundary of the file (3D Tiles 1.0). */
function jsonAt(value: unknown, startsAt: number): Buffer {
  const text = Buffer.from(JSON.stringify(value));
  return Buffer.concat([text, Buffer.alloc((8 - ((startsAt + text.length) % 8)) % 8, ' ')]);
}

/**
 * A binary glTF (GLB) of one mesh of boxes: positions relative to `centre` (ECEF, written Y-up as
 * glTF wants: CesiumJS turns them back to Z-up), `_BATCHID` per vertex (3D Tiles 1.0 `b3dm`), no
 * normals, so that CesiumJS draws it unlit and the style's colour is what the screen shows.
 */
function boxesGlb(buildings: TileBuilding[], squareDeg: number, centre: number[]): Buffer {
  const positions: number[] = [];
  const ids: number[] = [];
  const indices: number[] = [];
  // Corners: 0–3 at the base, 4–7 at the top, going round the footprint; the walls and the roof.
  const faces = [
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [2, 3, 7, 6],
    [3, 0, 4, 7],
  ];
  buildings.forEach((b, batch) => {
    const first = positions.length / 3;
    const half = squareDeg / 2;
    const ring = [
      [b.lng - half, b.lat - half],
      [b.lng + half, b.lat - half],
      [b.lng + half, b.lat + half],
      [b.lng - half, b.lat + half],
    ];
    for (const height of [BASE, TOP])
      for (const [lng, lat] of ring) {
        const [x, y, z] = cartographicToCartesian(lng!, lat!, height)!.map((v, axis) => v - centre[axis]!) as [number, number, number];
        positions.push(x, z, -y);
        ids.push(batch);
      }
    for (const [a, b2, c, d] of faces) indices.push(first + a!, first + b2!, first + c!, first + a!, first + c!, first + d!);
  });
  const positionBytes = Buffer.from(new Float32Array(positions).buffer);
  const idBytes = Buffer.from(new Float32Array(ids).buffer);
  const indexBytes = padded(Buffer.from(new Uint16Array(indices).buffer), 4, 0);
  const bin = Buffer.concat([positionBytes, idBytes, indexBytes]);
  const axisRange = (axis: number, pick: (a: number, b: number) => number) => positions.filter((_, i) => i % 3 === axis).reduce(pick);
  const gltf = {
    asset: { version: '2.0', generator: 'orbis e2e building-tileset' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, _BATCHID: 1 }, indices: 2, material: 0, mode: 4 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1 }, doubleSided: true }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positionBytes.length, target: 34962 },
      { buffer: 0, byteOffset: positionBytes.length, byteLength: idBytes.length, target: 34962 },
      { buffer: 0, byteOffset: positionBytes.length + idBytes.length, byteLength: indices.length * 2, target: 34963 },
    ],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: positions.length / 3,
        type: 'VEC3',
        min: [0, 1, 2].map((a) => axisRange(a, Math.min)),
        max: [0, 1, 2].map((a) => axisRange(a, Math.max)),
      },
      { bufferView: 1, componentType: 5126, count: ids.length, type: 'SCALAR' },
      { bufferView: 2, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  const jsonChunk = json(gltf, 4);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + bin.length, 8);
  const chunk = (type: number, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, jsonChunk), chunk(0x004e4942, bin)]);
}

/**
 * A PLATEAU-shaped 3D Tiles 1.0 tileset: one `b3dm` tile of box buildings whose batch table holds
 * their attributes under PLATEAU's names (`gml_id`, `bldg:measuredHeight`, `bldg:usage`, …), as
 * PLATEAU's building tilesets do. Written here because no 3D Tiles or glTF writer is in the tree;
 * each box is `squareDeg` across, so that it shows from thousands of kilometres up.
 */
export function buildingTileset(buildings: TileBuilding[], squareDeg = 1): { 'tileset.json': string; 'buildings.b3dm': Buffer } {
  const corners = buildings.map((b) => cartographicToCartesian(b.lng, b.lat, BASE)!);
  const centre = [0, 1, 2].map((axis) => corners.reduce((sum, q) => sum + q[axis]!, 0) / corners.length);
  const header = 28;
  const featureJson = jsonAt({ BATCH_LENGTH: buildings.length, RTC_CENTER: centre }, header);
  const names = [...new Set(buildings.flatMap((b) => Object.keys(b.properties)))];
  const batchJson = jsonAt(Object.fromEntries(names.map((name) => [name, buildings.map((b) => b.properties[name] ?? null)])), header + featureJson.length);
  const glb = padded(boxesGlb(buildings, squareDeg, centre), 8, 0);
  const head = Buffer.alloc(header);
  head.write('b3dm', 0, 'ascii');
  head.writeUInt32LE(1, 4);
  head.writeUInt32LE(header + featureJson.length + batchJson.length + glb.length, 8);
  head.writeUInt32LE(featureJson.length, 12);
  head.writeUInt32LE(0, 16);
  head.writeUInt32LE(batchJson.length, 20);
  head.writeUInt32LE(0, 24);
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const lngs = buildings.map((b) => b.lng);
  const lats = buildings.map((b) => b.lat);
  const region = [
    rad(Math.min(...lngs) - squareDeg),
    rad(Math.min(...lats) - squareDeg),
    rad(Math.max(...lngs) + squareDeg),
    rad(Math.max(...lats) + squareDeg),
    0,
    TOP + 100,
  ];
  // As in point-tileset.ts: a large geometric error, so that the tile is drawn from far away.
  const tileset = {
    asset: { version: '1.0' },
    geometricError: 1e7,
    root: { boundingVolume: { region }, geometricError: 0, refine: 'ADD', content: { uri: 'buildings.b3dm' } },
  };
  return { 'tileset.json': JSON.stringify(tileset), 'buildings.b3dm': Buffer.concat([head, featureJson, batchJson, glb]) };
}
