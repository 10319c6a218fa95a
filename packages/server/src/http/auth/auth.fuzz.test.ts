import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSane, fuzzRuns } from '../../test/fuzz.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { PASSWORD, addMember, signIn } from '../../test/team.js';

/** A secret grown, cut, re-cased or with one character changed; or itself. */
const variantOf = (secret: string) =>
  fc.oneof(
    fc.constant(secret),
    fc.nat(secret.length - 1).map((n) => secret.slice(0, n)),
    fc.string({ minLength: 1, maxLength: 4 }).map((extra) => secret + extra),
    fc.constant(secret.toUpperCase()),
    fc.tuple(fc.nat(secret.length - 1), fc.constantFrom('A', '0', '_', '-', ' ', '%00', 'é')).map(([i, c]) => secret.slice(0, i) + c + secret.slice(i + 1)),
  );

describe('the sign-in and token routes, fuzzed', () => {
  let h: Harness;
  let sessionId: string;
  let token: string;
  beforeAll(async () => {
    h = await startHarness({ ORBIS_TRUST_PROXY: 'loopback' });
    await h.project('fuzz', 'private');
    await h.admin('POST', '/api/users', { email: 'ana@example.org', password: PASSWORD });
    await addMember(h, 'fuzz', 'ana@example.org', 'owner');
    const cookie = await signIn(h.url, 'ana@example.org');
    sessionId = cookie.split('=')[1]!;
    const res = await fetch(`${h.url}/api/tokens`, {
      method: 'POST',
      headers: { cookie, origin: h.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fuzz' }),
    });
    token = ((await res.json()) as { token: string }).token;
  });
  afterAll(() => h.close());

  it('answers any sign-in body with a documented error (docs/contract.md §12) or a session, never a 5xx, and never echoes the password', async () => {
    const field = fc.oneof(
      fc.string(),
      fc.constant('ana@example.org'),
      fc.constant(PASSWORD),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.string({ minLength: 990, maxLength: 1100 }),
    );
    const body = fc.oneof(
      fc.record({ email: field, password: field }, { requiredKeys: [] }),
      fc.jsonValue().map((v) => v as unknown),
      fc.string().map((s) => ({ raw: s })),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const raw = typeof b === 'object' && b !== null && 'raw' in b ? String((b as { raw: string }).raw) : JSON.stringify(b);
        const res = await fetch(`${h.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
        const text = await res.text();
        expectSane({ status: res.status, body: text }, raw.slice(0, 100));
        const signedIn = res.headers.getSetCookie().some((c) => c.startsWith('orbis_session='));
        expect(signedIn, raw.slice(0, 100)).toBe(res.status === 200);
        if (signedIn) expect(b).toEqual({ email: 'ana@example.org', password: PASSWORD });
        expect(text.includes(PASSWORD)).toBe(false);
      }),
      { numRuns: fuzzRuns(60) },
    );
  }, 120_000);

  it('lets in only the exact session id and the exact token', async () => {
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(variantOf(sessionId), variantOf(token), async (id, bearer) => {
        const byCookie = await fetch(`${h.url}/api/projects/fuzz`, { headers: { cookie: `orbis_session=${id}` } }).catch(() => undefined);
        if (byCookie) {
          expectSane({ status: byCookie.status, body: await byCookie.text() }, `cookie ${id}`);
          // HTTP drops the whitespace around a header value: a space at either end is the same id.
          expect(byCookie.status, `cookie ${id}`).toBe(id.trim() === sessionId ? 200 : 401);
        }
        // Each case from its own address (the proxy in front names it): the limit on wrong tokens per address stays out of the way.
        const from = `10.0.${(++cases >> 8) & 255}.${cases & 255}`;
        const byToken = await fetch(`${h.url}/api/projects/fuzz`, { headers: { authorization: `Bearer ${bearer}`, 'x-forwarded-for': from } }).catch(
          () => undefined,
        );
        if (byToken) {
          expectSane({ status: byToken.status, body: await byToken.text() }, `token ${bearer}`);
          expect(byToken.status, `token ${bearer}`).toBe(bearer.trim() === token ? 200 : 401);
        }
      }),
      { numRuns: fuzzRuns(100) },
    );
  }, 120_000);

  it('answers any token body with a documented error (docs/contract.md §12) or a token, never a 5xx', async () => {
    const cookie = `orbis_session=${sessionId}`;
    const body = fc.record(
      {
        name: fc.oneof(fc.string(), fc.integer()),
        expiresAt: fc.oneof(
          fc.string(),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.constant(null),
        ),
        projects: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.constant(['fuzz']), fc.string()),
        role: fc.oneof(fc.string(), fc.constantFrom('reader', 'owner')),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await fetch(`${h.url}/api/tokens`, {
          method: 'POST',
          headers: { cookie, origin: h.url, 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        const answer = expectSane({ status: res.status, body: await res.text() }, JSON.stringify(b)) as { token?: string };
        if (res.status === 201) expect(answer.token).toMatch(/^orbis_pat_[A-Za-z0-9_-]{43}$/);
      }),
      { numRuns: fuzzRuns(80) },
    );
  }, 120_000);
});
