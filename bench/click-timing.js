// How long a visitor's click on the globe holds the page's main thread: the time-dynamic bench's
// `--clicks` (a pick among 100,000 timed points drawn together, docs/viewer.md "Time on the GPU").

/**
 * Clicks `n` places near the viewer's centre (Escape after each, which closes an infobox), and
 * answers, per click, the Event Timing API's processing time of its events that took 1 ms or more
 * (of those over 16 ms in all, the API's least threshold) and the longest animation frame
 * callback run within 1.5 s after it (a pick may wait for a frame), both in ms.
 */
export async function clickTimes(page, n = 5) {
  await page.evaluate(() => {
    window.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.processingEnd - e.processingStart >= 1) window.__benchEvents.push([e.name, Math.round(e.processingEnd - e.processingStart)]);
    }).observe({ type: 'event', durationThreshold: 16 });
  });
  const box = await page.getByTestId('viewer').boundingBox();
  const clicks = [];
  for (let i = 0; i < n; i++) {
    await page.evaluate(() => {
      window.__benchEvents.length = 0;
      window.__benchFrames.length = 0;
      window.__benchTicking = true;
    });
    await page.mouse.click(box.x + box.width / 2 + (i - n / 2) * 23, box.y + box.height / 2 + (i % 2) * 17);
    await page.waitForTimeout(1500);
    const { events, frames, selected } = await page.evaluate(() => ({
      events: [...window.__benchEvents],
      frames: window.__benchFrames.map(([, ms]) => ms),
      selected: !document.querySelector('[data-testid="infobox"]')?.hidden,
    }));
    await page.evaluate(() => (window.__benchTicking = false));
    clicks.push({ events, longestFrameMs: Math.round(Math.max(0, ...frames) * 10) / 10, infobox: selected });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
  }
  return clicks;
}
