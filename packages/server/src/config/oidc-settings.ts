import { ConfigError } from './serve-config.js';

/** OpenID Connect sign-in (docs/contract.md §12), from `ORBIS_OIDC_ISSUER`, `ORBIS_OIDC_CLIENT_ID` and `ORBIS_OIDC_CLIENT_SECRET`. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's label in the editor (`ORBIS_OIDC_NAME`, default "single sign-on"). */
  name: string;
}

/** The settings when all three variables are set; undefined when none is; a ConfigError for a partial or bad set. */
export function oidcSettingsFrom(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const issuer = env.ORBIS_OIDC_ISSUER?.trim() || undefined;
  const clientId = env.ORBIS_OIDC_CLIENT_ID?.trim() || undefined;
  const clientSecret = env.ORBIS_OIDC_CLIENT_SECRET || undefined;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError('OpenID Connect needs all of ORBIS_OIDC_ISSUER, ORBIS_OIDC_CLIENT_ID and ORBIS_OIDC_CLIENT_SECRET');
  }
  if (!/^https?:\/\//.test(issuer)) throw new ConfigError(`ORBIS_OIDC_ISSUER must be an http(s) URL, got "${issuer}"`);
  return { issuer, clientId, clientSecret, name: env.ORBIS_OIDC_NAME?.trim() || 'single sign-on' };
}
