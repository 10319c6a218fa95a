// `node bench/tiles-points-cut.js <index|geojson-vt> <file.geojson> <tiles as JSON [[z, x, y], …]>`, run by `tiles-large.js
// --points-index`, one process per cut so that each peak memory is its own: reads a GeoJSON file as
// the tile worker does (whole up to 128 MB, else as a stream), builds a tile index, cuts the first
// tiles, and prints one JSON line. `index`: the server's TileMaker (points from a kdbush index,
// other shapes by geojson-vt). `geojson-vt`: every feature in geojson-vt, as TileMaker cut tiles
// before the points had an index of their own (same options; tile-maker.test.ts shows the two give
// the same tiles, but for which point of a cell a thinned tile keeps: each tile's first here, the
// whole cell's first in TileMaker since its thinned levels, docs/viewer.md "Pyramids").
import { createReadStream, readFileSync, statSync } from 'node:fs';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';

const [way, path, tiles] = process.argv.slice(2);
const { TileMaker, TileFeatures, tiledFeature, BUFFER, THIN_ABOVE } = await import('../packages/server/dist/tiles/tile-maker.js');
const { featuresOf, featuresOfDocument } = await import('../packages/server/dist/tiles/geojson-stream.js');
const { MAX_TILE_ZOOM, TILE_LAYER } = await import('../packages/scene/dist/index.js');

const WHOLE_PARSE_BYTES = 128 * 1024 * 1024;

/** geojson-vt alone, as tile-maker.ts cut tiles before. */
class GeojsonVtOnly {
  constructor(features) {
    this.index = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 0, buffer: BUFFER, extent: 4096 });
  }

  tile(z, x, y) {
    const tile = this.index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) return undefined;
    let features = tile.features;
    const points = features.reduce((n, f) => n + (f.type === 1 ? f.geometry.length : 0), 0);
    if (z < MAX_TILE_ZOOM && points > THIN_ABOVE) {
      const taken = new Set();
      features = features.filter((f) => {
        if (f.type !== 1) return true;
        const [px, py] = f.geometry[0];
        const key = Math.floor(py / 32) * 130 + Math.floor(px / 32);
        return taken.has(key) ? false : (taken.add(key), true);
      });
    }
    return vtpbf.fromGeojsonVt({ [TILE_LAYER]: { features } }, { version: 2, extent: 4096 });
  }
}

const started = performance.now();
const source =
  statSync(path).size <= WHOLE_PARSE_BYTES ? featuresOfDocument(JSON.parse(readFileSync(path, 'utf8'))) : featuresOf(createReadStream(path), 256 * 1024 * 1024);
let maker;
let count = 0;
if (way === 'index') {
  const features = new TileFeatures();
  for await (const { index, feature } of source) features.add(tiledFeature(feature, index));
  count = features.count;
  maker = new TileMaker(features);
} else {
  const features = [];
  for await (const { index, feature } of source) features.push(tiledFeature(feature, index));
  count = features.length;
  maker = new GeojsonVtOnly(features);
}
const indexS = (performance.now() - started) / 1000;
const tileMs = {};
for (const [z, x, y] of JSON.parse(tiles)) {
  const at = performance.now();
  const bytes = maker.tile(z, x, y);
  tileMs[`z${z}`] = Math.round(performance.now() - at);
  tileMs[`z${z}Bytes`] = bytes?.length ?? 0;
}
// maxRSS: the process's peak resident memory, in kB.
console.log(
  JSON.stringify({ way, features: count, indexS: Math.round(indexS * 10) / 10, tileMs, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
);
