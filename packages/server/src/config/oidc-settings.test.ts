import { describe, expect, it } from 'vitest';
import { oidcSettingsFrom } from './oidc-settings.js';
import { ConfigError } from './serve-config.js';

describe('OpenID Connect settings from the environment', () => {
  const full = { ORBIS_OIDC_ISSUER: 'https://accounts.google.com', ORBIS_OIDC_CLIENT_ID: 'id', ORBIS_OIDC_CLIENT_SECRET: 'secret' };

  it('are off when none of the three is set, on when all are', () => {
    expect(oidcSettingsFrom({})).toBeUndefined();
    expect(oidcSettingsFrom(full)).toEqual({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret', name: 'single sign-on' });
    expect(oidcSettingsFrom({ ...full, ORBIS_OIDC_NAME: 'Google' })?.name).toBe('Google');
  });

  it('refuse a partial set or an issuer that is not a URL, without echoing the secret', () => {
    expect(() => oidcSettingsFrom({ ORBIS_OIDC_ISSUER: full.ORBIS_OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => oidcSettingsFrom({ ...full, ORBIS_OIDC_CLIENT_SECRET: '' })).toThrow(/ORBIS_OIDC_CLIENT_SECRET/);
    expect(() => oidcSettingsFrom({ ...full, ORBIS_OIDC_ISSUER: 'accounts.google.com' })).toThrow(/must be an http\(s\) URL/);
    try {
      oidcSettingsFrom({ ...full, ORBIS_OIDC_CLIENT_ID: '' });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret"');
    }
  });
});
