// The three ways of running the same plugin loops that bench/plugin-bridge.js compares: inside
// Orbis's real PluginHost, inside QuickJS behind quickjs-emscripten-sync's Arena, and as plain Node.
import { Arena } from 'quickjs-emscripten-sync';

/**
 * The plugin's own code, the same text for every way: loops that call the tool and read the
 * viewport's width, with inputs that change on every call, summing what they get back so that
 * nothing can be skipped (and the three ways can be checked to agree).
 */
export const LOOPS = `
function runTools(n, start) {
  let sum = 0;
  for (let i = start; i < start + n; i++) {
    const p = app.viewer.tools.cartographicToCartesian((i % 360) - 180, (i % 170) - 85, i % 1000);
    sum += p[0] + p[1] + p[2];
  }
  return sum;
}
function runViewport(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += app.viewer.viewport.width;
  return sum;
}
`;

/** The page's viewport: one object, replaced only on a resize (as the page does). */
const VIEWPORT = Object.freeze({ width: 640, height: 480, isMobile: false, query: Object.freeze({ tab: 'map' }) });

/** A one-extension widget plugin. */
export function widget(id, code) {
  return { id, name: id, version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: id }], files: { 'main.js': code } };
}

/** The runtime's `memory_used_size`: every byte QuickJS holds for that runtime. */
function memoryUsed(runtime) {
  const handle = runtime.computeMemoryUsage();
  try {
    return runtime.getSystemContext().dump(handle).memory_used_size;
  } finally {
    handle.dispose();
  }
}

/** Fails with the plugin's own error lines when it reported any. */
function checkLines(lines, what) {
  const errors = lines.filter((l) => l.level === 'error');
  if (errors.length > 0) throw new Error(`${what}: ${errors.map((e) => `${e.source}: ${e.text}`).join('; ')}`);
}

/**
 * The timed plugins' limits: the default heap (32 MB) and stack, and a generous slice. The slice is
 * wall-clock time: on a saturated machine a chunk of 40 ms of work waited past the default 500 ms,
 * its plugin was stopped ("interrupted") and the bench with it (issue 39's quick run, load 29 on 2 CPUs).
 */
export const TIMED_LIMITS = { memoryBytes: 32 * 1024 * 1024, stackBytes: 256 * 1024, sliceMs: 10_000, maxLogChars: 10_000 };

/**
 * Orbis: a plugin in the real PluginHost ({@link TIMED_LIMITS}), run by a `click` event whose
 * listener runs one loop and logs the sum. Each entry stays far below the default 500 ms.
 */
export function orbisWay({ PluginHost, module, benchServices }) {
  const lines = [];
  const code = `${LOOPS}
app.viewer.on('click', (e) => console.log(String(e.run === 'tools' ? runTools(e.n, e.start) : runViewport(e.n))));`;
  const host = new PluginHost(module, benchServices(lines), [widget('bench', code)], {}, TIMED_LIMITS);
  host.start();
  const [sandbox] = host.sandboxes;
  const run = (payload) => {
    lines.length = 0;
    host.emit('click', payload);
    checkLines(lines, 'the Orbis plugin failed');
    if (lines.length !== 1) throw new Error(`the Orbis plugin answered ${lines.length} lines, not 1`);
    return Number(lines[0].text);
  };
  return {
    name: 'orbis',
    tools: (n, start) => run({ run: 'tools', n, start }),
    viewport: (n) => run({ run: 'viewport', n }),
    // The sandbox's runtime (in its QuickJsCore) is private to the host: the benchmark reads its heap all the same.
    memoryUsed: () => memoryUsed(sandbox.core.runtime),
    dispose: () => host.stopAll(),
  };
}

/**
 * The same API as a host object: the tool is @orbis/geo's function run by the host, the viewport a
 * getter asking the page's services, as a host API exposed to a sandbox is written.
 */
export function hostApi(cartographicToCartesian) {
  const viewer = {
    tools: { cartographicToCartesian: (lng, lat, height) => cartographicToCartesian(lng, lat, height) },
    get viewport() {
      return VIEWPORT;
    },
  };
  return { viewer };
}

/**
 * quickjs-emscripten-sync's Arena in a runtime of the same QuickJS module, with the same stack size
 * and a deadline check as Orbis's: the host API exposed as `app`, every object marshalled (with
 * the default, "json", functions would not cross). No memory limit: the Arena keeps what it
 * marshals until it is disposed, and the heap benchmark is about that.
 */
export function arenaWay({ module, cartographicToCartesian }) {
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(512 * 1024);
  // Arena's constructor already runs code in the context: the deadline is set before it.
  let deadline = Date.now() + 10_000;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const context = runtime.newContext();
  const arena = new Arena(context, { isMarshalable: true });
  arena.expose({ app: hostApi(cartographicToCartesian) });
  arena.evalCode(LOOPS);
  const run = (code) => {
    deadline = Date.now() + 10_000;
    return arena.evalCode(code);
  };
  return {
    name: 'arena',
    tools: (n, start) => run(`runTools(${n}, ${start})`),
    viewport: (n) => run(`runViewport(${n})`),
    memoryUsed: () => memoryUsed(runtime),
    dispose: () => {
      arena.dispose();
      context.dispose();
      runtime.dispose();
    },
  };
}

/** No sandbox: the same loops compiled by Node, calling the same host API object directly. */
export function directWay({ cartographicToCartesian }) {
  const loops = new Function('app', `${LOOPS}\nreturn { runTools, runViewport };`)(hostApi(cartographicToCartesian));
  return { name: 'direct', tools: loops.runTools, viewport: loops.runViewport, dispose: () => undefined };
}

/**
 * The ceiling of any design that keeps the work inside the sandbox: a bare QuickJS context (same
 * module, same stack size and deadline check) where `app` is plain data and the tool is the WGS84
 * math written as the plugin's own code, without the API's argument checks.
 */
export function plainQuickJsWay({ module }) {
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(512 * 1024);
  let deadline = 0;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const context = runtime.newContext();
  const math = `
const A = 6378137, B = 6356752.314245179, E2 = 1 - (B * B) / (A * A), DEG = Math.PI / 180;
function cartographicToCartesian(lng, lat, h) {
  const s = Math.sin(lat * DEG), c = Math.cos(lat * DEG);
  const n = A / Math.sqrt(1 - E2 * s * s);
  return [(n + h) * c * Math.cos(lng * DEG), (n + h) * c * Math.sin(lng * DEG), (n * (1 - E2) + h) * s];
}
const app = { viewer: { tools: { cartographicToCartesian }, viewport: { width: 640, height: 480, isMobile: false, query: { tab: 'map' } } } };`;
  const run = (code) => {
    deadline = Date.now() + 10_000;
    const handle = context.unwrapResult(context.evalCode(code));
    try {
      return context.getNumber(handle);
    } finally {
      handle.dispose();
    }
  };
  run(`${math}${LOOPS}0`);
  return {
    name: 'quickjs',
    tools: (n, start) => run(`runTools(${n}, ${start})`),
    viewport: (n) => run(`runViewport(${n})`),
    dispose: () => {
      context.dispose();
      runtime.dispose();
    },
  };
}
