import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';

describe("the editor's way in (docs/contract.md §12): its start page and the ways to sign in", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('serves /editor, where sign-in and invitation links land, and says there is no OpenID Connect button without a provider', async () => {
    h = await startHarness();
    const page = await h.get('/editor');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await (await h.get('/api/auth/providers')).json()).toEqual({ password: true, oidc: null });
  });

  it("names the provider's button and where it starts when OpenID Connect is set, and never its secret", async () => {
    h = await startHarness({
      ORBIS_OIDC_ISSUER: 'http://127.0.0.1:9/',
      ORBIS_OIDC_CLIENT_ID: 'orbis',
      ORBIS_OIDC_CLIENT_SECRET: 'secret-0123456789',
      ORBIS_OIDC_NAME: 'Keycloak',
    });
    const text = await (await h.get('/api/auth/providers')).text();
    expect(JSON.parse(text)).toEqual({ password: true, oidc: { name: 'Keycloak', url: '/api/auth/oidc/sign-in' } });
    expect(text).not.toContain('secret-0123456789');
  });
});
