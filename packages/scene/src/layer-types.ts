/** SPEC §4 layer types; `imagery` is an `{z}/{x}/{y}` URL template. */
export const LAYER_TYPES = ['geojson', 'czml', 'kml', '3dtiles', 'gltf', 'imagery', 'wms', 'csv', 'gpx'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];
