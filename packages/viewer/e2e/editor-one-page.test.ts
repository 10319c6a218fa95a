import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { seriousAxeViolations } from './axe.js';
import { shot } from './shots.js';
import { emptyScene, reportLines, SAY, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { viewerReady } from './viewer-pixels.js';

describe('the editor as one page (docs/contract.md §14)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('onepage');
      const story = { pages: Array.from({ length: 12 }, (_, i) => ({ id: `p${i}`, title: `Page ${i}`, text: '', camera: emptyScene().camera })) };
      expect((await h.admin('PUT', '/api/projects/onepage/scene', { ...emptyScene(), story })).status).toBe(200);
      expect((await h.admin('POST', '/api/projects/onepage/plugins', widgetPlugin('where', `${SAY} say('inEditor', app.viewer.env.inEditor);`))).status).toBe(
        201,
      );
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/editor/onepage?tab=map#token=${ADMIN_TOKEN}`);
      await viewerReady(tab.page);
    },
  });

  it('switches tabs without loading a page: the globe, its canvas and the scroll stay; the address follows; back and forward work', async () => {
    const { page } = fx.tab;
    const inEditor = () => reportLines(fx.tab, 'where/main').map(([, v]) => v);
    await expect.poll(inEditor, { timeout: 60_000 }).toEqual([true]);
    // Marks that a page load would wipe: a window property and the globe's canvas element.
    await page.evaluate(`window.__samePage = true; document.querySelector('#viewer canvas').dataset.mark = 'first'`);
    const samePage = async () =>
      (await page.evaluate(`window.__samePage === true && document.querySelector('#viewer canvas').dataset.mark === 'first'`)) as boolean;

    await shot(page, 'map-640');
    await page.getByTestId('tab-story').click();
    await page.getByTestId('story-panel').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('story');
    expect(await page.getByTestId('tab-story').getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toBe('onepage · Story · Orbis editor');
    // The story is longer than the sidebar: scroll it, leave, come back, and it is where it was.
    const scrollTop = async () => (await page.evaluate(`document.getElementById('sidebar').scrollTop`)) as number;
    await page.evaluate(`document.getElementById('sidebar').scrollTop = 200`);
    const scrolled = await scrollTop();
    expect(scrolled).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'story-640');

    // The Publish tab shows the page as published: the plugins start again, told they are not in the editor.
    await page.getByTestId('tab-publish').click();
    await page.getByTestId('publish-panel').waitFor();
    await expect.poll(inEditor, { timeout: 60_000 }).toEqual([true, false]);
    expect(await scrollTop()).toBe(0);

    await page.goBack();
    await page.getByTestId('story-panel').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('story');
    expect(await scrollTop()).toBe(scrolled);
    await expect.poll(inEditor, { timeout: 60_000 }).toEqual([true, false, true]);
    await page.goBack();
    await page.getByTestId('map-panel').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('map');
    await page.goForward();
    await page.getByTestId('story-panel').waitFor();

    expect(await samePage()).toBe(true);
    // One panel shows at a time.
    expect(await page.getByTestId('map-panel').count()).toBe(0);
    fx.tab.assertClean();
  });

  it('shows every tab, at 640 × 480 and on a phone, with the six tabs on one row and nothing axe-core calls serious', async () => {
    const { page } = fx.tab;
    const panels = {
      map: 'map-panel',
      content: 'content-panel',
      story: 'story-panel',
      widgets: 'widgets-panel',
      publish: 'publish-panel',
      members: 'members-panel',
    };
    for (const [size, viewport] of [
      ['640', { width: 640, height: 480 }],
      ['phone', { width: 360, height: 640 }],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const [tab, panel] of Object.entries(panels)) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.getByTestId(panel).waitFor();
        const tops = (await page.evaluate(`[...document.querySelectorAll('nav.tabs a')].map((a) => a.getBoundingClientRect().top)`)) as number[];
        expect(new Set(tops).size, `the tabs at ${size}`).toBe(1);
        if (size === '640') expect(await seriousAxeViolations(page), `the ${tab} tab`).toEqual([]);
        await shot(page, `editor-${tab}-${size}`);
      }
    }
    await page.setViewportSize({ width: 640, height: 480 });
    fx.tab.assertClean();
  });
});
