// The data-scale benchmark's layers: GeoJSON files built as text (a million features as objects
// would cost the bench's own process more than the file), their appearances and cameras.

/** The `kind` of each point, in turn; styled by conditions, each gets its own colour. */
export const KINDS = ['park', 'shop', 'school', 'station', 'office'];
const COLOURS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#cc79a7'];

/** Looking straight down on Japan from 2,500 km: every grid below fills about the middle of 640×480. */
export const CAMERA = { lng: 135, lat: 36, height: 2_500_000, heading: 0, pitch: -90, roll: 0 };

/**
 * `n` points on a square grid over 130–140°E, 31–41°N, each with an id, a `kind` and a `height`;
 * `more(i)` adds properties of its own (JSON text that begins with a comma).
 */
export function pointsFile(n, more = () => '') {
  const side = Math.ceil(Math.sqrt(n));
  const step = 10 / side;
  const parts = [];
  for (let i = 0; i < n; i++) {
    const lng = (130 + (i % side) * step).toFixed(5);
    const lat = (31 + Math.floor(i / side) * step).toFixed(5);
    parts.push(
      `{"type":"Feature","properties":{"id":${i},"kind":"${KINDS[i % KINDS.length]}","height":${(i * 37) % 5000}${more(i)}},"geometry":{"type":"Point","coordinates":[${lng},${lat}]}}`,
    );
  }
  return `{"type":"FeatureCollection","features":[${parts.join(',')}]}`;
}

/** `n` squares on the same grid, each 70% of its cell, with a `height` of 0 to 5,000 m to extrude by. */
function polygonsFile(n) {
  const side = Math.ceil(Math.sqrt(n));
  const step = 10 / side;
  const size = step * 0.7;
  const parts = [];
  for (let i = 0; i < n; i++) {
    const x = 130 + (i % side) * step;
    const y = 31 + Math.floor(i / side) * step;
    const ring = [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ]
      .map(([a, b]) => `[${a.toFixed(5)},${b.toFixed(5)}]`)
      .join(',');
    parts.push(`{"type":"Feature","properties":{"id":${i},"height":${1000 + ((i * 37) % 4000)}},"geometry":{"type":"Polygon","coordinates":[[${ring}]]}}`);
  }
  return `{"type":"FeatureCollection","features":[${parts.join(',')}]}`;
}

const CONDITIONS = {
  marker: {
    pointColor: { conditions: KINDS.map((kind, i) => [i === KINDS.length - 1 ? 'true' : `\${kind} === '${kind}'`, `color('${COLOURS[i]}')`]) },
  },
};

/**
 * The cases, in the order they are loaded within a round. `bare` names what the bare page draws
 * (none: the case is compared with another Orbis case); `timeoutMs` is generous, a load past it
 * is a timeout.
 */
export function dataScaleCases() {
  return [
    { name: 'points100k', features: 100_000, file: () => pointsFile(100_000), camera: CAMERA, bare: 'points', timeoutMs: 180_000 },
    { name: 'conditions100k', features: 100_000, file: () => pointsFile(100_000), camera: CAMERA, appearance: CONDITIONS, timeoutMs: 180_000 },
    {
      name: 'polygons100k',
      features: 100_000,
      file: () => polygonsFile(100_000),
      camera: CAMERA,
      appearance: { polygon: { extrudedHeight: { expression: '${height}' } } },
      bare: 'polygons',
      timeoutMs: 300_000,
    },
    { name: 'points1M', features: 1_000_000, file: () => pointsFile(1_000_000), camera: CAMERA, bare: 'points', is1M: true, timeoutMs: 300_000 },
    // docs/contract.md §18 `cluster` (issue 42): the same million points clustered by Orbis, the bare page drawing them all.
    {
      name: 'clustered1M',
      features: 1_000_000,
      file: () => pointsFile(1_000_000),
      camera: CAMERA,
      cluster: { enabled: true },
      bare: 'points',
      is1M: true,
      timeoutMs: 300_000,
    },
  ];
}
