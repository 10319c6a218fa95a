import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

interface Entry {
  id: string;
  at: string;
  actor: { type: string; id?: string; email?: string };
  action: string;
  target: string;
  ip: string;
}

describe('the audit log (docs/contract.md §12)', () => {
  let h: Harness;
  let writer: TestUser;
  let maintainer: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('log');
    writer = await signedInUser(h, 'writer@example.org');
    maintainer = await signedInUser(h, 'maint@example.org');
    await addMember(h, 'log', 'writer@example.org', 'writer');
    await addMember(h, 'log', 'maint@example.org', 'maintainer');
  });
  afterAll(() => h.close());

  const entries = async () => (await (await h.admin('GET', '/api/projects/log/audit')).json()) as { results: Entry[]; totalCount: number };

  it('records every management write with who, what, when and where, newest first; not reads nor refusals', async () => {
    const before = Date.now();
    const upload = await fetch(`${h.url}/api/projects/log/assets`, {
      method: 'POST',
      headers: { cookie: writer.cookie, origin: h.url },
      body: uploadForm([{ name: 'a.geojson', content: '{}' }]),
    });
    expect(upload.status).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    await writer.call('GET', '/api/projects/log/assets');
    // A refusal is not recorded: publishing is a maintainer's.
    expect((await writer.call('POST', '/api/projects/log/publish')).status).toBe(403);
    expect((await h.admin('POST', '/api/projects/log/keys', { name: 'site' })).status).toBe(201);
    const { token } = (await (await maintainer.call('POST', '/api/tokens', { name: 'ci' })).json()) as { token: string };
    expect((await fetch(`${h.url}/api/projects/log/assets/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(204);

    const { results, totalCount } = await entries();
    const mine = results.filter((e) => e.action !== 'member.add' && e.action !== 'project.create');
    expect(mine.map((e) => [e.action, e.actor.type, e.actor.email])).toEqual([
      ['asset.delete', 'token', 'maint@example.org'],
      ['key.create', 'admin', undefined],
      ['asset.upload', 'user', 'writer@example.org'],
    ]);
    expect(totalCount).toBe(results.length);
    expect(mine[2]).toMatchObject({ actor: { id: writer.id }, target: '/api/projects/log/assets', ip: '127.0.0.1' });
    expect(mine[0]!.target).toBe(`/api/projects/log/assets/${id}`);
    for (const e of mine) expect(Date.parse(e.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it('pages with §2 pagination and cursors, and is for maintainers', async () => {
    for (let i = 0; i < 4; i++) await h.admin('PATCH', '/api/projects/log', { description: `v${i}` });
    const all = (await entries()).results;
    const first = (await (await h.admin('GET', '/api/projects/log/audit?limit=2')).json()) as {
      results: Entry[];
      hasMore: boolean;
      nextCursor: string;
      page: number;
    };
    expect(first.results).toEqual(all.slice(0, 2));
    expect(first).toMatchObject({ hasMore: true, page: 1, limit: 2, totalCount: all.length });
    const second = (await (await h.admin('GET', `/api/projects/log/audit?start_cursor=${encodeURIComponent(first.nextCursor)}&limit=2`)).json()) as {
      results: Entry[];
    };
    expect(second.results).toEqual(all.slice(2, 4));
    const third = (await (await h.admin('GET', '/api/projects/log/audit?page=2&limit=2')).json()) as { results: Entry[] };
    expect(third.results).toEqual(all.slice(2, 4));
    expect((await h.admin('GET', '/api/projects/log/audit?limit=x')).status).toBe(400);
    expect((await h.admin('GET', '/api/projects/log/audit?start_cursor=forged')).status).toBe(400);
    expect((await maintainer.call('GET', '/api/projects/log/audit')).status).toBe(200);
    expect((await writer.call('GET', '/api/projects/log/audit')).status).toBe(403);
  });
});
