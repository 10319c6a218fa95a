import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScene, type Layer, type Scene } from '@orbis/scene';
import { ADMIN_TOKEN, type Harness, postgresS3Env, startHarness, TEST_BACKEND } from '../../test/harness.js';
import { type LiveClient, liveClient } from '../../test/live-client.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

const layer = (id: string): Layer => ({ id, title: id, type: 'geojson', url: `https://example.org/${id}.geojson`, visible: true });
const ids = (c: LiveClient) =>
  c
    .scene()
    .layers.map((l) => l.id)
    .sort();

describe('the live scene (docs/collaboration.md)', () => {
  let h: Harness;
  let writer: TestUser;
  let reader: TestUser;
  const open: LiveClient[] = [];
  const client = (options: Parameters<typeof liveClient>[2], alias = 'live') => {
    const c = liveClient(h.url, alias, options);
    open.push(c);
    return c;
  };
  const cookieOf = (user: TestUser, origin = h.url) => ({ headers: { cookie: user.cookie, origin } });

  beforeAll(async () => {
    h = await startHarness();
    await h.project('live');
    writer = await signedInUser(h, 'writer@example.org');
    reader = await signedInUser(h, 'reader@example.org');
    await addMember(h, 'live', writer.email, 'writer');
    await addMember(h, 'live', reader.email, 'reader');
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await h.close();
  });

  it('syncs two editors: layers added at once are both kept, and both are stored', async () => {
    const a = client({ token: ADMIN_TOKEN });
    const b = client(cookieOf(writer));
    await Promise.all([a.synced, b.synced]);
    a.edit((s) => s.layers.push(layer('from-a')));
    b.edit((s) => s.layers.push(layer('from-b')));
    await expect.poll(() => ids(a)).toEqual(['from-a', 'from-b']);
    await expect.poll(() => ids(b)).toEqual(['from-a', 'from-b']);
    await Promise.all([a.settled(), b.settled()]);
    const stored = await (await h.admin('GET', '/api/projects/live/scene')).json();
    expect(stored.layers.map((l: Layer) => l.id).sort()).toEqual(['from-a', 'from-b']);
  });

  it('merges a PUT into the live document, and every open editor sees it', async () => {
    const a = client({ token: ADMIN_TOKEN });
    await a.synced;
    const current = await h.admin('GET', '/api/projects/live/scene');
    const scene = await current.json();
    const put = await fetch(`${h.url}/api/projects/live/scene`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'if-match': current.headers.get('etag')! },
      body: JSON.stringify({ ...scene, layers: [...scene.layers, layer('from-put')] }),
    });
    expect(put.status).toBe(200);
    await expect.poll(() => ids(a)).toContain('from-put');
  });

  it('gives a reader a read-only view: it sees changes, and its own are refused and not stored', async () => {
    const r = client(cookieOf(reader));
    const w = client({ token: ADMIN_TOKEN });
    await Promise.all([r.synced, w.synced]);
    w.edit((s) => (s.camera.height = 12345));
    await expect.poll(() => r.scene().camera.height).toBe(12345);
    r.edit((s) => s.layers.push(layer('from-reader')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    w.edit((s) => (s.camera.height = 54321));
    await expect.poll(() => r.scene().camera.height).toBe(54321);
    expect(ids(w)).not.toContain('from-reader');
    const stored = await (await h.admin('GET', '/api/projects/live/scene')).json();
    expect(stored.layers.map((l: Layer) => l.id)).not.toContain('from-reader');
  });

  it('refuses no credentials, a wrong token, a cookie from another origin, a non-member, and another project', async () => {
    await h.project('elsewhere');
    const outsider = await signedInUser(h, 'outsider@example.org');
    for (const [options, alias] of [
      [{}, 'live'],
      [{ token: 'orbis_pat_wrong0000000000000000000000000000000000' }, 'live'],
      [cookieOf(writer, 'https://evil.example'), 'live'],
      [cookieOf(outsider), 'live'],
      [cookieOf(writer), 'elsewhere'],
    ] as const) {
      await expect(client(options, alias).synced, JSON.stringify(options)).rejects.toThrow(/authentication failed/);
    }
  });

  it('tags the scene with an ETag and refuses a PUT against an older one with 412, changing nothing', async () => {
    const first = await h.admin('GET', '/api/projects/live/scene');
    const tag = first.headers.get('etag')!;
    const scene = await first.json();
    const a = client({ token: ADMIN_TOKEN });
    await a.synced;
    a.edit((s) => (s.camera.heading = 90));
    await a.settled();
    const stale = await fetch(`${h.url}/api/projects/live/scene`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json', 'if-match': tag },
      body: JSON.stringify({ ...defaultScene(), layers: scene.layers }),
    });
    expect(stale.status).toBe(412);
    expect((await stale.json()).error.code).toBe('precondition_failed');
    expect((await (await h.admin('GET', '/api/projects/live/scene')).json()).camera.heading).toBe(90);
  });

  it('stores the scene of a document still open when the server stops, before its store closes', async () => {
    const env = TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {};
    const first = await startHarness(env);
    const project = await first.project('stopping');
    const a = liveClient(first.url, 'stopping', { token: ADMIN_TOKEN });
    try {
      await a.synced;
      a.edit((s) => (s.camera.height = 4321));
      // Stored as an update, acknowledged; its JSON is written a second after the document settles, or at the stop.
      await a.settled();
      await first.close();
    } finally {
      a.close();
    }
    const again = await startHarness(env, { dataDir: first.dataDir });
    try {
      const stored = await again.server.ctx.store.getScene(project.id);
      expect(stored, 'the scene written at the stop').toBeDefined();
      expect((JSON.parse(stored!.json) as Scene).camera.height).toBe(4321);
    } finally {
      await again.close();
    }
  });
});
