export {
  cartesianToCartographic,
  cartographicToCartesian,
  type Ellipsoid,
  type LngLatHeight,
  sphere,
  type Vec3,
  WGS84,
  WGS84_ECCENTRICITY_SQUARED,
  WGS84_INVERSE_FLATTENING,
  WGS84_SEMI_MAJOR_AXIS,
  WGS84_SEMI_MINOR_AXIS,
} from './wgs84.js';
export { type EastNorthUp, eastNorthUpFrame, offsetByEastNorth, screenOffsetToEastNorth } from './screen-offset.js';
export {
  parseSpatialId,
  SPATIAL_ID_MAX_ZOOM,
  SPATIAL_ID_ZOOM0_HEIGHT,
  type SpatialId,
  spatialIdFromLngLatHeight,
  spatialIdToString,
  WEB_MERCATOR_MAX_LATITUDE_DEGREES,
} from './spatial-id.js';
export { spatialIdBounds, spatialIdCenter, type SpatialIdBounds } from './spatial-id-bounds.js';
export { spatialIdFromTilehash, spatialIdToTilehash } from './spatial-id-tilehash.js';
export { spatialIdToHilbertIndex, spatialIdToHilbertTilehash } from './spatial-id-hilbert.js';
export { spatialIdSpace } from './spatial-id-space.js';
export { geodesicArea, geodesicLength, type LngLat } from './geodesic.js';
