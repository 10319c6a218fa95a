import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';

describe("Map tab: the scene's clock", () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('clock');
      await h.admin('PUT', '/api/projects/clock/scene', emptyScene());
    },
  });
  const savedTimeline = async () => (await (await fx.h.admin('GET', '/api/projects/clock/scene')).json()).timeline;

  it('saves the range and opening time typed in UTC, shows them on the timeline bar, refuses a stop before the start, and keeps what the bar shows', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor/clock?tab=map#token=${ADMIN_TOKEN}`);
    await page.locator('[data-testid="viewer"][data-ready="true"]').waitFor({ timeout: 120_000 });
    // No clock yet, no time-dynamic data: no timeline bar.
    expect(await page.getByTestId('timeline').isHidden()).toBe(true);

    await page.getByTestId('clock-start').fill('2026-11-21T00:00:00');
    await page.getByTestId('clock-stop').fill('2026-11-22T00:00:00');
    await page.getByTestId('clock-current').fill('2026-11-21T09:30:15');
    await page.getByTestId('clock-speed').fill('60');
    // The times typed before are saved while the cursor is still in the speed field: what it holds stays.
    await expect.poll(() => savedTimeline(), { timeout: 60_000 }).toMatchObject({ current: '2026-11-21T09:30:15Z' });
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    expect(await page.getByTestId('clock-speed').inputValue()).toBe('60');
    await page.getByTestId('clock-speed').press('Tab');
    await page.getByTestId('clock-range').selectOption('clamped');
    const typed = { start: '2026-11-21T00:00:00Z', stop: '2026-11-22T00:00:00Z', current: '2026-11-21T09:30:15Z', speed: 60, rangeType: 'clamped' };
    await expect.poll(savedTimeline, { timeout: 60_000 }).toEqual(typed);
    await expect.poll(() => page.getByTestId('timeline-time').getAttribute('datetime')).toBe('2026-11-21T09:30:15.000Z');

    // A stop before the start is said at once and not saved.
    await page.getByTestId('clock-stop').fill('2026-11-20T00:00:00');
    await page.getByTestId('clock-stop').press('Tab');
    await expect.poll(() => page.getByTestId('clock-error').textContent()).toBe('stop must not be before start');
    expect(await savedTimeline()).toEqual(typed);

    // Scrub the bar to its middle, then keep what it shows.
    await page.getByTestId('timeline-scrubber').fill(String(Number(await page.getByTestId('timeline-scrubber').getAttribute('max')) / 2));
    await page.getByTestId('clock-use-timeline').click();
    await expect.poll(async () => (await savedTimeline())?.current, { timeout: 60_000 }).toBe('2026-11-21T12:00:00Z');
    expect(await page.getByTestId('clock-error').textContent()).toBe('');
    // The field shows the saved stop again (browsers leave out seconds that are 0).
    expect(await page.getByTestId('clock-stop').inputValue()).toMatch(/^2026-11-22T00:00(:00)?$/);

    // Clear: the scene keeps no clock.
    await page.getByTestId('clock-clear').click();
    await expect.poll(savedTimeline, { timeout: 60_000 }).toBeUndefined();
    expect(await page.getByTestId('clock-start').inputValue()).toBe('');
  });
});
