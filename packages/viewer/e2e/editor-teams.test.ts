import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { exportProject } from '../../server/src/projects/project-export.js';
import { addMember, PASSWORD } from '../../server/src/test/team.js';
import { seriousAxeViolations } from './axe.js';
import { shot } from './shots.js';
import { emptyScene, useBrowserAndServer } from './fixture.js';

async function signInAs(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/editor`);
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(PASSWORD);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('project-list').waitFor();
}

describe('The editor for a team (docs/contract.md §12): sign-in, who is signed in, Members, a read-only reader', () => {
  const fx = useBrowserAndServer({
    // Room for the editor's panels, no more: the globe beside them draws each frame in software (1000×640: 72 s alone, 48 s).
    viewport: { width: 800, height: 560 },
    setUp: async (h) => {
      await h.project('city');
      // A name of its own, apart from its address: the start page names projects by their names.
      expect((await h.admin('PATCH', '/api/projects/city', { name: 'City hall' })).status).toBe(200);
      await h.admin('PUT', '/api/projects/city/scene', emptyScene());
      for (const [email, name] of [
        ['ana@example.org', 'Ana'],
        ['rita@example.org', 'Rita'],
      ]) {
        const res = await h.admin('POST', '/api/users', { email, name, password: PASSWORD });
        expect(res.status).toBe(201);
      }
      await addMember(h, 'city', 'ana@example.org', 'owner');
      await addMember(h, 'city', 'rita@example.org', 'reader');
      const model = await h.admin('POST', '/api/projects/city/models', { key: 'sites', name: 'Sites', public: true, fields: [{ key: 'name', type: 'text' }] });
      expect(model.status).toBe(201);
    },
  });
  const members = async () => (await (await fx.h.admin('GET', '/api/projects/city/members')).json()) as { email: string; role: string }[];

  let invitationLink = '';

  it('signs an owner in with email and password (a wrong one is said in words) and lists their project with their role', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor/city`);
    await page.getByTestId('sign-in-page').waitFor();
    // No OpenID Connect provider is set on this server: no button for one.
    expect(await page.getByTestId('sign-in-oidc').count()).toBe(0);
    await page.getByTestId('sign-in-email').fill('ana@example.org');
    await page.getByTestId('sign-in-password').fill('not the password');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('sign-in-message').textContent(), { timeout: 30_000 }).toBe('The email or the password is wrong.');
    await shot(page, '1-sign-in');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await signInAs(page, fx.h.url, 'ana@example.org');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Ana (ana@example.org)');
    expect(await page.getByTestId('project-list').textContent()).toBe('City hallcityowner');
    await shot(page, '2-projects');
    await page.getByRole('link', { name: 'City hall' }).click();
    await page.getByTestId('map-panel').waitFor();
    expect(await page.getByTestId('my-role').textContent()).toBe('owner');
    expect(await page.getByTestId('read-only').count()).toBe(0);
    fx.tab.assertClean();
  });

  it('lets the owner add a member (the invitation link shows) and change a role on the Members tab', async () => {
    const { page } = fx.tab;
    await page.getByTestId('tab-members').click();
    await page.getByTestId('members-panel').waitFor();
    await expect.poll(() => page.getByTestId('member').count(), { timeout: 30_000 }).toBe(2);

    // bo has no user yet: an invitation, whose link is shown to pass on.
    await page.getByTestId('invite-email').fill('bo@example.org');
    await page.getByTestId('invite-role').selectOption('writer');
    await page.getByTestId('invite').click();
    invitationLink = await page.getByTestId('invitation-url').inputValue();
    expect(invitationLink).toMatch(/\/editor\?invitation=[\w-]{20,}$/);
    // What the link is worth: it was not e-mailed, so the account it makes proves no address (docs/teams.md).
    expect(await page.getByTestId('invitation-worth').textContent()).toBe(
      'Whoever opens this link joins as writer. It was not e-mailed, so the account it makes is not proven to belong to bo@example.org: it gains no other project through that address.',
    );
    // The invitation is listed until it is accepted; another, made and revoked, is gone with its link.
    const pending = page.getByTestId('pending-invitation');
    await expect
      .poll(() => pending.allTextContents(), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/^bo@example\.org · writer, invited by Ana \(a link passed on\), until /)]);
    await page.getByTestId('invite-email').fill('cy@example.org');
    await page.getByTestId('invite-role').selectOption('reader');
    await page.getByTestId('invite').click();
    await expect.poll(() => pending.count(), { timeout: 30_000 }).toBe(2);
    const cyLink = await page.getByTestId('invitation-url').inputValue();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('invitation-revoke-cy@example.org').click();
    await expect.poll(() => pending.allTextContents(), { timeout: 30_000 }).toEqual([expect.stringMatching(/^bo@example\.org /)]);
    const listed = (await (await fx.h.admin('GET', '/api/projects/city/invitations')).json()) as { email: string }[];
    expect(listed.map((i) => i.email)).toEqual(['bo@example.org']);
    expect((await fetch(`${fx.h.url}/api/auth/invitations/${new URL(cyLink).searchParams.get('invitation')}`)).status).toBe(404);
    // The link shown was the revoked one's: it goes with it.
    expect(await page.getByTestId('invitation-url').count()).toBe(0);
    await shot(page, '3-members-invited');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The reader becomes a writer and back, on the cookie session (the browser sends Orbis's origin).
    await page.getByTestId('member-role-rita@example.org').selectOption('writer');
    await expect.poll(async () => (await members()).find((m) => m.email === 'rita@example.org')?.role, { timeout: 30_000 }).toBe('writer');
    await page.getByTestId('member-role-rita@example.org').selectOption('reader');
    await expect.poll(async () => (await members()).find((m) => m.email === 'rita@example.org')?.role, { timeout: 30_000 }).toBe('reader');
    fx.tab.assertClean();
  });

  it('signs out, and the invitation link makes the new user a member, signed in', async () => {
    const { page } = fx.tab;
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);

    await page.goto(invitationLink);
    // The page names who invites, the project and the role before anyone joins (docs/teams.md).
    await expect
      .poll(() => page.getByTestId('invitation-about').textContent(), { timeout: 30_000 })
      .toMatch(/^Ana \(ana@example\.org\) invites bo@example\.org to the project “City hall” with the role writer\./);
    expect(await page.locator('[data-testid=invitation] h2').textContent()).toBe('Join “City hall”');
    await shot(page, '3b-invitation');
    await page.getByTestId('invitation-name').fill('Bo');
    await page.getByTestId('invitation-password').fill(PASSWORD);
    await page.getByTestId('accept-invitation').click();
    await expect.poll(async () => (await page.getByTestId('project-list').textContent()) ?? '', { timeout: 30_000 }).toContain('citywriter');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Bo (bo@example.org)');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    fx.tab.assertClean();
  });

  it('lets a writer upload files and add them as layers: a writer edits the map (docs/teams.md)', async () => {
    const { page } = fx.tab;
    await signInAs(page, fx.h.url, 'bo@example.org');
    await page.goto(`${fx.h.url}/editor/city?tab=map`);
    await page.getByTestId('map-panel').waitFor();
    expect(await page.getByTestId('my-role').textContent()).toBe('writer');
    expect(await page.getByTestId('upload-input').isDisabled()).toBe(false);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'parks.geojson', mimeType: 'application/geo+json', buffer: Buffer.from('{"type":"FeatureCollection","features":[]}') });
    const add = page.getByTestId('add-layer-parks.geojson');
    await add.waitFor();
    expect(await add.isDisabled()).toBe(false);
    expect(await page.getByTestId('asset-public-parks.geojson').isDisabled()).toBe(false);
    expect(await page.getByTestId('layer-url').isDisabled()).toBe(false);
    await add.click();
    await shot(page, '4-writer-map');
    await expect
      .poll(async () => ((await (await fx.h.admin('GET', '/api/projects/city/scene')).json()) as { layers: unknown[] }).layers.length, { timeout: 60_000 })
      .toBe(1);
    const assets = ((await (await fx.h.admin('GET', '/api/projects/city/assets')).json()) as { results: { name: string }[] }).results;
    expect(assets.map((a) => a.name)).toEqual(['parks.geojson']);
    fx.tab.assertClean();
  });

  it('lets the writer import items on the Content tab, but not define or publish models', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor/city?tab=content`);
    await page.getByTestId('items-table').waitFor();
    await page.getByTestId('import-file').setInputFiles({ name: 'sites.csv', mimeType: 'text/csv', buffer: Buffer.from('name\nNorth gate\nSouth gate\n') });
    await expect.poll(() => page.getByTestId('items-count').textContent(), { timeout: 30_000 }).toContain('2 items');
    expect(await page.getByTestId('new-item').isDisabled()).toBe(false);
    expect(await page.getByTestId('create-model').isDisabled()).toBe(true);
    expect(await page.getByTestId('model-public').isDisabled()).toBe(true);
    expect((await page.getByTestId('add-model-layer').getAttribute('title')) ?? '').not.toContain('needs the role');
    await shot(page, '5-writer-content');
    expect(fx.tab.consoleMessages.filter((m) => /\b403\b/.test(m.text))).toEqual([]);
    fx.tab.assertClean();
  });

  it('lets a user change their password, and make, use and revoke a personal access token', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor`);
    await page.getByTestId('account-panel').locator('summary').click();
    const message = page.getByTestId('account-message');
    await page.getByTestId('account-current-password').fill('not my password');
    await page.getByTestId('account-new-password').fill('another long passphrase');
    await page.getByTestId('account-save').click();
    await expect.poll(() => message.textContent(), { timeout: 30_000 }).toContain('currentPassword must be the current password');
    await page.getByTestId('account-current-password').fill(PASSWORD);
    await page.getByTestId('account-save').click();
    await expect.poll(() => message.textContent(), { timeout: 30_000 }).toBe('Saved. Your password is changed: your other sessions are signed out.');
    const signInWith = (password: string) =>
      fetch(`${fx.h.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bo@example.org', password }),
      });
    expect((await signInWith(PASSWORD)).status).toBe(401);
    expect((await signInWith('another long passphrase')).status).toBe(200);

    await page.getByTestId('token-name').fill('ci');
    await page.getByTestId('token-role').selectOption('reader');
    // The token's project choice names each project, its address beside.
    expect(await page.locator('.token-projects label').allTextContents()).toEqual(['City hallcity']);
    await page.getByTestId('token-project-city').check();
    await page.getByTestId('token-expires').fill('2099-12-31');
    await page.getByTestId('token-create').click();
    const secret = await page.getByTestId('new-token-value').inputValue();
    expect(secret).toMatch(/^orbis_pat_\S{40,}$/);
    await expect.poll(() => page.getByTestId('token').textContent(), { timeout: 30_000 }).toBe('cireader · City hall · until Dec 31, 2099');
    await shot(page, '6-account-token');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const asToken = (method: string) =>
      fetch(`${fx.h.url}/api/projects/city`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{"description":"x"}',
      });
    expect((await asToken('GET')).status).toBe(200);
    expect((await asToken('PATCH')).status).toBe(403);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('token-revoke-ci').click();
    await expect.poll(() => page.getByTestId('token-list').textContent(), { timeout: 30_000 }).toBe('No tokens yet.');
    expect((await asToken('GET')).status).toBe(401);
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    fx.tab.assertClean();
  });

  it('shows a reader the editor read-only: publish, the map and members disabled, each saying which role it needs', async () => {
    const { page } = fx.tab;
    await fx.tab.context.clearCookies();
    await signInAs(page, fx.h.url, 'rita@example.org');
    await page.goto(`${fx.h.url}/editor/city?tab=publish`);
    await page.getByTestId('publish-panel').waitFor();
    expect(await page.getByTestId('my-role').textContent()).toBe('reader');
    const publish = page.getByTestId('publish');
    expect(await publish.isDisabled()).toBe(true);
    expect(await publish.getAttribute('title')).toBe('Publishing needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('unpublish').isDisabled()).toBe(true);
    expect(await page.getByTestId('project-description').isDisabled()).toBe(true);
    await publish.hover({ force: true });
    await shot(page, '7-reader-publish');

    await page.getByTestId('tab-map').click();
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByTestId('read-only').textContent()).toContain('Changing the map needs the role writer or above; you are reader.');
    expect(await page.getByTestId('upload-input').isDisabled()).toBe(true);
    await shot(page, '8-reader-map');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('tab-members').click();
    await expect.poll(() => page.getByTestId('member').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.getByTestId('members-read-only').textContent()).toBe('Read-only: Changing members needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('invite').isDisabled()).toBe(true);
    expect(await page.getByTestId('invite').getAttribute('title')).toBe('Adding members needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('member-role-ana@example.org').isDisabled()).toBe(true);
    await shot(page, '9-reader-members');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing was saved on the reader's behalf.
    expect(fx.tab.consoleMessages.filter((m) => /\b403\b/.test(m.text))).toEqual([]);
    fx.tab.assertClean();
  });
  it('leads back to the list, and makes a new project its address from its name, saying a wrong one in words', async () => {
    const { page } = fx.tab;
    await page.getByTestId('back-to-projects').click();
    await page.getByTestId('project-list').waitFor();
    await page.getByText('New project').click();
    await page.getByTestId('new-project-name').fill('Flood map 2026');
    expect(await page.getByTestId('new-project-alias').inputValue()).toBe('flood-map-2026');
    await page.getByTestId('new-project-alias').fill('Flood Map');
    await page.getByTestId('new-project-create').click();
    expect(await page.getByTestId('new-project-message').textContent()).toBe(
      'The address “Flood Map” may hold only lower-case letters a–z, digits and hyphens, starting with a letter or a digit, at most 63 characters.',
    );
    await page.getByTestId('new-project-alias').fill('flood-map');
    await page.getByTestId('new-project-create').click();
    await page.waitForURL(/\/editor\/flood-map$/);
    await page.getByTestId('map-panel').waitFor();
    expect(await page.locator('header strong').first().textContent()).toBe('Flood map 2026');
    // The list names projects by their names (the address is beside it).
    await page.getByTestId('back-to-projects').click();
    await expect.poll(() => page.getByTestId('project-list').getByRole('link').allTextContents(), { timeout: 30_000 }).toEqual(['City hall', 'Flood map 2026']);
    fx.tab.assertClean();
  });

  it('imports a project zip from the list under a new address, and opens it (docs/operations.md, "Import a project")', async () => {
    const { page } = fx.tab;
    const { store, storage } = fx.h.server.ctx;
    const zip = join(mkdtempSync(join(tmpdir(), 'orbis-e2e-import-')), 'city.zip');
    const city = (await store.getProjectByAlias('city'))!;
    // Webhooks travel without their secrets: one this server may call, one it may not (a private address).
    const hook = {
      projectId: city.id,
      triggers: ['item.publish' as const],
      active: true,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      secret: 'whsec_c291cmNlLXNlY3JldC1vZi10aGUtZXhwb3J0',
    };
    await store.webhooks.create({ ...hook, id: 'hook-public', url: 'https://203.0.113.10/orbis' });
    await store.webhooks.create({ ...hook, id: 'hook-private', url: 'http://127.0.0.1:9/orbis' });
    await exportProject(store, storage, city, zip);
    await page.getByText('Import a project').click();
    await page.getByTestId('import-project-alias').fill('city-copy');
    await page.getByTestId('import-project-file').setInputFiles(zip);
    // bo@ joined by a link passed by hand: his address was never proven, so the import leaves him
    // out and says so, with a link to the copy (docs/teams.md, "Invitations").
    const message = page.getByTestId('import-project-message');
    await expect.poll(() => message.textContent(), { timeout: 60_000 }).toMatch(/^Imported as “city-copy”\. .*left out: bo@example\.org\./);
    // Each webhook made has a new secret, shown here only, and is off; the private one is named as left out.
    const copy = (await store.getProjectByAlias('city-copy'))!;
    const made = await store.webhooks.list(copy.id);
    expect(made.map((w) => [w.url, w.active])).toEqual([['https://203.0.113.10/orbis', false]]);
    expect(await page.getByTestId('import-project-webhook-secret').inputValue()).toBe(made[0]!.secret);
    expect(made[0]!.secret).not.toBe(hook.secret);
    expect(await page.getByTestId('import-project-webhook-skipped').textContent()).toMatch(
      /^Webhook left out: http:\/\/127\.0\.0\.1:9\/orbis \(.*127\.0\.0\.1.*\)$/,
    );
    await message.getByRole('link', { name: 'Open it' }).click();
    await page.waitForURL(/\/editor\/city-copy$/, { timeout: 60_000 });
    await page.getByTestId('map-panel').waitFor();
    expect((await store.getProjectByAlias('city-copy'))?.name).toBe('City hall');
    fx.tab.assertClean();
  });
});
