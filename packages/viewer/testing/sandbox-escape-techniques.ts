/**
 * Known ways out of a JavaScript sandbox, written as plugin sources: the escape suites run each
 * one against the real host and check that none reaches the page. A technique logs
 * `RESULT <json>` with what it could see; `expected` is what a contained attempt sees, or `stop`
 * names the error that stops the plugin. Kept apart from the tests so the browser suite can run
 * the same sources.
 */
export interface EscapeTechnique {
  name: string;
  code: string;
  /** What the technique's RESULT line says when it is contained. */
  expected?: unknown;
  /** The stop reason (matched against the plugin's `stopped:` line) when it must be stopped. */
  stop?: RegExp;
  /** Host events to send after start-up (each is `emit(event, payload)`). */
  events?: string[];
  /** A technique that keeps running (timers): the test waits before it checks. */
  waits?: boolean;
  /**
   * Stopped by a limit other than time (the stack, the memory): the test gives it the long slice,
   * so that a loaded machine cannot stop it for time before it reaches that limit.
   */
  untimed?: boolean;
}

const HOST_NAMES = [
  'process',
  'require',
  'module',
  'global',
  'window',
  'document',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'importScripts',
  'Buffer',
  'Deno',
  'navigator',
  'localStorage',
  'indexedDB',
];
const HOST_PROBE = `${JSON.stringify(HOST_NAMES)}.filter((n) => typeof g[n] !== 'undefined')`;

/** The techniques, by name. Each is contained (RESULT as expected) or stopped. */
export const ESCAPE_TECHNIQUES: EscapeTechnique[] = [
  {
    name: 'Function constructor from a plain function',
    code: `const g = (function () {}).constructor('return this')(); console.log('RESULT ' + JSON.stringify([g === globalThis, ${HOST_PROBE}]));`,
    expected: [true, []],
  },
  {
    name: 'Function constructor from app members',
    code: `const fns = [app.viewer.on, app.viewer.tools.getGlobeHeight, app.ui.show, console.log, setTimeout, Object.getOwnPropertyDescriptor(app.viewer, 'property').get];
      const found = fns.map((f) => { const g = f.constructor.constructor('return this')(); return [g === globalThis, ${HOST_PROBE}]; });
      console.log('RESULT ' + JSON.stringify(found.filter((r) => !r[0] || r[1].length > 0)));`,
    expected: [],
  },
  {
    name: 'Function constructor from errors, arguments and promises',
    code: `const out = [];
      try { null.x; } catch (e) { out.push(e.constructor.constructor('return typeof process')()); }
      out.push((function () { return arguments; })().constructor.constructor('return typeof require')());
      out.push(Promise.resolve().then.constructor('return typeof window')());
      out.push((async function () {}).constructor('return 1').constructor.name);
      app.viewer.on('click', function () { let caller; try { caller = arguments.callee.caller; } catch (e) { caller = e.name; } out.push(typeof caller === 'function' ? caller.constructor('return typeof document')() : String(caller)); console.log('RESULT ' + JSON.stringify(out)); });`,
    events: ['click'],
    expected: ['undefined', 'undefined', 'undefined', 'AsyncFunction', 'undefined'],
  },
  {
    name: 'host globals through eval, import() and the global object',
    code: `const g = globalThis; const out = [${HOST_PROBE}, eval('typeof process'), typeof globalThis.host];
      import('fs').then(() => console.log('RESULT ' + JSON.stringify([...out, 'imported'])), (e) => console.log('RESULT ' + JSON.stringify([...out, 'refused'])));`,
    expected: [[], 'undefined', 'undefined', 'refused'],
  },
  {
    name: 'prototype pollution inside the sandbox',
    code: `Object.prototype.polluted = 'yes'; Array.prototype.push = function () { return 'hijacked'; }; Function.prototype.call = function () { return 'hijacked'; };
      JSON.stringify = () => '{"__proto__":{"polluted":"via bridge"}}'; JSON.parse = () => ({ polluted: 'parse' });
      app.viewer.overrideProperty({ terrain: { enabled: true } });
      console.log('RESULT "done"');`,
    expected: 'done',
  },
  {
    name: '__proto__ and constructor keys handed to the host',
    code: `app.viewer.overrideProperty(JSON.parse('{"__proto__":{"polluted":"proto"},"constructor":{"prototype":{"ctorKey":"ctor"}},"sky":{"__proto__":{"polluted":"nested"}}}'));
      app.ui.postMessage(JSON.parse('{"__proto__":{"polluted":"ui"}}'));
      console.log('RESULT ' + JSON.stringify(Object.keys(app.viewer.property).sort()));`,
    expected: ['constructor'],
  },
  {
    name: 'getters, Proxies, toJSON and valueOf handed to host functions',
    code: `let ran = 0; const trap = new Proxy({}, { get(t, k) { ran++; return k === 'toJSON' ? () => ({ proxied: true }) : undefined; }, ownKeys() { ran++; return []; } });
      const sly = { get terrain() { ran++; return { enabled: true }; }, toJSON() { ran++; return { sky: { atmosphere: false } }; } };
      const prim = { valueOf() { ran++; return 1; }, toString() { ran++; return 'https://example.com/'; }, [Symbol.toPrimitive]() { ran++; return 'https://example.com/'; } };
      const out = [];
      const attempt = (f) => { try { f(); out.push('ok'); } catch (e) { out.push(e.name); } };
      attempt(() => app.viewer.overrideProperty(sly));
      attempt(() => app.viewer.overrideProperty(trap));
      attempt(() => app.ui.show(prim, trap));
      attempt(() => app.ui.postMessage(trap));
      attempt(() => app.viewer.open(prim));
      attempt(() => app.viewer.capture(prim, prim));
      attempt(() => app.viewer.tools.getLocationFromScreenCoordinate(prim, prim));
      attempt(() => app.viewer.tools.getScreenCoordinateFromPosition(trap));
      attempt(() => app.viewer.interactionMode.override(prim));
      attempt(() => console.log(trap, sly, prim));
      console.log('RESULT ' + JSON.stringify([out, ran > 0]));`,
    expected: [['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'TypeError', 'ok'], true],
  },
  {
    name: 'a Proxy whose traps loop forever, handed to the host',
    code: `app.viewer.overrideProperty(new Proxy({}, { ownKeys() { for (;;) {} } }));`,
    stop: /interrupted/,
  },
  {
    name: 'throwing a value whose getters loop forever',
    code: `throw { get message() { for (;;) {} }, get name() { for (;;) {} } };`,
    stop: /./,
  },
  {
    name: 'a gigantic console line and error message',
    code: `const big = 'x'.repeat(2 * 1024 * 1024); console.log(big); console.error(big, big);
      app.viewer.on('click', () => { throw new Error(big); }); console.log('RESULT ' + big.length);`,
    events: ['click'],
    expected: 2 * 1024 * 1024,
  },
  {
    name: 'a console flood',
    // The RESULT line would be dropped with the flood: it goes through the UI channel instead.
    code: `for (let i = 0; i < 300; i++) console.log('flood ' + i); app.ui.postMessage({ RESULT: 'after' });`,
    expected: 'after',
  },
  {
    name: 'a huge argument: a 2 MB property override',
    code: `const out = []; try { app.viewer.overrideProperty({ huge: 'y'.repeat(2 * 1024 * 1024) }); out.push('accepted'); } catch (e) { out.push(e.name); }
      console.log('RESULT ' + JSON.stringify([out, JSON.stringify(app.viewer.property).length < 1000]));`,
    expected: [['RangeError'], true],
  },
  {
    name: 'deeply nested values handed to the host',
    code: `let o = {}; for (let i = 0; i < 1000; i++) o = { o }; const out = [];
      try { app.viewer.overrideProperty(o); out.push('accepted'); } catch (e) { out.push(e.name); }
      try { app.ui.postMessage(o); out.push('accepted'); } catch (e) { out.push(e.name); }
      console.log('RESULT ' + JSON.stringify(out));`,
    expected: ['RangeError', 'RangeError'],
  },
  {
    name: 'a value nested deeper than any stack, serialised',
    code: `let o = {}; for (let i = 0; i < 100000; i++) o = { o }; console.log(o); app.viewer.overrideProperty(o);`,
    stop: /stack/,
    untimed: true,
  },
  {
    name: 'deep recursion',
    code: `function down(n) { return down(n + 1) + 1; } down(0);`,
    stop: /stack|interrupted/,
  },
  {
    name: 'an infinite loop in a listener',
    code: `app.viewer.on('click', () => { for (;;) {} });`,
    events: ['click'],
    stop: /interrupted/,
  },
  {
    name: 'memory exhaustion',
    code: `const keep = []; for (;;) keep.push(new Array(100000).fill(keep.length));`,
    stop: /memory/,
    untimed: true,
  },
  {
    name: 'a promise-job flood',
    code: `const again = () => Promise.resolve().then(again).catch(again); again();`,
    stop: /interrupted/,
  },
  {
    name: 'a timer flood',
    code: `let runs = 0; let refused = 'none'; setTimeout(() => console.log('RESULT ' + JSON.stringify([refused, runs > 0])), 50); try { for (let i = 0; i < 5000; i++) setInterval(() => { runs++; }, 0); } catch (e) { refused = e.name; }
`,
    waits: true,
    expected: ['RangeError', true],
  },
  {
    name: 'timers that each run almost to the deadline',
    code: `setInterval(() => { const end = Date.now() + 80; while (Date.now() < end) {} }, 0); console.log('RESULT "started"');`,
    waits: true,
    expected: 'started',
  },
  {
    name: 're-entrancy: a listener calling back into the host during an event',
    code: `let depth = 0; app.viewer.on('click', () => { depth++; app.viewer.interactionMode.override(depth % 2 ? 'move' : 'default'); app.viewer.overrideProperty({ n: depth }); if (depth === 1) console.log('RESULT ' + depth); });`,
    events: ['click'],
    expected: 1,
  },
  {
    name: 'reaching another plugin through shared globals',
    code: `globalThis.shared = 'from hostile'; Object.prototype.sharedProto = 'from hostile'; app.viewer.tools.cartographicToCartesian = () => 'hijacked';
      console.log('RESULT ' + JSON.stringify([typeof globalThis.goodSecret, Object.isFrozen(app)]));`,
    expected: ['undefined', true],
  },
];

/**
 * A well-behaved plugin: keeps a secret in its global, echoes clicks with what it sees of
 * globals and prototypes that hostile plugins tried to plant.
 */
export const GOOD_PLUGIN = `globalThis.goodSecret = 'mine';
  app.viewer.on('click', (e) => console.log('GOOD ' + JSON.stringify([e.x, typeof globalThis.shared, ({}).polluted, ({}).sharedProto, [1].push(2), app.viewer.tools.cartographicToCartesian(0, 0, 0)[0]])));`;

/** What the good plugin answers to a click with `x`. */
export const goodAnswer = (x: number): unknown[] => [x, 'undefined', null, null, 2, 6378137];
