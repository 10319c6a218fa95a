import type { Browser, Page } from 'playwright-core';

/**
 * The page's main-thread tasks that handled a message of a plugin's worker, with the CPU time each
 * took, read from a Chromium trace.
 *
 * SPEC §11 bounds what a plugin may cost the page's main thread (no task past 50 ms). A task's wall
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
  const set = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage').set;
  const Base = Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      const name = String(options && options.name);
      if (!name.startsWith('plugin ')) return;
      Object.defineProperty(this, 'onmessage', { set(handler) {
        set.call(this, (event) => { performance.mark(${JSON.stringify(MARK)} + name); performance.clearMarks(); handler(event); });
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

/** Runs `during` under a trace of the page's main thread and returns the tasks that handled a plugin's message. */
export async function tracePluginTasks(browser: Browser, page: Page, during: () => Promise<void>): Promise<PluginTask[]> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  let trace: Buffer;
  try {
    await during();
  } finally {
    trace = await browser.stopTracing();
  }
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined && e.tdur !== undefined);
  // A mark whose task was still running when the trace stopped has no task in it: the window ends there.
  return events.filter((e) => e.name.startsWith(MARK)).flatMap((mark) => {
    const task = tasks.find((t) => t.pid === mark.pid && t.tid === mark.tid && t.ts <= mark.ts && mark.ts <= t.ts + t.dur!);
    return task ? [{ worker: mark.name.slice(MARK.length), at: task.ts / 1000, wallMs: task.dur! / 1000, cpuMs: task.tdur! / 1000 }] : [];
  });
}
