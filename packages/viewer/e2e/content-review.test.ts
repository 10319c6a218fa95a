import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../server/src/test/harness.js';
import { addMember, signedInUser, signIn } from '../../server/src/test/team.js';
import { startReceiver, type WebhookReceiver } from '../../server/src/test/webhook-receiver.js';
import { seriousAxeViolations } from './axe.js';
import { lightenScene, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';

/**
 * The Content tab's workflow (docs/content-workflow.md): an item's draft, a review request, its
 * approval to the public API, a webhook's delivery, and an old version compared and restored. One page.
 */
describe('editor Content tab: review, versions and webhooks in Chromium', () => {
  let receiver: WebhookReceiver;
  const fx = useBrowserAndServer({
    viewport: { width: 640, height: 480 },
    env: { ORBIS_WEBHOOK_ALLOW_PRIVATE: '1' },
    setUp: async (h) => {
      receiver = await startReceiver();
      await h.project('review');
      // The globe beside the tab only shows the model's layer: drawn light, its frames cost the tab's clicks little.
      await lightenScene(h, 'review');
      const fields = [
        { key: 'name', type: 'text', required: true },
        { key: 'capacity', type: 'integer' },
        { key: 'about', type: 'richtext' },
      ];
      expect((await h.admin('POST', '/api/projects/review/models', { key: 'shelters', name: 'Shelters', public: true, review: true, fields })).status).toBe(
        201,
      );
      await signedInUser(h, 'mia@example.org');
      await addMember(h, 'review', 'mia@example.org', 'maintainer');
      expect((await h.admin('POST', '/api/projects/review/webhooks', { url: receiver.url, triggers: ['item.publish'] })).status).toBe(201);
    },
  });
  afterAll(() => receiver?.close());

  it('walks an item from draft through a request and an approval to the public API, and restores an old version', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    const published = async () => ((await (await h.get('/api/p/review/shelters.json')).json()) as { results: { name: string }[] }).results.map((r) => r.name);
    await page.goto(`${h.url}/editor/review?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByTestId('items-count').filter({ hasText: '0 items' }).waitFor();

    await page.getByTestId('new-item').click();
    await page.getByTestId('item-field-name').fill('Hall A');
    // Richtext is Markdown, previewed as the published page renders it: raw HTML stays text.
    await page.getByTestId('item-field-about').fill('**Open** daily <img src=x onerror="window.hacked=1">');
    expect(await page.getByTestId('item-field-about-preview').locator('strong').textContent()).toBe('Open');
    expect(await page.getByTestId('item-field-about-preview').locator('img').count()).toBe(0);
    await page.getByTestId('save-item').click();
    await page.getByTestId('items-count').filter({ hasText: '1 item,' }).waitFor();
    await page.getByTestId('edit-item').click();
    await page.getByTestId('item-status').filter({ hasText: 'draft' }).waitFor();
    expect(await published()).toEqual([]);

    // Ask mia (the only maintainer) to review it; as the admin token, the request waits here too.
    await page.getByTestId('ask-review').click();
    await page.getByTestId('item-status').filter({ hasText: 'review' }).waitFor();
    await page.getByTestId('request-comment').fill('Checked on site');
    await page.getByTestId('approve-request').click();
    // The tab shows the model again once the request is closed: the request leaves the list.
    await page.getByTestId('request-row').waitFor({ state: 'detached' });
    await expect.poll(published).toEqual(['Hall A']);
    const approved = (await (await h.admin('GET', '/api/projects/review/requests?state=approved')).json()) as { comment: string }[];
    expect(approved.map((r) => r.comment)).toEqual(['Checked on site']);

    // The webhook heard the publish: its delivery shows with the receiver's answer.
    await receiver.nth(1);
    // The receiver has it; the sender records the answer just after: the list is read once that is in.
    const hooks = (await (await h.admin('GET', '/api/projects/review/webhooks')).json()) as { id: string }[];
    await expect
      .poll(async () => ((await (await h.admin('GET', `/api/projects/review/webhooks/${hooks[0]!.id}/deliveries`)).json()) as { status: string }[])[0]?.status)
      .toBe('delivered');
    await page.getByTestId('webhook-list').locator('summary').click();
    await page.getByTestId('delivery-row').filter({ hasText: 'item.publish · delivered · 200' }).waitFor();

    // A change is a draft: the public API keeps the approved version.
    await page.getByTestId('edit-item').click();
    await page.getByTestId('item-status').filter({ hasText: 'published' }).waitFor();
    await page.getByTestId('item-field-name').fill('Hall B');
    await page.getByTestId('save-item').click();
    // Saved, the table is shown again: its row says the item has a newer draft.
    await page.locator('[data-testid="row-status"][data-status="changed"]').waitFor();
    await page.getByTestId('edit-item').click();
    await page.getByTestId('item-status').filter({ hasText: 'changed' }).waitFor();
    expect(await published()).toEqual(['Hall A']);

    // History: the first version against the current draft, then restored (a new draft).
    await page.getByTestId('item-history').locator('summary').click();
    const first = page.getByTestId('version-row').last();
    await first.filter({ hasText: 'v1' }).waitFor();
    await first.getByTestId('compare-version').click();
    expect(await page.locator('[data-testid="version-diff"] tr[data-changed]').allTextContents()).toEqual(['nameHall AHall B']);
    await page.locator('[data-testid="content-panel"]').screenshot({ path: '/tmp/content-review.png' });
    await first.getByTestId('restore-version').click();
    await page.getByTestId('item-status').filter({ hasText: 'changed' }).waitFor();
    await expect.poll(() => page.getByTestId('item-field-name').inputValue()).toBe('Hall A');
    const id = ((await (await h.admin('GET', '/api/projects/review/models/shelters/items')).json()) as { results: { id: string }[] }).results[0]!.id;
    expect(await (await h.admin('GET', `/api/projects/review/models/shelters/items/${id}`)).json()).toMatchObject({ name: 'Hall A', status: 'changed' });
    expect(await published()).toEqual(['Hall A']);
    tab.assertClean();
  });

  it('imports a file into the model as drafts, asks for a review of every draft at once, and a maintainer publishes them', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    const published = async () => ((await (await h.get('/api/p/review/shelters.json')).json()) as { results: { name: string }[] }).results.map((r) => r.name);
    const before = await published();
    await page.goto('about:blank');
    await page.goto(`${h.url}/editor/review?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByText('Import CSV, JSON or GeoJSON (as drafts, public once approved)').waitFor();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'halls.csv', mimeType: 'text/csv', buffer: Buffer.from('name,capacity\nHall C,30\nHall D,40\n') });
    await page
      .getByTestId('content-message')
      .filter({ hasText: 'Imported 2 items from halls.csv as drafts: each is public once a request for it is approved.' })
      .waitFor();
    // The table, read again after the import, marks both rows as drafts.
    await expect.poll(() => page.locator('[data-testid="row-status"][data-status="draft"]').count()).toBe(2);
    expect(await published()).toEqual(before);

    // Every draft in one request: the two imported rows and Hall A's restored draft, mia as the reviewer.
    const askAll = page.getByTestId('ask-review-all');
    await askAll.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('drafts-reviewer').locator('option:checked').textContent()).toBe('mia');
    if (process.env.ORBIS_SHOTS) {
      // docs/content-workflow.md's picture: the tab beside the globe, as docs/editor.md's are taken.
      const wide = await fx.open({ width: 1024, height: 640 });
      await wide.page.goto(`${h.url}/editor/review?tab=content#token=${ADMIN_TOKEN}`);
      await wide.page.getByTestId('ask-review-all').scrollIntoViewIfNeeded();
      await shot(wide.page, 'editor-content-review-drafts');
    }
    await askAll.click();
    await page.getByText('Review asked for 3 drafts').waitFor();
    await expect.poll(() => page.locator('[data-testid="row-status"][data-status="review"]').count()).toBe(3);
    const open = (await (await h.admin('GET', '/api/projects/review/requests?state=open')).json()) as { title: string; items: unknown[] }[];
    expect(open.map((r) => [r.title, r.items.length])).toEqual([['Shelters: every draft', 3]]);
    tab.assertClean();

    // mia, signed in as herself, approves it: the public API lists the imported items.
    const mia = await fx.open();
    const [cookieName, value] = (await signIn(h.url, 'mia@example.org')).split('=') as [string, string];
    await mia.page.context().addCookies([{ name: cookieName, value, url: h.url }]);
    await mia.page.goto(`${h.url}/editor/review?tab=content`);
    await mia.page.getByTestId('request-row').filter({ hasText: 'Shelters: every draft' }).waitFor();
    await mia.page.getByTestId('approve-request').click();
    await mia.page.getByTestId('request-row').waitFor({ state: 'detached' });
    await expect.poll(async () => (await published()).sort()).toEqual(['Hall A', 'Hall C', 'Hall D']);
    await expect.poll(() => mia.page.locator('[data-testid="row-status"][data-status="published"]').count()).toBe(3);
    mia.assertClean();
  });

  it('lets a maintainer add a webhook, pause it, change it in place and delete it from the webhook list', async () => {
    const { h, tab } = fx;
    const { page } = tab;
    const registered = async () =>
      (await (await h.admin('GET', '/api/projects/review/webhooks')).json()) as { url: string; triggers: string[]; active: boolean }[];
    // A page of its own: the same address again would change only its hash, and keep the list opened before.
    await page.goto('about:blank');
    await page.goto(`${h.url}/editor/review?tab=content#token=${ADMIN_TOKEN}`);
    await page.getByTestId('webhook-list').locator('summary').click();
    await page.getByTestId('webhook-row').first().waitFor();
    // Told of asset deletions only, which this test makes none of: nothing is delivered to it.
    const url = `${receiver.url}?from=editor`;
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-trigger-item.publish').uncheck();
    await page.getByTestId('webhook-trigger-item.unpublish').uncheck();
    await page.getByTestId('webhook-trigger-asset.delete').check();
    await page.getByTestId('add-webhook').click();
    // Its secret is shown once, the one answer that has it.
    expect(await page.getByTestId('webhook-secret-value').inputValue()).toMatch(/^whsec_/);
    const row = page.getByTestId('webhook-row').filter({ hasText: url });
    await row.waitFor();
    // The list, its rows and the form pass axe-core, opened.
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await registered()).find((hook) => hook.url === url)).toMatchObject({ triggers: ['asset.delete'], active: true });

    await row.getByTestId('webhook-pause').click();
    await page.locator('[data-testid="webhook-row"][data-active="false"]').filter({ hasText: url }).waitFor();
    expect((await registered()).find((hook) => hook.url === url)?.active).toBe(false);

    // Changed in place: a refused address is said and changes nothing; a good one and its events are saved, paused still.
    await row.getByTestId('webhook-edit').click();
    const edit = row.getByTestId('webhook-edit-form');
    expect(await edit.getByTestId('webhook-edit-url').inputValue()).toBe(url);
    expect(await edit.getByTestId('webhook-edit-trigger-asset.delete').isChecked()).toBe(true);
    await edit.getByTestId('webhook-edit-url').fill('ftp://hooks.example.org/orbis');
    await edit.getByTestId('webhook-edit-save').click();
    await expect
      .poll(() => edit.getByTestId('webhook-edit-message').textContent())
      .toMatch(/ftp:\/\/hooks\.example\.org\/orbis: webhooks are http or https URLs/);
    expect((await registered()).find((hook) => hook.url === url)).toMatchObject({ triggers: ['asset.delete'] });
    const changedUrl = `${receiver.url}?from=editor&changed=1`;
    await edit.getByTestId('webhook-edit-url').fill(changedUrl);
    await edit.getByTestId('webhook-edit-trigger-asset.upload').check();
    await edit.getByTestId('webhook-edit-save').click();
    await edit.waitFor({ state: 'detached' });
    expect((await registered()).find((hook) => hook.url === changedUrl)).toMatchObject({ triggers: ['asset.upload', 'asset.delete'], active: false });
    const changedRow = page.getByTestId('webhook-row').filter({ hasText: changedUrl });
    await changedRow.waitFor();

    page.once('dialog', (dialog) => void dialog.accept());
    await changedRow.getByTestId('webhook-delete').click();
    await changedRow.waitFor({ state: 'detached' });
    expect((await registered()).map((hook) => hook.url)).toEqual([receiver.url]);
    tab.assertClean();
  });
});
