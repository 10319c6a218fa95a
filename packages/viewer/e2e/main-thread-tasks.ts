import type { Browser, Page } from 'playwright-core';

/**
 * The page's main-thread tasks that handled a message of a plugin's worker, with the CPU time each
 * took, read from a Chromium trace.
 *
 * docs/contract.md §11 bounds what a plugin may cost the page's main thread (no task past 50 ms). A task's wall
 * time on a loaded two-core runner also counts the time the system gave other processes while the
 * task was running (a CI run once measured a 62 ms task whose work took a few ms), so these tests
 * read the CPU time of the task: the trace's `RunTask` around each mark, and its thread time.
 */

/** The user timing mark (`performance.mark`) the {@link PLUGIN_TASK_PROBE} sets as each handler starts. */
const MARK = 'orbis plugin task: ';

/**
 * An init script: wraps the `onmessage` of the plugins' workers (worker-sandbox.ts names them
 * "plugin …", not CesiumJS's) so that each handler marks its task with its worker's name.
 */
export const PLUGIN_TASK_PROBE = `
  window.__pluginMarks = 0;
  const set = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage').set;
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      const name = String(options && options.name);
      if (!name.startsWith('plugin ')) return;
      Object.defineProperty(this, 'onmessage', { set(handler) {
        set.call(this, (event) => { window.__pluginMarks++; performance.mark(${JSON.stringify(MARK)} + name); performance.clearMarks(${JSON.stringify(MARK)} + name); handler(event); });
      } });
    }
  };
`;

export interface PluginTask {
  /** The worker's name: "plugin {pluginId}/{extensionId}…". */
  worker: string;
  /** When it started, in ms on the trace's clock. */
  at: number;
  /** The task's wall time, ms. */
  wallMs: number;
  /** The main thread's CPU time in the task, ms. */
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** How much earlier than its task a mark may read (the page's clock is coarsened to 5 µs when cross-origin isolated). */
const COARSENED_US = 10;

/** Runs `during` under a trace of the page's main thread and returns the tasks that handled a plugin's message. */
export async function tracePluginTasks(browser: Browser, page: Page, during: () => Promise<void>): Promise<PluginTask[]> {
  const marked = () => page.evaluate(() => (globalThis as unknown as { __pluginMarks: number }).__pluginMarks);
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  let trace: Buffer;
  let count = 0;
  try {
    const before = await marked();
    await during();
    count = (await marked()) - before;
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.name.startsWith(MARK));
  // Every mark the page counted in the window is in the trace (a full trace buffer would drop the last).
  if (marks.length < count) throw new Error(`the trace holds ${marks.length} of the ${count} plugin tasks the page marked`);
  const tasksOf = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.dur === undefined || e.tdur === undefined) continue;
    const thread = `${e.pid}/${e.tid}`;
    if (!tasksOf.has(thread)) tasksOf.set(thread, []);
    tasksOf.get(thread)!.push(e);
  }
  return marks.flatMap((mark) => {
    const tasks = tasksOf.get(`${mark.pid}/${mark.tid}`) ?? [];
    // A mark's time is the page's clock, coarsened to 5 µs: it may read a little before its task began.
    const task = tasks.find((t) => t.ts - COARSENED_US <= mark.ts && mark.ts <= t.ts + t.dur!);
    if (task) return [{ worker: mark.name.slice(MARK.length), at: task.ts / 1000, wallMs: task.dur! / 1000, cpuMs: task.tdur! / 1000 }];
    // Only a task still running when the trace stopped is missing from it: after every task of its thread.
    if (tasks.some((t) => t.ts + t.dur! > mark.ts)) throw new Error(`the trace has no task around the mark of ${mark.name} at ${mark.ts}`);
    return [];
  });
}
