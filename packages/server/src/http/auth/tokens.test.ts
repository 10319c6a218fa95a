import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../accounts/secret-token.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

describe('personal access tokens (docs/contract.md §12)', () => {
  let h: Harness;
  let ana: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    for (const alias of ['alpha', 'beta']) await h.project(alias, 'private');
    ana = await signedInUser(h, 'ana@example.org');
    await addMember(h, 'alpha', 'ana@example.org', 'owner');
    await addMember(h, 'beta', 'ana@example.org', 'reader');
  });
  afterAll(() => h.close());

  const create = async (body: object) => {
    const res = await ana.call('POST', '/api/tokens', body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; name: string; token: string; expiresAt: string | null };
  };
  const as = (token: string, method: string, path: string, body?: unknown) =>
    fetch(h.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('is shown once, as orbis_pat_ and at least 40 random characters, and stored only as a hash', async () => {
    const made = await create({ name: 'ci' });
    expect(Object.keys(made)).toEqual(['id', 'name', 'token', 'expiresAt']);
    expect(made.token).toMatch(/^orbis_pat_[A-Za-z0-9_-]{40,}$/);
    const listed = await (await ana.call('GET', '/api/tokens')).text();
    expect(listed).toContain(made.id);
    expect(listed).not.toContain(made.token);
    const stored = await h.server.ctx.store.accounts.listTokens(ana.id);
    expect(stored.map((t) => t.tokenHash)).toContain(hashSecret(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token);
  });

  it('acts on at most its projects: another project of its user is a 404, and not listed', async () => {
    const { token } = await create({ name: 'alpha only', projects: ['alpha'] });
    expect((await as(token, 'GET', '/api/projects/alpha')).status).toBe(200);
    expect((await as(token, 'GET', '/api/projects/beta')).status).toBe(404);
    expect(((await (await as(token, 'GET', '/api/projects')).json()) as { alias: string }[]).map((p) => p.alias)).toEqual(['alpha']);
  });

  it('a token scoped to projects, or to none, cannot create one; a project its user is not a member of is as unknown as one that does not exist', async () => {
    for (const projects of [['alpha'], []]) {
      const { token } = await create({ name: 'scoped', projects });
      expect((await as(token, 'POST', '/api/projects', { alias: `new-${projects.length}` })).status, JSON.stringify(projects)).toBe(403);
    }
    await h.project('gamma', 'private');
    const unknown = await ana.call('POST', '/api/tokens', { name: 'x', projects: ['nope'] });
    const hidden = await ana.call('POST', '/api/tokens', { name: 'x', projects: ['gamma'] });
    expect(hidden.status).toBe(400);
    expect((await hidden.text()).replace('gamma', 'nope')).toBe(await unknown.text());
  });

  it('acts with at most its role, and never above its user', async () => {
    const reader = (await create({ name: 'reads', role: 'reader' })).token;
    expect((await as(reader, 'GET', '/api/projects/alpha/scene')).status).toBe(200);
    expect((await as(reader, 'DELETE', '/api/projects/alpha/publish')).status).toBe(403);
    const owner = (await create({ name: 'all', role: 'owner' })).token;
    expect((await as(owner, 'DELETE', '/api/projects/alpha/publish')).status).toBe(204);
    // Ana reads beta only: a token that says owner is still a reader there.
    expect((await as(owner, 'DELETE', '/api/projects/beta/publish')).status).toBe(403);
  });

  it('stops at once when revoked, and cannot manage tokens itself', async () => {
    const made = await create({ name: 'short-lived' });
    expect((await as(made.token, 'GET', '/api/tokens')).status).toBe(403);
    expect((await as(made.token, 'GET', '/api/projects/alpha')).status).toBe(200);
    expect((await ana.call('DELETE', `/api/tokens/${made.id}`)).status).toBe(204);
    expect((await as(made.token, 'GET', '/api/projects/alpha')).status).toBe(401);
    expect((await ana.call('DELETE', `/api/tokens/${made.id}`)).status).toBe(404);
  });

  it('stops at its expiry; an expiry in the past, an unknown project or role is refused', async () => {
    // Four seconds ahead: a loaded machine may take a second or two to make the token and use it once.
    const expiry = Date.now() + 4000;
    const made = await create({ name: 'expiring', expiresAt: new Date(expiry).toISOString() });
    expect((await as(made.token, 'GET', '/api/projects/alpha')).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiry + 200 - Date.now())));
    expect((await as(made.token, 'GET', '/api/projects/alpha')).status).toBe(401);
    for (const body of [
      { name: 'x', expiresAt: '2000-01-01T00:00:00Z' },
      { name: 'x', projects: ['nope'] },
      { name: 'x', role: 'admin' },
      { name: 'x', expiresAt: 'soon' },
    ]) {
      expect((await ana.call('POST', '/api/tokens', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a malformed or unknown token is a 401, like a wrong admin token', async () => {
    for (const token of ['orbis_pat_', 'orbis_pat_unknown0123456789012345678901234567890', 'secret_x']) {
      expect((await as(token, 'GET', '/api/projects/alpha')).status).toBe(401);
    }
  });
});
