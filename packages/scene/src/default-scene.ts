import type { Scene } from './scene-schema.js';

/** A scene for a project that has none yet: the whole globe, nothing on it. */
export function defaultScene(): Scene {
  return {
    property: {},
    camera: { lng: 139.7, lat: 35.7, height: 15_000_000, heading: 0, pitch: -90, roll: 0 },
    layers: [],
    widgets: [],
    story: { pages: [] },
  };
}
