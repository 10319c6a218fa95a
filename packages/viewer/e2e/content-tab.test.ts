import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { lightenScene, useBrowserAndServer } from './fixture.js';

/** The editor's Content tab (docs/contract.md §10): models, a paged table of items, an item form, import. One page load. */
describe('editor Content tab in Chromium', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 640, height: 480 },
    setUp: async (h) => {
      // Private: the editor reads a model layer through the admin route (the public API would want an API key).
      await h.project('content', 'private');
      // The globe beside the tab only shows the model's layer: drawn light, its frames cost the tab's clicks little.
      await lightenScene(h, 'content');
      const fields = [
        { key: 'name', type: 'text', required: true },
        { key: 'capacity', type: 'integer' },
        { key: 'loc', type: 'geometry' },
      ];
      expect((await h.admin('POST', '/api/projects/content/models', { key: 'shelters', name: 'Shelters', public: true, fields })).status).toBe(201);
      const rows = Array.from({ length: 25 }, (_, i) => `Hall ${i},${i * 10},${139 + i / 100},35.6`).join('\n');
      const res = await fetch(`${h.url}/api/projects/content/models/shelters/import?public=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
        body: `name,capacity,loc_lng,loc_lat\n${rows}\n`,
      });
      expect(res.status).toBe(201);
    },
  });

  it('lists items with paging, edits one in its form, creates one, imports a file, and shows the model as a layer', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto(`${h.url}/editor/content?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByTestId('items-count').filter({ hasText: '25 items, page 1 of 2' }).waitFor();
    expect(await page.getByTestId('item-row').count()).toBe(20);
    await page.getByTestId('items-next').click();
    await page.getByTestId('items-count').filter({ hasText: 'page 2 of 2' }).waitFor();
    expect(await page.getByTestId('item-row').count()).toBe(5);
    await page.locator('[data-testid="content-panel"]').screenshot({ path: '/tmp/content-tab.png' });

    // Edit the first item of page 2 (Hall 20): its form is built from the model.
    await page.getByTestId('edit-item').first().click();
    expect(await page.getByTestId('item-field-name').inputValue()).toBe('Hall 20');
    expect(await page.getByTestId('item-field-loc-lng').inputValue()).toBe('139.2');
    await page.getByTestId('item-field-capacity').fill('999');
    await page.getByTestId('item-public').uncheck();
    await page.getByTestId('save-item').click();
    await page.locator('[data-testid="item-row"]', { hasText: '999' }).waitFor();
    const listed = (await (await h.admin('GET', '/api/projects/content/models/shelters/items?offset=20&limit=1')).json()) as {
      results: Record<string, unknown>[];
    };
    expect(listed.results[0]).toMatchObject({ name: 'Hall 20', capacity: 999, public: false, loc: { type: 'Point', coordinates: [139.2, 35.6] } });

    // A new item without its required name is refused, naming the field; with it, it is created.
    await page.getByTestId('new-item').click();
    await page.getByTestId('save-item').click();
    await page.getByTestId('content-message').filter({ hasText: '"name"' }).waitFor();
    await page.getByTestId('item-field-name').fill('Annex');
    await page.getByTestId('save-item').click();
    await page.getByTestId('items-count').filter({ hasText: '26 items' }).waitFor();

    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from('name,capacity\nImported A,1\nImported B,2\n') });
    await page.getByTestId('items-count').filter({ hasText: '28 items' }).waitFor();
    expect(await page.getByTestId('content-message').textContent()).toBe('Imported 2 items from more.csv.');

    // The model as a layer: the scene keeps {"type":"geojson","model":"shelters"}, the globe loads its public items.
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/projects/content/models/shelters/items.geojson') && r.status() === 200);
    await page.getByTestId('add-model-layer').click();
    const first = await loaded;
    // The layer reads in a worker, whose response body Playwright may no longer hold: the same URL is read again here.
    expect(((await (await h.admin('GET', new URL(first.url()).pathname)).json()) as { features: unknown[] }).features.length).toBeGreaterThan(20);
    // An item made public shows on the layer at once, without a reload (docs/viewer.md, "Model layers"):
    // the layer reads its items again (in a worker, whose answer's body is gone once it is read), a new version of them.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/projects/content/models/shelters/items.geojson') && r.status() === 200);
    await page.getByTestId('item-row').filter({ hasText: '999' }).getByTestId('row-public').check();
    expect((await again).headers().etag).not.toBe(first.headers().etag);
    await page.getByTestId('save-status').filter({ hasText: 'Saved' }).waitFor();
    const scene = (await (await h.admin('GET', '/api/projects/content/scene')).json()) as { layers: Record<string, unknown>[] };
    expect(scene.layers).toEqual([expect.objectContaining({ type: 'geojson', model: 'shelters', visible: true })]);
    tab.assertClean();
  });

  it('offers a choice when someone saved the item since its form opened: see their change, or save over it on purpose (412)', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto(`${h.url}/editor/content?tab=content#token=${ADMIN_TOKEN}`);
    const row = page.getByTestId('item-row').first();
    const name = (await row.locator('td').first().textContent())!;
    const all = (await (await h.admin('GET', '/api/projects/content/models/shelters/items?limit=100')).json()) as { results: { id: string; name: string }[] };
    const { id } = all.results.find((item) => item.name === name)!;
    const capacity = async () => ((await (await h.admin('GET', `/api/projects/content/models/shelters/items/${id}`)).json()) as { capacity: number }).capacity;
    await row.getByTestId('edit-item').click();
    expect(await page.getByTestId('item-field-name').inputValue()).toBe(name);
    await page.getByTestId('item-field-capacity').fill('111');
    // A teammate saves the same item meanwhile.
    expect((await h.admin('PATCH', `/api/projects/content/models/shelters/items/${id}`, { fields: { capacity: 222 } })).status).toBe(200);
    await page.getByTestId('save-item').click();
    await page.getByTestId('item-conflict').waitFor();
    expect(await capacity()).toBe(222);
    await page.getByTestId('item-conflict-see').click();
    await expect.poll(() => page.getByTestId('item-field-capacity').inputValue(), { timeout: 30_000 }).toBe('222');
    // Again, and this time save over it on purpose.
    await page.getByTestId('item-field-capacity').fill('333');
    expect((await h.admin('PATCH', `/api/projects/content/models/shelters/items/${id}`, { fields: { capacity: 444 } })).status).toBe(200);
    await page.getByTestId('save-item').click();
    await page.getByTestId('item-conflict-overwrite').click();
    await expect.poll(capacity, { timeout: 30_000 }).toBe(333);
    tab.assertClean();
  });

  it('refuses a webhook to a private address as the server says it, and keeps what was typed', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto('about:blank');
    await page.goto(`${h.url}/editor/content?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByTestId('webhook-list').locator('summary').click();
    await page.getByTestId('webhooks').getByText('No webhooks yet').waitFor();
    // This server has no ORBIS_WEBHOOK_ALLOW_PRIVATE: a loopback receiver is refused, and nothing is registered.
    await page.getByTestId('webhook-url').fill('http://127.0.0.1:9/hook');
    await page.getByTestId('add-webhook').click();
    await page.getByTestId('webhook-message').filter({ hasText: '127.0.0.1' }).waitFor();
    expect(await page.getByTestId('webhook-url').inputValue()).toBe('http://127.0.0.1:9/hook');
    expect(await (await h.admin('GET', '/api/projects/content/webhooks')).json()).toEqual([]);
    tab.assertClean();
  });

  it('keeps what is typed in an item form while the list of items is read again', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    await page.goto('about:blank');
    await page.goto(`${h.url}/editor/content?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByTestId('item-row').first().getByTestId('edit-item').click();
    await page.getByTestId('item-field-name').fill('Typed, not saved');
    await page.getByTestId('item-field-capacity').focus();
    // An import reads the list again (a teammate's items would come the same way): the form is left as it is.
    const before = (await page.getByTestId('items-count').textContent())!;
    await page.getByTestId('import-file').setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from('name,capacity\nImported C,3\n') });
    await page.getByTestId('content-message').filter({ hasText: 'Imported 1 item from one.csv.' }).waitFor();
    await page.getByTestId('items-count').filter({ hasNotText: before }).waitFor();
    expect(await page.getByTestId('item-field-name').inputValue()).toBe('Typed, not saved');
    expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('item-field-capacity');
    tab.assertClean();
  });
});
