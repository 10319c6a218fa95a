import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from './serve-config.js';

describe('resolveConfig', () => {
  it('has the defaults of docs/contract.md §1', () => {
    expect(resolveConfig({}, {})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      storage: undefined,
      publicUrl: undefined,
      demo: true,
      maxUploadBytes: 512 * 1024 * 1024,
      pageCacheBytes: 16 * 1024 * 1024,
    });
  });

  it('bounds what a zip unpacks to by the upload limit unless ORBIS_ARCHIVE_MAX_MB says otherwise (issue 30)', () => {
    expect(resolveConfig({}, {}).archiveMaxBytes).toBe(4096 * 1024 * 1024);
    expect(resolveConfig({}, { ORBIS_MAX_UPLOAD_MB: '1' }).archiveMaxBytes).toBe(8 * 1024 * 1024);
    expect(resolveConfig({}, { ORBIS_MAX_UPLOAD_MB: '1', ORBIS_ARCHIVE_MAX_MB: '100' }).archiveMaxBytes).toBe(100 * 1024 * 1024);
  });

  it('turns metrics on with ORBIS_METRICS_TOKEN, which must be long enough (docs/operations.md)', () => {
    expect(resolveConfig({}, {}).metricsToken).toBeUndefined();
    expect(resolveConfig({}, { ORBIS_METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => resolveConfig({}, { ORBIS_METRICS_TOKEN: 'short' })).toThrow(/ORBIS_METRICS_TOKEN has 5 characters; it needs at least 32/);
  });

  it('gives webhooks’ receivers 10 s to answer unless ORBIS_WEBHOOK_TIMEOUT says otherwise (docs/content-workflow.md, "Delivery")', () => {
    expect(resolveConfig({}, {}).webhookTimeoutMs).toBe(10_000);
    expect(resolveConfig({}, { ORBIS_WEBHOOK_TIMEOUT: '2.5' }).webhookTimeoutMs).toBe(2_500);
    expect(() => resolveConfig({}, { ORBIS_WEBHOOK_TIMEOUT: '0' })).toThrow(/ORBIS_WEBHOOK_TIMEOUT must be a number of seconds above 0/);
  });

  it('sizes the page cache from ORBIS_PAGE_CACHE_MB; 0 turns it off; anything else is refused', () => {
    expect(resolveConfig({}, { ORBIS_PAGE_CACHE_MB: '8' }).pageCacheBytes).toBe(8 * 1024 * 1024);
    expect(resolveConfig({}, { ORBIS_PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0);
    expect(() => resolveConfig({}, { ORBIS_PAGE_CACHE_MB: '-1' })).toThrow(/ORBIS_PAGE_CACHE_MB must be a whole number/);
    expect(() => resolveConfig({}, { ORBIS_PAGE_CACHE_MB: 'off' })).toThrow(/ORBIS_PAGE_CACHE_MB/);
  });

  it('reads the environment, and flags win over it', () => {
    const env = {
      PORT: '9000',
      HOST: '0.0.0.0',
      ORBIS_DATA_DIR: '/tmp/env',
      ORBIS_DATABASE_URL: 'postgres://env',
      ORBIS_STORAGE: 's3://env/x',
      ORBIS_PUBLIC_URL: 'https://maps.example.org/',
      ORBIS_NO_DEMO: '1',
      ORBIS_MAX_UPLOAD_MB: '3',
    };
    expect(resolveConfig({}, env)).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/env',
      databaseUrl: 'postgres://env',
      storage: 's3://env/x',
      publicUrl: 'https://maps.example.org',
      demo: false,
      maxUploadBytes: 3 * 1024 * 1024,
    });
    expect(resolveConfig({ port: '0', host: '::1', 'data-dir': '/tmp/flag', 'database-url': 'postgres://flag', storage: 's3://flag' }, env)).toMatchObject({
      port: 0,
      host: '::1',
      dataDir: '/tmp/flag',
      databaseUrl: 'postgres://flag',
      storage: 's3://flag',
    });
    expect(resolveConfig({ 'no-demo': true }, {}).demo).toBe(false);
  });

  it('sends pages cross-origin isolated unless ORBIS_CROSS_ORIGIN_ISOLATION is off; any other value names the variable', () => {
    expect(resolveConfig({}, {}).crossOriginIsolation).toBe(true);
    expect(resolveConfig({}, { ORBIS_CROSS_ORIGIN_ISOLATION: 'on' }).crossOriginIsolation).toBe(true);
    expect(resolveConfig({}, { ORBIS_CROSS_ORIGIN_ISOLATION: 'off' }).crossOriginIsolation).toBe(false);
    expect(() => resolveConfig({}, { ORBIS_CROSS_ORIGIN_ISOLATION: 'no' })).toThrow(/ORBIS_CROSS_ORIGIN_ISOLATION must be on or off, got "no"/);
  });

  it('refuses a bad port or upload size with a clear error', () => {
    expect(() => resolveConfig({ port: 'http' }, {})).toThrow(ConfigError);
    expect(() => resolveConfig({ port: '70000' }, {})).toThrow(/0 to 65535/);
    expect(() => resolveConfig({}, { ORBIS_MAX_UPLOAD_MB: 'lots' })).toThrow(/ORBIS_MAX_UPLOAD_MB/);
  });
});
