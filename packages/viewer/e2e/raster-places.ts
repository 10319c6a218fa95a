import { readFileSync } from 'node:fs';
import proj4 from 'proj4';
import { writeRaster } from '../../server/src/test/raster-fixtures.js';
import { SAY } from './fixture.js';

/*
 * The raster browser tests' place (docs/rasters.md): a 40 km square in JGD2011 plane zone IX
 * (EPSG:6677) around Tokyo Station, 64 pixels of 625 m a side.
 */
const CENTRE_LNG = 139.767;
const CENTRE_LAT = 35.681;
proj4.defs('EPSG:6677', '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs');
export const CENTRE: [number, number] = [CENTRE_LNG, CENTRE_LAT];
const [cx, cy] = proj4('WGS84', 'EPSG:6677', CENTRE) as [number, number];
export const SIZE = 64;
export const PIXEL = 625;

/** A plugin that reports the globe's height 5 km west and east of the centre, loaded and sampled, every half second (terrain loads by view). */
export const HEIGHTS = `${SAY}
setInterval(() => {
  say('west', app.viewer.tools.getGlobeHeight(${CENTRE_LNG - 0.055}, ${CENTRE_LAT}));
  say('east', app.viewer.tools.getGlobeHeight(${CENTRE_LNG + 0.055}, ${CENTRE_LAT}));
  app.viewer.tools.getTerrainHeightAsync(${CENTRE_LNG - 0.055}, ${CENTRE_LAT}).then((h) => say('westSampled', h));
  app.viewer.tools.getTerrainHeightAsync(${CENTRE_LNG + 0.055}, ${CENTRE_LAT}).then((h) => say('eastSampled', h));
}, 500);`;

/** One band of `side` × `side` values over the whole place (its 40 km square), as a GeoTIFF's bytes. */
export function overThePlace(values: number[], side: number, type: 'Byte' | 'Float32'): Buffer {
  const pixel = (SIZE * PIXEL) / side;
  return readFileSync(
    writeRaster({ width: side, height: side, bands: [values], type, srs: 'EPSG:6677', ulx: cx - (side / 2) * pixel, uly: cy + (side / 2) * pixel, pixel }),
  );
}

/** One band over the place: its western half 10, its eastern half 200 (as heights, metres). */
export function halves(): Buffer {
  return overThePlace(
    Array.from({ length: SIZE * SIZE }, (_, i) => (i % SIZE < SIZE / 2 ? 10 : 200)),
    SIZE,
    'Byte',
  );
}
