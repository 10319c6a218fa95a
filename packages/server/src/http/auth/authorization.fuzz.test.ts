import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseCounter, expectSane, fuzzRuns } from '../../test/fuzz.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';

/** Routes whose answer depends on the Authorization header: a private project's, and the management API. */
const PUBLIC_ROUTES = ['/api/p/priv/assets.json', '/api/p/priv/assets?limit=2', '/api/p/pub/assets.json?limit=2'];
const ADMIN_ROUTES = ['/api/projects', '/api/projects/priv/assets?limit=2', '/api/projects/priv/keys'];

let addresses = 0;
/** A new client address (10.x.y.z) for each fuzz case. */
const nextAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;

describe('Authorization headers, fuzzed', () => {
  let h: Harness;
  let key: string;
  let revoked: string;
  let otherKey: string;
  let fileUrl: string;
  const counter = new CaseCounter();
  beforeAll(async () => {
    h = await startHarness();
    await h.project('priv', 'private');
    await h.project('pub', 'public');
    await h.project('other', 'private');
    const [asset] = await h.seed('priv', [true]);
    await h.seed('pub', [true]);
    fileUrl = `/files/priv/${asset!.id}/${asset!.name}`;
    const newKey = async (alias: string) => (await (await h.admin('POST', `/api/projects/${alias}/keys`, { name: 'k' })).json()) as { id: string; key: string };
    key = (await newKey('priv')).key;
    otherKey = (await newKey('other')).key;
    const old = await newKey('priv');
    await h.admin('DELETE', `/api/projects/priv/keys/${old.id}`);
    revoked = old.key;
  });
  afterAll(async () => {
    counter.report();
    await h.close();
  });

  /** A header built around a real secret: case and spacing variants, cut, grown, altered, or another secret. */
  const header = () => {
    const secret = fc.constantFrom(key, revoked, otherKey, ADMIN_TOKEN, 'secret_', '');
    const edited = fc.tuple(secret, fc.nat(), fc.string({ maxLength: 3 })).map(([s, at, t]) => {
      const i = s.length ? at % s.length : 0;
      return s.slice(0, i) + t + s.slice(i + (at % 2));
    });
    const scheme = fc.constantFrom('Bearer ', 'bearer ', 'BEARER  ', 'Bearer\t', 'Basic ', 'Token ', '', 'Bearer ', ' Bearer ');
    const tail = fc.constantFrom('', ' ', '\t', ' x', ',', '\u00a0');
    return fc.oneof(
      fc.tuple(scheme, fc.oneof(secret, edited), tail).map(([a, b, c]) => a + b + c),
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'binary-ascii', maxLength: 80 }),
      fc.nat({ max: 20_000 }).map((n) => 'Bearer ' + 'x'.repeat(n)),
    );
  };

  it('opens a private project only to its live key, and the management API only to the admin token', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(header(), fc.constantFrom(...PUBLIC_ROUTES, ...ADMIN_ROUTES, 'file'), async (authorization, route) => {
        counter.add('Authorization (inject)');
        const url = route === 'file' ? fileUrl : route;
        // Each case from its own address: the limit on wrong tokens per address (sign-in-limit.test.ts) stays out of the way.
        const res = await h.server.app.inject({ method: 'GET', url, headers: { authorization }, remoteAddress: nextAddress() });
        const what = `${url} ${JSON.stringify(authorization)} → ${res.statusCode}`;
        expectSane({ status: res.statusCode, body: res.statusCode === 200 && route === 'file' ? '{}' : res.body }, what);
        statuses.add(res.statusCode);
        if (res.statusCode !== 200) return;
        if (ADMIN_ROUTES.includes(route)) expect(authorization.includes(ADMIN_TOKEN), what).toBe(true);
        else if (!route.includes('/pub/')) expect(authorization.includes(key) && !authorization.includes(key + 'x'), what).toBe(true);
      }),
      { numRuns: fuzzRuns(2500) },
    );
    expect([...statuses].sort()).toEqual([200, 401]);
  });

  it('answers raw header bytes, duplicates and injected lines without a 5xx or a leak', async () => {
    const bytes = fc.oneof(
      header().map((s) => Buffer.from(s, 'latin1')),
      fc.uint8Array({ maxLength: 60 }).map((b) => Buffer.from(b)),
      fc
        .constantFrom(`Bearer ${key}\r\nX-Injected: 1`, `Bearer ${revoked}\r\nAuthorization: Bearer ${key}`, `Bearer ${key}\0`)
        .map((s) => Buffer.from(s, 'latin1')),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.boolean(), fc.constantFrom(...PUBLIC_ROUTES, ...ADMIN_ROUTES), async (value, twice, url) => {
        counter.add('Authorization (raw bytes)');
        const line = Buffer.concat([Buffer.from('Authorization: '), value, Buffer.from('\r\n')]);
        const head = Buffer.concat([
          Buffer.from(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`),
          line,
          twice ? line : Buffer.alloc(0),
          Buffer.from('\r\n'),
        ]);
        const res = await rawRequest(h.url, head);
        const what = `${url} ${JSON.stringify(value.toString('latin1'))} twice=${twice} → ${res.status}`;
        expectSane(res, what);
        if (res.status === 200 && !url.includes('/pub/')) {
          expect(value.includes(ADMIN_ROUTES.includes(url) ? ADMIN_TOKEN : key), what).toBe(true);
        }
      }),
      { numRuns: fuzzRuns(400) },
    );
  });
});
