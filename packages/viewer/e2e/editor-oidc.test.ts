import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIssuer, type TestIssuer } from '../../server/src/test/oidc-issuer.js';
import { addMember } from '../../server/src/test/team.js';
import { useBrowserAndServer } from './fixture.js';

/** A loopback port nothing listens on: Orbis's public address in this test, which the browser is sent back to. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('The editor signs in through an OpenID Connect provider (docs/contract.md §12), a real one in-process', () => {
  let idp: TestIssuer;
  let publicUrl: string;
  // Filled before the fixture's server starts (hooks run in order): the provider must know Orbis's callback first.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    publicUrl = `http://127.0.0.1:${await unusedPort()}`;
    idp = await startTestIssuer(`${publicUrl}/api/auth/oidc/callback`);
    Object.assign(env, {
      ORBIS_PUBLIC_URL: publicUrl,
      ORBIS_OIDC_ISSUER: idp.issuer,
      ORBIS_OIDC_CLIENT_ID: idp.clientId,
      ORBIS_OIDC_CLIENT_SECRET: idp.clientSecret,
      ORBIS_OIDC_NAME: 'Keycloak',
    });
  });
  afterAll(async () => idp?.close());
  const fx = useBrowserAndServer({
    env,
    viewport: { width: 1000, height: 640 },
    setUp: async (h) => {
      await h.project('field-notes');
      expect((await h.admin('POST', '/api/users', { email: 'ana@example.org', name: 'Ana' })).status).toBe(201);
      await addMember(h, 'field-notes', 'ana@example.org', 'writer');
    },
    // The public address is the test server under another port: the browser's requests there go to it
    // (cookies belong to the host, whatever the port, as on a real reverse proxy).
    onPage: async (tab, h) => {
      await tab.context.route(`${publicUrl}/**`, (route) =>
        route.fulfill({ status: 302, headers: { location: h.url + route.request().url().slice(publicUrl.length) } }),
      );
    },
  });

  it("shows the provider's button, signs in through the provider and lands on the projects, signed in", async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor`);
    const button = page.getByTestId('sign-in-oidc');
    expect(await button.textContent()).toBe('Sign in with Keycloak');
    if (process.env.ORBIS_SHOTS) await page.screenshot({ path: `${process.env.ORBIS_SHOTS}/7-oidc-sign-in.png` });
    await button.click();
    await page.getByTestId('project-list').waitFor();
    expect(new URL(page.url()).pathname).toBe('/editor');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Ana (ana@example.org)');
    expect(await page.getByTestId('project-list').textContent()).toContain('field-noteswriter');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-page').waitFor();
    expect(fx.tab.pageErrors).toEqual([]);
  });
});
