// Part of the plugin bridge benchmark: what app.camera costs. `camera.position` is read through
// the host (the camera is the page's live state), so its rate is set beside `viewport.width`,
// which the sandbox answers from pushed state; the `move` event to 10 plugins is set beside the
// `mouseMove` figure of the same run.
import { TIMED_LIMITS, widget } from './plugin-bridge-ways.js';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value, digits) => Number(value.toFixed(digits));
const yieldToTimers = () => new Promise((resolve) => setImmediate(resolve));

/** Reads of `app.camera.position` per second from inside one plugin (median of `rounds` batches of `n`). */
export async function cameraReads({ PluginHost, module, benchServices, CAMERA_POSITION }, { rounds, n }) {
  const lines = [];
  const code = `app.viewer.on('click', (e) => { let s = 0; for (let i = 0; i < e.n; i++) s += app.camera.position.heading; console.log(String(s)); });`;
  const host = new PluginHost(module, benchServices(lines), [widget('camera', code)], {}, TIMED_LIMITS);
  host.start();
  try {
    const rates = [];
    for (let r = 0; r < rounds; r++) {
      lines.length = 0;
      const started = performance.now();
      host.emit('click', { n });
      const ms = performance.now() - started;
      const expected = n * CAMERA_POSITION.heading;
      if (lines.length !== 1 || Math.abs(Number(lines[0].text) - expected) > 1e-6 * n)
        throw new Error(`camera.position: the plugin answered ${JSON.stringify(lines)}`);
      rates.push((n / ms) * 1000);
      await yieldToTimers();
    }
    return Math.round(median(rates));
  } finally {
    host.stopAll();
  }
}

/**
 * One camera `move` (a frame in which the camera moved) delivered to 10 plugins that each listen
 * and read the event's position: ms per frame, median of `rounds` batches of `frames`.
 */
export async function cameraMove({ PluginHost, module, benchServices }, { rounds, frames }) {
  const lines = [];
  let moved;
  const bench = benchServices(lines);
  const services = { ...bench, camera: { ...bench.camera, onMove: (listener) => ((moved = listener), () => undefined) } };
  const code = `let seen = 0; let last = 0;
app.camera.on('move', (p) => { seen += 1; last = p.lng + p.lat + p.heading; });
app.viewer.on('click', () => console.log(String(seen)));`;
  const plugins = Array.from({ length: 10 }, (_, i) => widget(`mover${i}`, code));
  const host = new PluginHost(module, services, plugins, {}, TIMED_LIMITS);
  host.start();
  try {
    const samples = [];
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      for (let i = 0; i < frames; i++) moved();
      samples.push((performance.now() - started) / frames);
      await yieldToTimers();
    }
    host.emit('click', {});
    const expected = String(rounds * frames);
    const counts = lines.filter((l) => l.level === 'log').map((l) => l.text);
    if (counts.length !== 10 || counts.some((c) => c !== expected))
      throw new Error(`camera move: each of 10 plugins should have seen ${expected} events; they logged ${JSON.stringify(lines)}`);
    return round(median(samples), 4);
  } finally {
    host.stopAll();
  }
}
