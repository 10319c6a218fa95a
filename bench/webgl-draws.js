// WebGL's work per frame, counted on the page: an init script (DRAW_COUNTER) wraps the draw calls
// of WebGL 1 and 2 contexts, and `drawCounts` reads the running totals. What a frame asks of
// SwiftShader: draw calls, vertices (points drawn as gl.POINTS are one each), framebuffer blits
// (CesiumJS resolves a multisampled frame by one), readPixels (a pick reads the pick buffer) and the
// samples of the multisampled buffers made; and the last whole animation frame's draws, grouped by
// primitive mode and vertex count (which primitive drew them: 10,000 POINTS are a batch's points).

/** Runs before the page's scripts: keeps totals in `window.__benchDraws` (and, with `detail`, each frame's draws; each draw then asks for two states). */
export const drawCounter = ({ detail = false } = {}) => `(() => {
  const detail = ${detail};
  const d = (window.__benchDraws = { calls: 0, vertices: 0, blits: 0, reads: 0, msaa: 0 });
  let frame = [];
  window.__benchLastFrame = [];
  const raf = window.requestAnimationFrame;
  window.requestAnimationFrame = (callback) =>
    raf.call(window, (t) => {
      if (frame.length) [window.__benchLastFrame, frame] = [frame, []];
      return callback(t);
    });
  const MODES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP', 'TRIANGLES', 'TRIANGLE_STRIP', 'TRIANGLE_FAN'];
  for (const Context of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!Context) continue;
    const p = Context.prototype;
    const wrap = (name, count) => {
      const original = p[name];
      if (!original) return;
      p[name] = function (...args) {
        d.calls++;
        d.vertices += count(args);
        if (detail) frame.push(MODES[args[0]] + ' ' + count(args) + (this.isEnabled(this.BLEND) ? ' blended' : '') + (this.getParameter(this.DEPTH_WRITEMASK) ? '' : ' no-depth-write'));
        return original.apply(this, args);
      };
    };
    wrap('drawArrays', (a) => a[2]);
    wrap('drawElements', (a) => a[1]);
    wrap('drawArraysInstanced', (a) => a[2] * a[3]);
    wrap('drawElementsInstanced', (a) => a[1] * a[4]);
    if (p.blitFramebuffer) {
      const blit = p.blitFramebuffer;
      p.blitFramebuffer = function (...args) { d.blits++; return blit.apply(this, args); };
    }
    const read = p.readPixels;
    p.readPixels = function (...args) { d.reads++; return read.apply(this, args); };
    if (p.renderbufferStorageMultisample) {
      const storage = p.renderbufferStorageMultisample;
      p.renderbufferStorageMultisample = function (...args) { d.msaa = Math.max(d.msaa, args[1]); return storage.apply(this, args); };
    }
  }
})();`;

/** The page's totals; given earlier totals, what was counted since (msaa as it stands). */
export async function drawCounts(page, since) {
  const now = await page.evaluate(() => ({ ...window.__benchDraws }));
  if (!since) return now;
  return {
    calls: now.calls - since.calls,
    vertices: now.vertices - since.vertices,
    blits: now.blits - since.blits,
    reads: now.reads - since.reads,
    msaa: now.msaa,
  };
}

/** The last whole frame's draw calls as "N × MODE vertices [blended] [no-depth-write]", the most first. */
export async function lastFrameDraws(page) {
  const draws = await page.evaluate(() => window.__benchLastFrame);
  const counts = new Map();
  for (const d of draws) counts.set(d, (counts.get(d) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([d, n]) => `${n} × ${d}`)
    .join(', ');
}
