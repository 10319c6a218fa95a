import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the test provider signs in, with what it says of them. */
export interface OidcAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in is for: the provider asks no questions, it signs this one in. */
  account: OidcAccount;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on a free loopback port, with one confidential client
 * for `redirectUri`, PKCE required, and interactions that sign `account` in and consent at once.
 */
export async function startTestIssuer(redirectUri: string): Promise<TestIssuer> {
  let provider: Provider | undefined;
  const state: { account: OidcAccount } = { account: { sub: 'ana', email: 'ana@example.org', emailVerified: true, name: 'Ana' } };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (/^\/interaction\/[^/?]+/.test(req.url ?? '')) {
        const details = await provider!.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          await provider!.interactionFinished(req, res, { login: { accountId: state.account.sub } }, { mergeWithLastSubmission: false });
        } else {
          const grant = new provider!.Grant({ accountId: details.session!.accountId!, clientId: details.params.client_id! });
          grant.addOIDCScope(details.params.scope!);
          await provider!.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        }
        return;
      }
      provider!.callback()(req, res);
    })().catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'orbis';
  const clientSecret = 'orbis-test-client-secret-0123456789';
  provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: state.account.email, email_verified: state.account.emailVerified, name: state.account.name }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['orbis-test-cookie-key'] },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    get account() {
      return state.account;
    },
    set account(account: OidcAccount) {
      state.account = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookie jar, enough for one provider: every cookie goes back on every request. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** What a walk through the provider came back with: the callback's answer, and how to send that callback again. */
export interface OidcCallback {
  res: Response;
  /** Where Orbis sent the browser first: the provider's authorization address, with its PKCE challenge and state. */
  authorization: URL;
  /** The callback address the provider sent the browser to (with its code and state), as Orbis's public URL names it. */
  location: string;
  /** Orbis's cookies that went with it (the sign-in's checks). */
  cookie: string;
  replay(): Promise<Response>;
}

/**
 * Walks a browser's way: Orbis's `/api/auth/oidc/sign-in` (at `orbisUrl`) → the provider and its
 * redirects → Orbis's callback, which the provider names under `publicUrl`; fails on any step
 * that is not a redirect.
 */
export async function signInThroughProvider(orbisUrl: string, publicUrl: string, idp: TestIssuer): Promise<OidcCallback> {
  const orbis = new Jar();
  const start = await fetch(`${orbisUrl}/api/auth/oidc/sign-in`, { redirect: 'manual' });
  if (start.status !== 302) throw new Error(`sign-in answered ${start.status}: ${await start.text()}`);
  orbis.take(start);
  let location = start.headers.get('location')!;
  const authorization = new URL(location);
  const provider = new Jar();
  for (let hop = 0; hop < 10 && !location.startsWith(publicUrl); hop++) {
    const res = await fetch(new URL(location, idp.issuer), { redirect: 'manual', headers: { cookie: provider.header() } });
    provider.take(res);
    if (res.status !== 302 && res.status !== 303) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    location = res.headers.get('location')!;
  }
  if (!location.startsWith(`${publicUrl}/api/auth/oidc/callback?`)) throw new Error(`the provider did not send the browser back: ${location}`);
  const cookie = orbis.header();
  const replay = () => fetch(orbisUrl + location.slice(publicUrl.length), { redirect: 'manual', headers: { cookie } });
  return { res: await replay(), authorization, location, cookie, replay };
}
