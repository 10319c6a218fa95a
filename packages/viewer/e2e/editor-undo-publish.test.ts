import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { buildZip } from '../../server/src/test/zip-builder.js';
import { seriousAxeViolations } from './axe.js';
import { emptyScene, useBrowserAndServer, widgetPlugin } from './fixture.js';
import { viewerReady } from './viewer-pixels.js';

interface Saved {
  layers: { id: string }[];
  story: { pages: { id: string }[] };
}

describe('everything from the UI: a failed layer says so, undo a removal, who sees the project, unpublish asks first (docs/contract.md §14)', () => {
  const fx = useBrowserAndServer({
    setUp: async (h) => {
      await h.project('undo', 'private');
      const camera = emptyScene().camera;
      const scene = {
        ...emptyScene(),
        layers: [
          { id: 'a', title: 'A', type: 'geojson', url: `${h.url}/none-a.geojson`, visible: false },
          { id: 'b', title: 'B', type: 'geojson', url: `${h.url}/none-b.geojson`, visible: false },
        ],
        story: {
          pages: [
            { id: 'one', title: 'One', text: '', camera },
            { id: 'two', title: 'Two', text: '', camera },
          ],
        },
      };
      expect((await h.admin('PUT', '/api/projects/undo/scene', scene)).status).toBe(200);
    },
    onPage: async (tab, h) => {
      await tab.page.goto(`${h.url}/editor/undo?tab=map#token=${ADMIN_TOKEN}`);
      await viewerReady(tab.page);
    },
  });
  const saved = async () => (await (await fx.h.admin('GET', '/api/projects/undo/scene')).json()) as Saved;

  it('says on the layer, and in a notice, that a layer could not be loaded', async () => {
    const { page } = fx.tab;
    await expect
      .poll(() => page.getByTestId('layer-failure-a').textContent(), { timeout: 30_000 })
      .toBe(`Could not be loaded: ${fx.h.url}/none-a.geojson answered 404`);
    const notices = page.getByTestId('toast-error');
    await notices.filter({ hasText: 'Layer A could not be loaded' }).waitFor();
    while ((await notices.count()) > 0) await notices.first().getByRole('button', { name: 'Dismiss' }).click();
  });

  it('removes a layer and a story page at once, and Undo puts each back where it was', async () => {
    const { page } = fx.tab;
    await page.getByRole('button', { name: 'Remove layer A' }).click();
    await expect.poll(async () => (await saved()).layers.map((l) => l.id), { timeout: 60_000 }).toEqual(['b']);
    await page.getByTestId('toast-info').filter({ hasText: 'Removed layer A' }).getByTestId('toast-action').click();
    await expect.poll(async () => (await saved()).layers.map((l) => l.id), { timeout: 60_000 }).toEqual(['a', 'b']);

    await page.getByTestId('tab-story').click();
    await page.getByTestId('story-remove-one').click();
    await expect.poll(async () => (await saved()).story.pages.map((p) => p.id), { timeout: 60_000 }).toEqual(['two']);
    await page.getByTestId('toast-info').filter({ hasText: 'Removed page One' }).getByTestId('toast-action').click();
    await expect.poll(async () => (await saved()).story.pages.map((p) => p.id), { timeout: 60_000 }).toEqual(['one', 'two']);
  });

  it('switches the project public from the Publish tab, says in words why a private one is not published, and asks before unpublishing', async () => {
    const { page } = fx.tab;
    const visibility = async () => ((await (await fx.h.admin('GET', '/api/projects/undo')).json()) as { visibility: string }).visibility;
    await page.getByTestId('tab-publish').click();
    const select = page.getByTestId('project-visibility');
    await expect.poll(() => select.inputValue()).toBe('private');
    await page.getByTestId('publish').click();
    const refused = page.getByTestId('toast-error').filter({ hasText: 'the project is private' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Switch "Who sees it" above to Public');
    expect(await refused.textContent()).not.toContain('PATCH');

    await select.selectOption('public');
    await expect.poll(visibility, { timeout: 60_000 }).toBe('public');
    // Another tab and back: the refusal's notice is still there until a publish works.
    await page.getByTestId('tab-map').click();
    await page.getByTestId('tab-publish').click();
    expect(await refused.count()).toBe(1);
    await page.getByTestId('publish').click();
    await page.getByTestId('published-link').filter({ hasText: '/p/undo' }).waitFor({ timeout: 60_000 });
    expect(await refused.count()).toBe(0);
    expect((await fx.h.get('/p/undo')).status).toBe(200);

    // Unpublish asks, and only when pressed; "Keep it" keeps the page, the confirmation takes it down.
    expect(await page.getByTestId('unpublish-question').isHidden()).toBe(true);
    await page.getByTestId('unpublish').click();
    await page.getByTestId('unpublish-question').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect((await fx.h.get('/p/undo')).status).toBe(200);
    await page.getByTestId('unpublish').click();
    await page.getByTestId('unpublish-confirm').click();
    await expect.poll(async () => (await fx.h.get('/p/undo')).status, { timeout: 60_000 }).toBe(404);
  });

  it('installs a plugin from a zip and from a folder, and removes one with Undo', async () => {
    const { page } = fx.tab;
    const installed = async () =>
      ((await (await fx.h.admin('GET', '/api/projects/undo/plugins')).json()) as { manifest: { id: string } }[]).map((p) => p.manifest.id).sort();
    await page.getByTestId('tab-widgets').click();
    const zipped = widgetPlugin('zipped', 'console.log("zipped runs")');
    await page.getByTestId('plugin-zip').setInputFiles({
      name: 'zipped.zip',
      mimeType: 'application/zip',
      buffer: buildZip([
        { name: 'plugin.json', data: JSON.stringify(zipped.manifest) },
        { name: 'main.js', data: zipped.files['main.js'] },
      ]),
    });
    await expect.poll(installed, { timeout: 60_000 }).toEqual(['zipped']);

    const folder = mkdtempSync(join(tmpdir(), 'orbis-plugin-'));
    const folded = widgetPlugin('folded', 'console.log("folded runs")');
    writeFileSync(join(folder, 'plugin.json'), JSON.stringify(folded.manifest));
    writeFileSync(join(folder, 'main.js'), folded.files['main.js']);
    await page.getByTestId('plugin-folder').setInputFiles(folder);
    await expect.poll(installed, { timeout: 60_000 }).toEqual(['folded', 'zipped']);
    // The open editor lists them and runs them without a reload.
    await expect.poll(() => page.getByTestId('plugin-list').textContent(), { timeout: 30_000 }).toContain('folded 1.0.0');
    await expect.poll(() => page.getByTestId('widget-list').textContent(), { timeout: 30_000 }).toContain('zipped');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('plugin-remove-zipped').click();
    await expect.poll(installed, { timeout: 60_000 }).toEqual(['folded']);
    await page.getByTestId('toast-info').filter({ hasText: 'Removed plugin zipped' }).getByTestId('toast-action').click();
    await expect.poll(installed, { timeout: 60_000 }).toEqual(['folded', 'zipped']);
  });
});
