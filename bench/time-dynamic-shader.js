// The time-dynamic bench's third side (`--shader`, time-dynamic.js): the same timed points drawn by
// bare CesiumJS as one Model with a CustomShader filtering by time on the GPU
// (time-dynamic-shader.html), and its correctness check: dots drawn against intervals holding the
// time, float32 rounding of the times against the exact predicate, and what scene.pick answers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { heapSummary } from './heap-summary.js';

const SHADER_PAGE = fileURLToPath(new URL('./time-dynamic-shader.html', import.meta.url));
const DAY_MS = 86_400_000;

/** The shader page with its config in #bench-config. */
export function shaderHtml(config) {
  return readFileSync(SHADER_PAGE, 'utf8').replace(
    '<!--bench:config-->',
    `<script id="bench-config" type="application/json">${JSON.stringify(config)}</script>`,
  );
}

/**
 * For every tick the clock can take (from the earliest start, `stepSeconds` apart, to the last end):
 * how many of the `features` points the exact predicate (ms) shows, against the shader's (float32
 * seconds from the earliest start, the uniform float32 too). Answers the ticks compared, those
 * whose counts differ, and the most points wrong in one tick.
 */
export function float32Rounding(intervalOf, features, stepSeconds) {
  const starts = new Float64Array(features);
  const ends = new Float64Array(features);
  for (let i = 0; i < features; i++) [starts[i], ends[i]] = intervalOf(i);
  const origin = starts.reduce((a, b) => Math.min(a, b));
  const last = ends.reduce((a, b) => Math.max(a, b));
  const start32 = Float32Array.from(starts, (s) => (s - origin) / 1000);
  const end32 = Float32Array.from(ends, (e) => (e - origin) / 1000);
  let ticks = 0;
  let ticksWrong = 0;
  let mostWrong = 0;
  for (let t = origin; t <= last; t += stepSeconds * 1000) {
    const t32 = Math.fround((t - origin) / 1000);
    let wrong = 0;
    for (let i = 0; i < features; i++) {
      if ((starts[i] <= t && t < ends[i]) !== (start32[i] <= t32 && t32 < end32[i])) wrong++;
    }
    ticks++;
    if (wrong) ticksWrong++;
    mostWrong = Math.max(mostWrong, wrong);
  }
  // Off the ticks: the times a free-running clock takes (any ms), 200 of them spread over the range.
  let offTickWrong = 0;
  for (let k = 1; k <= 200; k++) {
    const t = origin + Math.floor(((k * 0.6180339887498949) % 1) * (last - origin));
    const t32 = Math.fround((t - origin) / 1000);
    for (let i = 0; i < features; i++) if ((starts[i] <= t && t < ends[i]) !== (start32[i] <= t32 && t32 < end32[i])) offTickWrong++;
  }
  return { ticks, ticksWrong, mostWrongInATick: mostWrong, offTickTimes: 200, offTickPointsWrong: offTickWrong };
}

/**
 * Loads the shader page at `url` (its config has `every`: a few hundred points far apart, drawn in
 * one colour) and, at each of `times` (ms), counts the dots drawn against the points whose interval
 * holds the time (exact, from `intervalOf` by the ids the page built) and against the float32
 * predicate; then picks a shown point and a hidden one. `shots`: a folder for a screenshot at each time.
 */
export async function checkShader({ browser, coldPage, url, intervalOf, features, every, times, shots, note }) {
  const { context, page } = await coldPage(browser, '', note);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('[data-testid="viewer"]')?.dataset.ready === 'true', null, { timeout: 120_000, polling: 250 });
    const side = Math.ceil(Math.sqrt(features));
    const ids = [];
    for (let i = 0; i < features; i++) if ((i % side) % every === 0 && Math.floor(i / side) % every === 0) ids.push(i);
    const results = [];
    for (const [k, ms] of times.entries()) {
      await page.evaluate((t) => window.__benchShader.setTime(t), ms);
      const dots = await page.evaluate(() => window.__benchShader.countDots());
      const float32 = await page.evaluate((t) => window.__benchShader.float32Count(t), ms);
      const shownIndexes = ids.flatMap((id, j) => {
        const [s, e] = intervalOf(id);
        return s <= ms && ms < e ? [j] : [];
      });
      const hiddenIndex = ids.findIndex((id) => {
        const [s, e] = intervalOf(id);
        return !(s <= ms && ms < e);
      });
      const picks = await page.evaluate(
        ([shown, hidden, t]) => [window.__benchShader.pick(shown, t), window.__benchShader.pick(hidden, t)],
        [shownIndexes[Math.floor(shownIndexes.length / 2)], hiddenIndex, ms],
      );
      if (shots) await page.screenshot({ path: `${shots}/shader-check-${k + 1}.png` });
      results.push({
        time: new Date(ms).toISOString(),
        points: ids.length,
        expected: shownIndexes.length,
        float32,
        dotsDrawn: dots,
        pickShown: picks[0],
        pickHidden: picks[1],
      });
    }
    return results;
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * On the page of all the points (`url`, its config `every: 1`, keeping positions and ids), at `ms`:
 * scene.pick at the window position of `tries` points that show; the dots overlap (13 px dots about
 * 1.5 px apart), so the answer may be a neighbour: is it the point, a point that shows at `ms`, and
 * how many grid cells away; and the page's heap before the first pick and after.
 */
export async function checkPickAll({ browser, coldPage, url, intervalOf, features, ms, tries = 8, shots, note }) {
  const { context, page, cdp } = await coldPage(browser, '', note);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('[data-testid="viewer"]')?.dataset.ready === 'true', null, { timeout: 180_000, polling: 250 });
    await page.evaluate((t) => window.__benchShader.setTime(t), ms);
    if (shots) await page.screenshot({ path: `${shots}/shader-all.png` });
    const side = Math.ceil(Math.sqrt(features));
    const shows = (i) => {
      const [s, e] = intervalOf(i);
      return s <= ms && ms < e;
    };
    const shown = [];
    for (let i = 0; i < features; i++) if (shows(i)) shown.push(i);
    // The heap's objects before the first pick and after: CesiumJS makes the pick ids of a
    // feature table on its first pick.
    const heapBefore = await heapSummary(cdp, 3);
    const picks = [];
    for (let k = 0; k < tries; k++) {
      const i = shown[Math.floor(((k + 0.5) / tries) * shown.length)];
      const p = await page.evaluate(([j, t]) => window.__benchShader.pick(j, t), [i, ms]);
      const cells = p.id === null ? null : Math.max(Math.abs((p.id % side) - (i % side)), Math.abs(Math.floor(p.id / side) - Math.floor(i / side)));
      picks.push({ id: i, picked: p.id, featureId: p.featureId, pickedShows: p.id === null ? null : shows(p.id), cellsAway: cells });
    }
    const heapAfter = await heapSummary(cdp, 6);
    return { time: new Date(ms).toISOString(), shown: shown.length, picks, heapBefore, heapAfter };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * The whole check, on the front server's /bare/shader-check (every 20th row and column, magenta) and
 * /bare/shader-all pages: at 30 and 61.5 days after the intervals' first possible start `t0` (off the
 * ticks), the dots drawn and picks; and the float32 rounding over every tick.
 */
export async function checkShaderPages({ browser, coldPage, frontUrl, intervalOf, features, t0, stepSeconds, shots, problems }) {
  const times = [t0 + 30 * DAY_MS + 1234, t0 + 61.5 * DAY_MS + 56_789];
  const note = (text) => problems.push(`shader check: ${text}`);
  const common = { browser, coldPage, intervalOf, features, shots, note };
  return {
    drawn: await checkShader({ ...common, url: `${frontUrl}/bare/shader-check`, every: 20, times }),
    pickAll: await checkPickAll({ ...common, url: `${frontUrl}/bare/shader-all`, ms: times[0] }),
    float32: float32Rounding(intervalOf, features, stepSeconds),
  };
}
