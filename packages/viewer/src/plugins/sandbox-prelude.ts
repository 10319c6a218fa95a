/**
 * The JavaScript that runs first inside every extension's QuickJS context. It builds the globals a
 * plugin sees (`app`, `console`, timers) and keeps all per-plugin state inside the sandbox:
 * listener lists (so `off` compares real function identity), the pushed property, viewport, env and
 * interaction mode (so reads never cross the boundary), and the WGS84 math of the coordinate tools.
 *
 * It talks to the host through one function, `host(op, json) -> json | undefined`, with strings
 * only: no host object ever enters the sandbox, so nothing of the page can be reached through it.
 * It returns the entry points the host calls: dispatch, resolve, timer, update.
 */
export const SANDBOX_PRELUDE = String.raw`(function (host) {
  'use strict';
  // Taken before the plugin runs: a plugin that replaces JSON's methods still talks JSON.
  const stringify = JSON.stringify, parse = JSON.parse;
  const call = (op, args) => {
    const out = host(op, stringify(args === undefined ? [] : args));
    return out === undefined ? undefined : parse(out);
  };
  const copy = (v) => (v === undefined ? undefined : parse(stringify(v)));
  const state = {
    property: {},
    viewport: { width: 0, height: 0, isMobile: false, query: {} },
    env: { inEditor: false, isBuilt: false },
    mode: 'default',
    radii: [6378137, 6378137, 6356752.314245179],
  };
  const MODES = ['default', 'move', 'selection', 'sketch', 'spatialId'];
  const EVENTS = ['resize', 'click', 'doubleClick', 'mouseDown', 'mouseUp', 'rightClick', 'rightDown', 'rightUp',
    'middleClick', 'middleDown', 'middleUp', 'mouseMove', 'mouseEnter', 'mouseLeave', 'wheel'];
  const listeners = Object.create(null);
  for (const e of EVENTS) listeners[e] = [];
  const pending = new Map();
  let nextPromise = 1;
  const timers = new Map();
  let nextTimer = 1;
  const MAX_TIMERS = 1000;
  const report = (err) => call('error', [String(err && err.message !== undefined ? err.message : err), String((err && err.stack) || '')]);

  const WGS84 = [6378137, 6378137, 6356752.314245179];
  const WGS84_E2 = 1 - (WGS84[2] * WGS84[2]) / (WGS84[0] * WGS84[0]);
  const DEG = Math.PI / 180;
  function toCartesian(lng, lat, h, r) {
    const a = r[0], b = r[2];
    const e2 = r === WGS84 ? WGS84_E2 : 1 - (b * b) / (a * a);
    const phi = lat * DEG, lambda = lng * DEG;
    const s = Math.sin(phi), c = Math.cos(phi);
    const n = a / Math.sqrt(1 - e2 * s * s);
    return [(n + h) * c * Math.cos(lambda), (n + h) * c * Math.sin(lambda), (n * (1 - e2) + h) * s];
  }
  function toCartographic(x, y, z, r) {
    const a = r[0], b = r[2];
    const e2 = 1 - (b * b) / (a * a);
    const p = Math.sqrt(x * x + y * y);
    if (p === 0 && z === 0) return undefined;
    const lng = Math.atan2(y, x);
    let lat = Math.atan2(z, p * (1 - e2));
    let h = 0;
    for (let i = 0; i < 8; i++) {
      const s = Math.sin(lat);
      const n = a / Math.sqrt(1 - e2 * s * s);
      h = Math.abs(Math.cos(lat)) > 1e-12 ? p / Math.cos(lat) - n : Math.abs(z) - b;
      lat = Math.atan2(z, p * (1 - (e2 * n) / (n + h)));
    }
    return [lng / DEG, lat / DEG, h];
  }
  // Called on every tool call: no rest arguments, no arrays, no closures.
  const num = (v) => typeof v === 'number' && v - v === 0;
  const finite = (a, b, c) => num(a) && num(b) && (c === undefined || num(c));
  const radiiFor = (options) => (options !== undefined && options !== null && options.useGlobeEllipsoid === true ? state.radii : WGS84);
  const position = (p) => Array.isArray(p) && p.length === 3 && num(p[0]) && num(p[1]) && num(p[2]);

  function later(op, args) {
    return new Promise((resolve, reject) => {
      const id = nextPromise++;
      pending.set(id, { resolve, reject });
      call('async', [id, op, args]);
    });
  }

  const tools = {
    getLocationFromScreenCoordinate: (x, y, withTerrain) => (finite(x, y) ? call('locationAt', [x, y, withTerrain === true]) : undefined),
    getScreenCoordinateFromPosition: (p) => (position(p) ? call('screenOf', [p]) : undefined),
    getTerrainHeightAsync: (lng, lat) => (finite(lng, lat) ? later('terrainHeight', [lng, lat]) : Promise.resolve(undefined)),
    getGlobeHeight: (lng, lat) => (finite(lng, lat) ? call('globeHeight', [lng, lat]) : undefined),
    getCurrentLocationAsync: (options) => later('location', [options === undefined ? {} : copy(options)]),
    cartographicToCartesian: (lng, lat, height, options) => (num(lng) && num(lat) && num(height) ? toCartesian(lng, lat, height, radiiFor(options)) : undefined),
    cartesianToCartographic: (x, y, z, options) => (num(x) && num(y) && num(z) ? toCartographic(x, y, z, radiiFor(options)) : undefined),
    transformByOffsetOnScreen: (p, offset) => (position(p) && Array.isArray(offset) && offset.length === 2 && finite(offset[0], offset[1]) ? call('offsetOnScreen', [p, offset]) : undefined),
    isPositionVisibleOnGlobe: (p) => (position(p) ? call('visible', [p]) === true : false),
  };

  const viewer = {
    get property() { return copy(state.property); },
    get viewport() { return { width: state.viewport.width, height: state.viewport.height, isMobile: state.viewport.isMobile, query: Object.assign({}, state.viewport.query) }; },
    get env() { return { inEditor: state.env.inEditor, isBuilt: state.env.isBuilt }; },
    interactionMode: {
      get mode() { return state.mode; },
      override(mode) {
        if (!MODES.includes(mode)) throw new TypeError('interactionMode.override: "' + String(mode) + '" is not one of ' + MODES.join(', '));
        call('mode', [mode]);
        state.mode = mode;
      },
    },
    overrideProperty(property) {
      if (typeof property !== 'object' || property === null || Array.isArray(property)) throw new TypeError('overrideProperty: the property must be an object');
      state.property = call('override', [copy(property)]);
    },
    capture(type, encoderOptions) { return call('capture', [typeof type === 'string' ? type : undefined, typeof encoderOptions === 'number' ? encoderOptions : undefined]); },
    open(url) {
      const text = String(url);
      if (!/^https?:\/\//i.test(text)) throw new TypeError('open: only http: and https: URLs open, not "' + text.slice(0, 100) + '"');
      call('open', [text]);
    },
    reload() { call('reload', []); },
    tools,
    on(event, listener, options) {
      if (!EVENTS.includes(event)) throw new TypeError('on: "' + String(event) + '" is not an event; events: ' + EVENTS.join(', '));
      if (typeof listener !== 'function') throw new TypeError('on: the listener must be a function');
      const list = listeners[event];
      list.push({ listener, once: !!(options && options.once) });
      if (list.length === 1) call('subscribe', [event, true]);
      return () => viewer.off(event, listener);
    },
    off(event, listener) {
      if (!EVENTS.includes(event)) throw new TypeError('off: "' + String(event) + '" is not an event');
      const list = listeners[event];
      const i = list.findIndex((e) => e.listener === listener);
      if (i < 0) return;
      list.splice(i, 1);
      if (list.length === 0) call('subscribe', [event, false]);
    },
  };

  const ui = {
    show(html, options) { call('ui.show', [String(html), copy(options || {})]); },
    postMessage(message) { call('ui.post', [copy(message)]); },
    on(event, listener) {
      if (event !== 'message') throw new TypeError('ui.on: only "message"');
      if (typeof listener !== 'function') throw new TypeError('ui.on: the listener must be a function');
      uiListeners.push(listener);
    },
  };
  const uiListeners = [];

  const format = (v) => { if (typeof v === 'string') return v; try { return stringify(v); } catch (e) { return String(v); } };
  const log = (level) => (...args) => call('console', [level, args.map(format).join(' ')]);
  globalThis.console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };

  function addTimer(fn, ms, args, repeat) {
    if (typeof fn !== 'function') throw new TypeError('timers take a function');
    if (timers.size >= MAX_TIMERS) throw new RangeError('too many timers: at most ' + MAX_TIMERS);
    const id = nextTimer++;
    timers.set(id, { fn, args, repeat });
    call('timer', [id, Math.max(0, Number(ms) || 0), repeat]);
    return id;
  }
  function clearTimer(id) { if (timers.delete(id)) call('clearTimer', [id]); }
  globalThis.setTimeout = (fn, ms, ...args) => addTimer(fn, ms, args, false);
  globalThis.setInterval = (fn, ms, ...args) => addTimer(fn, ms, args, true);
  globalThis.clearTimeout = clearTimer;
  globalThis.clearInterval = clearTimer;
  globalThis.app = Object.freeze({ viewer, ui });

  return {
    dispatch(event, json) {
      const list = event === 'message' ? uiListeners.map((listener) => ({ listener })) : (listeners[event] || []).slice();
      for (const entry of list) {
        if (entry.once) viewer.off(event, entry.listener);
        try { entry.listener(parse(json)); } catch (err) { report(err); }
      }
    },
    resolve(id, ok, json) {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      const value = json === undefined ? undefined : parse(json);
      if (ok) p.resolve(value); else p.reject(new Error(String(value)));
    },
    timer(id) {
      const t = timers.get(id);
      if (!t) return;
      if (!t.repeat) timers.delete(id);
      try { t.fn.apply(undefined, t.args); } catch (err) { report(err); }
    },
    update(kind, json) { state[kind] = parse(json); },
  };
})`;
