import type { Position, Tools, Viewer } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import { INTERACTION_MODES } from '../protocol/interaction-modes.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';
import type { PushedState } from './state.js';
import { toCartesian, toCartographic, WGS84_RADII } from './wgs84.js';

// Called on every tool call: no rest arguments, no arrays, no closures.
const num = (v: unknown): v is number => typeof v === 'number' && v - v === 0;
const finite = (a: unknown, b: unknown, c?: unknown) => num(a) && num(b) && (c === undefined || num(c));
const isPosition = (p: unknown): p is Position => Array.isArray(p) && p.length === 3 && num(p[0]) && num(p[1]) && num(p[2]);

/** `app.viewer`: state reads answer from the pushed state; the coordinate math runs here. */
export function createViewer(bridge: Bridge, state: PushedState): { viewer: Viewer; events: Emitter; selectionEvents: Emitter } {
  const { call, later, copy } = bridge;
  const radiiFor = (options: { useGlobeEllipsoid?: boolean } | undefined) =>
    options !== undefined && options !== null && options.useGlobeEllipsoid === true ? state.radii : WGS84_RADII;

  const tools: Tools = {
    getLocationFromScreenCoordinate: (x, y, withTerrain) => (finite(x, y) ? call('locationAt', [x, y, withTerrain === true]) : undefined),
    getScreenCoordinateFromPosition: (p) => (isPosition(p) ? call('screenOf', [p]) : undefined),
    getTerrainHeightAsync: (lng, lat) => (finite(lng, lat) ? later('terrainHeight', [lng, lat]) : Promise.resolve(undefined)),
    getGlobeHeight: (lng, lat) => (finite(lng, lat) ? call('globeHeight', [lng, lat]) : undefined),
    getCurrentLocationAsync: (options) => later('location', [options === undefined ? {} : copy(options)]),
    cartographicToCartesian: (lng, lat, height, options) =>
      num(lng) && num(lat) && num(height) ? toCartesian(lng, lat, height, radiiFor(options)) : undefined,
    cartesianToCartographic: (x, y, z, options) => (num(x) && num(y) && num(z) ? toCartographic(x, y, z, radiiFor(options)) : undefined),
    transformByOffsetOnScreen: (p, offset) =>
      isPosition(p) && Array.isArray(offset) && offset.length === 2 && finite(offset[0], offset[1]) ? call('offsetOnScreen', [p, offset]) : undefined,
    isPositionVisibleOnGlobe: (p) => (isPosition(p) ? call('visible', [p]) === true : false),
    getGlobeHeightByCamera: () => call('globeHeightByCamera'),
    getGeoidHeight: (lng, lat) => later('geoidHeight', [lng, lat]),
  };
  const selectionEvents = new Emitter(bridge, 'selectionMode', PLUGIN_EVENTS.selectionMode.prefix, PLUGIN_EVENTS.selectionMode.names);

  const events = new Emitter(bridge, 'viewer', PLUGIN_EVENTS.viewer.prefix, PLUGIN_EVENTS.viewer.names);
  const viewer: Viewer = {
    get property() {
      return copy(state.property);
    },
    get viewport() {
      const v = state.viewport;
      return { width: v.width, height: v.height, isMobile: v.isMobile, query: Object.assign({}, v.query) };
    },
    get env() {
      return { inEditor: state.env.inEditor, isBuilt: state.env.isBuilt, language: state.env.language };
    },
    interactionMode: {
      get mode() {
        return state.mode;
      },
      override(mode) {
        if (!(INTERACTION_MODES as readonly string[]).includes(mode))
          throw new TypeError(`interactionMode.override: "${String(mode)}" is not one of ${INTERACTION_MODES.join(', ')}`);
        call('mode', [mode]);
        state.mode = mode;
      },
      selectionMode: {
        on: (event, listener, options) => selectionEvents.on(event, listener, options),
        off: (event, listener) => selectionEvents.off(event, listener),
      },
    },
    overrideProperty(property) {
      if (typeof property !== 'object' || property === null || Array.isArray(property)) throw new TypeError('overrideProperty: the property must be an object');
      state.property = call('override', [copy(property)]);
    },
    capture: (type, encoderOptions) =>
      call('capture', [typeof type === 'string' ? type : undefined, typeof encoderOptions === 'number' ? encoderOptions : undefined]),
    open(url) {
      const text = String(url);
      if (!/^https?:\/\//i.test(text)) throw new TypeError(`open: only http: and https: URLs open, not "${text.slice(0, 100)}"`);
      call('open', [text]);
    },
    reload: () => call('reload'),
    tools,
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { viewer, events, selectionEvents };
}
