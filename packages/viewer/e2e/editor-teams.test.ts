import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

describe('The editor for a team (SPEC §12): sign-in, who is signed in, Members, a read-only reader', () => {
  const fx = useBrowserAndServer({
    viewport: { width: 1000, height: 640 },
    setUp: async (h) => {
      await h.project('city');
      await h.admin('PUT', '/api/projects/city/scene', emptyScene());
      for (const [email, name] of [['ana@example.org', 'Ana'], ['rita@example.org', 'Rita']]) {
        const res = await h.admin('POST', '/api/users', { email, name, password: PASSWORD });
        expect(res.status).toBe(201);
      }
      await addMember(h, 'city', 'ana@example.org', 'owner');
      await addMember(h, 'city', 'rita@example.org', 'reader');
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
    expect(await page.getByTestId('project-list').textContent()).toContain('cityowner');
    await shot(page, '2-projects');
    await page.getByRole('link', { name: 'city' }).click();
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
    await page.getByTestId('invitation-name').fill('Bo');
    await page.getByTestId('invitation-password').fill(PASSWORD);
    await page.getByTestId('accept-invitation').click();
    await expect.poll(async () => (await page.getByTestId('project-list').textContent()) ?? '', { timeout: 30_000 }).toContain('citywriter');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Bo (bo@example.org)');
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
    await shot(page, '4-reader-publish');

    await page.getByTestId('tab-map').click();
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByTestId('read-only').textContent()).toContain('Changing the map needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('upload-input').isDisabled()).toBe(true);
    await shot(page, '5-reader-map');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByTestId('tab-members').click();
    await expect.poll(() => page.getByTestId('member').count(), { timeout: 30_000 }).toBe(3);
    expect(await page.getByTestId('members-read-only').textContent()).toBe('Read-only: Changing members needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('invite').isDisabled()).toBe(true);
    expect(await page.getByTestId('invite').getAttribute('title')).toBe('Adding members needs the role maintainer or above; you are reader.');
    expect(await page.getByTestId('member-role-ana@example.org').isDisabled()).toBe(true);
    await shot(page, '6-reader-members');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing was saved on the reader's behalf.
    expect(fx.tab.consoleMessages.filter((m) => /403/.test(m.text))).toEqual([]);
    fx.tab.assertClean();
  });
});
