// The slowest animation frames of a Chromium trace (the renderer's main thread), with the garbage
// collection inside each: what a time-dynamic bench tick over 16 ms was spent on.

/** Trace categories: the main thread's tasks and frames, the scripts that forced a layout, and V8's collections. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
];

const GC = /^(MinorGC|MajorGC|V8\.GC_|V8\.GCScavenger|V8\.GCFinalizeMC|V8\.GCIncrementalMarking|V8\.GCCompactor|BlinkGC\.)/;

/** The functions with most self time (ms) among a CDP profile's samples from `from` to `to` (µs, the trace's clock). */
function selfTimesBetween(profile, from, to, top = 6) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map();
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    if (ts < from || ts > to) return;
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? url.split('/').pop() : ''}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => `${(us / 1000).toFixed(1)} ${key}`)
    .join('; ');
}

/** The renderer's main thread's events of a trace ('X', complete), and its animation frames among them. */
function mainThread(traceJson) {
  const parsed = JSON.parse(traceJson);
  const events = (parsed.traceEvents ?? parsed).filter((e) => e.ph === 'X' || e.ph === 'M');
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  return { onMain, frames: onMain.filter((e) => e.name === 'FireAnimationFrame') };
}

/**
 * Style and layout done inside animation frames (forced by a script reading sizes after the page
 * changed, as CesiumJS's Viewer.resize does each frame): ms a frame, median and most, over every
 * frame of the trace, and the scripts that forced them (function, file:line, how often).
 */
export function layoutInFrames(traceJson) {
  const { onMain, frames } = mainThread(traceJson);
  const inside = (name) => frames.map((f) => onMain.filter((e) => e.name === name && e.ts >= f.ts && e.ts + e.dur <= f.ts + f.dur));
  const within = (name) => inside(name).map((events) => events.reduce((sum, e) => sum + e.dur, 0) / 1000);
  const spread = (values) => {
    const sorted = values.sort((a, b) => a - b);
    return { median: Number((sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(2)), most: Number((sorted.at(-1) ?? 0).toFixed(2)) };
  };
  const forcedBy = new Map();
  for (const e of inside('Layout').flat()) {
    const top = (e.args?.beginData?.stackTrace ?? [])[0];
    const key = top ? `${top.functionName || '(anonymous)'} ${(top.url ?? '').split('/').pop()}:${top.lineNumber}` : '(no script)';
    forcedBy.set(key, (forcedBy.get(key) ?? 0) + 1);
  }
  return { frames: frames.length, styleMs: spread(within('UpdateLayoutTree')), layoutMs: spread(within('Layout')), forcedBy: Object.fromEntries(forcedBy) };
}

/**
 * The `top` longest tasks of the main thread, whatever they ran: [ms, what], `what` naming the
 * task's source and the events over 1 ms inside it (the frame's scripts, style, layout, paint, a
 * collection).
 */
export function longestTasks(traceJson, top = 5) {
  const { onMain } = mainThread(traceJson);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const outer = tasks.filter((t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur));
  const named = /^(FireAnimationFrame|UpdateLayoutTree|Layout|Paint|Commit|MajorGC|MinorGC|FunctionCall|EventDispatch|TimerFire|ParseHTML|EvaluateScript)$/;
  return outer
    .sort((a, b) => b.dur - a.dur)
    .slice(0, top)
    .map((t) => {
      const parts = onMain.filter((e) => named.test(e.name) && e.dur >= 1000 && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
      const what = [t.args?.src_func ?? '', ...parts.map((e) => `${e.name} ${(e.dur / 1000).toFixed(1)}`)].filter(Boolean).join(', ');
      return [Math.round(t.dur / 100) / 10, what];
    });
}

/** The `top` longest `FireAnimationFrame` events of the page's main thread: [ms, GC ms inside, the GC events' names and ms]; with a CDP `profile` taken meanwhile, the functions that took its time. */
export function slowFrames(traceJson, top = 10, profile = undefined) {
  const { onMain, frames } = mainThread(traceJson);
  const gcs = onMain.filter((e) => GC.test(e.name));
  return frames
    .sort((a, b) => b.dur - a.dur)
    .slice(0, top)
    .map((f) => {
      // Outermost GC events only (a MajorGC holds V8.GC_ phases).
      const inside = gcs.filter((g) => g.ts >= f.ts && g.ts + g.dur <= f.ts + f.dur);
      const outer = inside.filter((g) => !inside.some((o) => o !== g && o.ts <= g.ts && o.ts + o.dur >= g.ts + g.dur && o.dur > g.dur));
      const ms = (us) => Math.round(us / 100) / 10;
      return {
        ms: ms(f.dur),
        gcMs: ms(outer.reduce((sum, g) => sum + g.dur, 0)),
        gc: outer.map((g) => `${g.name} ${ms(g.dur)}`).join(', '),
        phases: inside
          .filter((g) => !outer.includes(g) && g.dur >= 1000)
          .map((g) => `${g.name} ${ms(g.dur)}`)
          .join(', '),
        ...(profile ? { self: selfTimesBetween(profile, f.ts, f.ts + f.dur) } : {}),
      };
    });
}
