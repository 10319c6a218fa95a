import { cartographicToCartesian } from '@orbis/geo';

/** One feature of a test tileset: where its square is centred and its properties (the batch table's row). */
export interface TilePoint {
  lng: number;
  lat: number;
  properties: Record<string, string | number>;
}

const HEIGHT = 1000;

/** Pads a JSON text with spaces so that what follows starts on an 8-byte boundary (3D Tiles 1.0). */
function paddedJson(value: unknown, startsAt: number): Buffer {
  const text = JSON.stringify(value);
  const end = startsAt + Buffer.byteLength(text);
  return Buffer.from(text + ' '.repeat((8 - (end % 8)) % 8));
}

/**
 * A 3D Tiles 1.0 tileset of one point-cloud tile (`points.pnts`) whose features are batches of
 * points with their properties in the batch table, so that each is a pickable feature: the smallest real
 * tileset with feature properties, built here because none ships with the tests.
 */
export function pointTileset(features: TilePoint[], squareDeg = 0.6, step = 0.02): { 'tileset.json': string; 'points.pnts': Buffer } {
  // CesiumJS styles a point cloud that has a batch table on the CPU (colour and show only, no
  // point size): each feature is a square of 1 px points dense enough to look and pick as one patch.
  const n = Math.round(squareDeg / step);
  const points: { lng: number; lat: number; batch: number }[] = [];
  features.forEach((f, batch) => {
    for (let i = 0; i <= n; i++)
      for (let j = 0; j <= n; j++) points.push({ lng: f.lng - squareDeg / 2 + i * step, lat: f.lat - squareDeg / 2 + j * step, batch });
  });
  // A kilometre up: points on the ellipsoid itself would fight the globe for depth.
  const positions = points.map((p) => cartographicToCartesian(p.lng, p.lat, HEIGHT)!);
  const centre = [0, 1, 2].map((axis) => positions.reduce((sum, q) => sum + q[axis]!, 0) / positions.length);
  const header = 28;
  // Batch ids make features (per-point properties without BATCH_ID become property attributes,
  // which picking does not return as features).
  const idsAt = points.length * 12;
  // White points: the style's colour multiplies theirs (CesiumJS's default is dark grey).
  const rgbAt = idsAt + points.length * 2;
  const featureJson = paddedJson(
    {
      POINTS_LENGTH: points.length,
      RTC_CENTER: centre,
      POSITION: { byteOffset: 0 },
      BATCH_LENGTH: features.length,
      BATCH_ID: { byteOffset: idsAt, componentType: 'UNSIGNED_SHORT' },
      RGB: { byteOffset: rgbAt },
    },
    header,
  );
  const featureBinary = Buffer.alloc(Math.ceil((rgbAt + points.length * 3) / 8) * 8);
  positions.forEach((q, i) => q.forEach((v, axis) => featureBinary.writeFloatLE(v - centre[axis]!, (i * 3 + axis) * 4)));
  points.forEach((p, i) => featureBinary.writeUInt16LE(p.batch, idsAt + i * 2));
  featureBinary.fill(255, rgbAt, rgbAt + points.length * 3);
  const names = [...new Set(features.flatMap((f) => Object.keys(f.properties)))];
  const batch = Object.fromEntries(names.map((name) => [name, features.map((f) => f.properties[name] ?? '')]));
  const batchJson = paddedJson(batch, header + featureJson.length + featureBinary.length);
  const body = Buffer.concat([featureJson, featureBinary, batchJson]);
  const head = Buffer.alloc(header);
  head.write('pnts', 0, 'ascii');
  head.writeUInt32LE(1, 4);
  head.writeUInt32LE(header + body.length, 8);
  head.writeUInt32LE(featureJson.length, 12);
  head.writeUInt32LE(featureBinary.length, 16);
  head.writeUInt32LE(batchJson.length, 20);
  head.writeUInt32LE(0, 24);
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  const region = [rad(Math.min(...lngs) - 0.1), rad(Math.min(...lats) - 0.1), rad(Math.max(...lngs) + 0.1), rad(Math.max(...lats) + 0.1), 0, 2 * HEIGHT];
  // CesiumJS draws nothing of a tileset whose own geometric error looks smaller than its
  // maximum screen-space error from where the camera is: this one is seen from thousands of km.
  const tileset = {
    asset: { version: '1.0' },
    geometricError: 1e7,
    root: { boundingVolume: { region }, geometricError: 0, refine: 'ADD', content: { uri: 'points.pnts' } },
  };
  return { 'tileset.json': JSON.stringify(tileset), 'points.pnts': Buffer.concat([head, body]) };
}
