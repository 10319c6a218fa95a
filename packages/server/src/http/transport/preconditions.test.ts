import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { addMember, signedInUser } from '../../test/team.js';

/**
 * docs/collaboration.md, "No lost update": every changeable resource answers an ETag; a write with
 * an If-Match of an older version is 412 precondition_failed and changes nothing; `*` and no
 * If-Match write as before.
 */
describe('versions on every write (If-Match)', () => {
  let h: Harness;
  const call = (method: string, path: string, body?: unknown, ifMatch?: string) =>
    fetch(h.url + path, {
      method,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const tagOf = async (path: string) => {
    const res = await call('GET', path);
    expect(res.status, path).toBe(200);
    const tag = res.headers.get('etag');
    expect(tag, path).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    return tag!;
  };

  /** Reads the tag, lets someone else change the resource, then writes with the old tag: 412, unchanged. */
  async function refusesStale(path: string, theirs: () => Promise<Response>, mine: (tag: string) => Promise<Response>) {
    const old = await tagOf(path);
    const changed = await theirs();
    expect(changed.status, `${path}: the other write`).toBeLessThan(300);
    const after = await (await call('GET', path)).text();
    const stale = await mine(old);
    expect(stale.status, path).toBe(412);
    expect((await stale.json()).error.code).toBe('precondition_failed');
    expect(await (await call('GET', path)).text(), `${path} is unchanged`).toBe(after);
    // The current tag writes; so does `*`.
    expect((await mine(await tagOf(path))).status, `${path} with the current tag`).toBeLessThan(300);
  }

  beforeAll(async () => {
    h = await startHarness();
    await h.project('tags');
  });
  afterAll(() => h.close());

  it('project: PATCH and DELETE', async () => {
    const p = '/api/projects/tags';
    await refusesStale(
      p,
      () => call('PATCH', p, { name: 'Theirs' }),
      (tag) => call('PATCH', p, { description: 'mine' }, tag),
    );
    expect((await (await call('GET', p)).json()).description).toBe('mine');
    const stale = await tagOf(p);
    await call('PATCH', p, { name: 'Again' });
    expect((await call('DELETE', p, undefined, stale)).status).toBe(412);
    expect((await call('GET', p)).status).toBe(200);
  });

  it('asset record: PATCH and DELETE', async () => {
    const [asset] = await h.seed('tags', [false]);
    const p = `/api/projects/tags/assets/${asset!.id}`;
    await refusesStale(
      p,
      () => call('PATCH', p, { name: 'theirs.geojson' }),
      (tag) => call('PATCH', p, { public: true }, tag),
    );
    const stale = await tagOf(p);
    await call('PATCH', p, { name: 'again.geojson' });
    expect((await call('DELETE', p, undefined, stale)).status).toBe(412);
    expect((await call('DELETE', p, undefined, '*')).status).toBe(204);
  });

  it('scene: PUT', async () => {
    const p = '/api/projects/tags/scene';
    const scene = await (await call('GET', p)).json();
    await refusesStale(
      p,
      () => call('PUT', p, { ...scene, camera: { ...scene.camera, heading: 10 } }),
      (tag) => call('PUT', p, { ...scene, camera: { ...scene.camera, pitch: -45 } }, tag),
    );
  });

  it('model and item: PATCH and DELETE', async () => {
    expect((await call('POST', '/api/projects/tags/models', { key: 'shops', name: 'Shops', fields: [{ key: 'name', type: 'text' }] })).status).toBe(201);
    const m = '/api/projects/tags/models/shops';
    await refusesStale(
      m,
      () => call('PATCH', m, { name: 'Theirs' }),
      (tag) => call('PATCH', m, { public: true }, tag),
    );
    const created = await (await call('POST', `${m}/items`, { fields: { name: 'A' } })).json();
    const i = `${m}/items/${created.id}`;
    await refusesStale(
      i,
      () => call('PATCH', i, { fields: { name: 'Theirs' } }),
      (tag) => call('PATCH', i, { fields: { name: 'Mine' } }, tag),
    );
    const stale = await tagOf(i);
    await call('PATCH', i, { public: false });
    expect((await call('DELETE', i, undefined, stale)).status).toBe(412);
    expect((await call('DELETE', i, undefined, await tagOf(i))).status).toBe(204);
    const staleModel = await tagOf(m);
    await call('PATCH', m, { name: 'Later' });
    expect((await call('DELETE', m, undefined, staleModel)).status).toBe(412);
  });

  it('plugin: reinstalling (a new version) and removing', async () => {
    const install = (code: string, tag?: string) =>
      call(
        'POST',
        '/api/projects/tags/plugins',
        { manifest: { id: 'hello', name: 'Hello', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Main' }] }, files: { 'main.js': code } },
        tag,
      );
    expect((await install('// one')).status).toBe(201);
    const p = '/api/projects/tags/plugins/hello';
    await refusesStale(
      p,
      () => install('// theirs'),
      (tag) => install('// mine', tag),
    );
    const stale = await tagOf(p);
    await install('// again');
    expect((await call('DELETE', p, undefined, stale)).status).toBe(412);
  });

  it('member: PATCH and DELETE', async () => {
    const user = await signedInUser(h, 'member@example.org');
    await addMember(h, 'tags', user.email, 'reader');
    const p = `/api/projects/tags/members/${user.id}`;
    await refusesStale(
      p,
      () => call('PATCH', p, { role: 'writer' }),
      (tag) => call('PATCH', p, { role: 'maintainer' }, tag),
    );
    const stale = await tagOf(p);
    await call('PATCH', p, { role: 'reader' });
    expect((await call('DELETE', p, undefined, stale)).status).toBe(412);
  });
});
