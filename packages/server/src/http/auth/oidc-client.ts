import * as client from 'openid-client';
import type { OidcSettings } from '../../config/oidc-settings.js';

/** What the sign-in keeps between the redirect to the provider and its callback (in a short-lived cookie). */
export interface OidcChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The provider's verified claims that Orbis uses. */
export interface OidcIdentity {
  email: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * The authorization-code flow with PKCE through `openid-client`: the provider is discovered once
 * (from its issuer URL), then each sign-in gets a fresh verifier, state and nonce.
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly redirectUri: () => string,
  ) {}

  private configuration(): Promise<client.Configuration> {
    // A plain-http issuer is allowed only on loopback (a provider run beside Orbis, or in tests).
    const local = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(this.settings.issuer);
    this.config ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        local ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.config = undefined;
        throw err;
      });
    return this.config;
  }

  /** Where to send the browser, and what to check when it comes back. */
  async start(): Promise<{ url: string; checks: OidcChecks }> {
    const config = await this.configuration();
    const checks = { codeVerifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /** Exchanges the callback's code (checking state, nonce and PKCE) and reads who signed in. */
  async finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    let claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.email !== 'string' && claims.sub) {
      claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
    }
    return {
      email: typeof claims.email === 'string' ? claims.email : '',
      emailVerified: claims.email_verified === true,
      ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    };
  }
}
