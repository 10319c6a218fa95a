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
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
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
