import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { buildZip } from '../../test/zip-builder.js';
import { MAX_PLUGIN_ZIP_BYTES } from '../../plugins/plugin-package.js';

const manifest = (over: object = {}) => ({
  id: 'hello',
  name: 'Hello',
  version: '1.0.0',
  extensions: [{ id: 'main', type: 'widget', name: 'Hello widget' }],
  ...over,
});

describe('plugins (docs/contract.md §3, §5)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('plug');
  });
  afterAll(() => h.close());

  const error = async (res: Response) => (await res.json()).error;

  it('installs the JSON form, lists it, replaces it by id, removes it', async () => {
    const res = await h.admin('POST', '/api/projects/plug/plugins', { manifest: manifest(), files: { 'main.js': 'console.log(1)' } });
    expect(res.status).toBe(201);
    expect((await res.json()).manifest.id).toBe('hello');
    await h.admin('POST', '/api/projects/plug/plugins', { manifest: manifest({ id: 'second' }), files: { 'main.js': '' } });
    await h.admin('POST', '/api/projects/plug/plugins', { manifest: manifest({ version: '2.0.0' }), files: { 'main.js': 'console.log(2)' } });
    const list = await (await h.admin('GET', '/api/projects/plug/plugins')).json();
    expect(list.map((p: { manifest: { id: string; version: string } }) => [p.manifest.id, p.manifest.version])).toEqual([
      ['hello', '2.0.0'],
      ['second', '1.0.0'],
    ]);
    expect(list[0].files['main.js']).toBe('console.log(2)');
    expect((await h.admin('DELETE', '/api/projects/plug/plugins/second')).status).toBe(204);
    expect((await h.admin('DELETE', '/api/projects/plug/plugins/second')).status).toBe(404);
  });

  it('answers the list with an ETag that changes on every install or removal; If-None-Match gets a 304 while it holds', async () => {
    const get = (etag?: string) =>
      fetch(`${h.url}/api/projects/plug/plugins`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await get();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(etag)).status).toBe(304);
    await h.admin('POST', '/api/projects/plug/plugins', { manifest: manifest({ id: 'etag', version: '1.0.0' }), files: { 'main.js': '1' } });
    const changed = await get(etag);
    expect(changed.status).toBe(200);
    const second = changed.headers.get('etag')!;
    expect(second).not.toBe(etag);
    await h.admin('POST', '/api/projects/plug/plugins', { manifest: manifest({ id: 'etag', version: '1.0.0' }), files: { 'main.js': '2' } });
    expect((await get(second)).status).toBe(200);
    await h.admin('DELETE', '/api/projects/plug/plugins/etag');
    expect((await get(etag)).status).toBe(304);
  });

  it('installs a zip with plugin.json at the root or in one folder', async () => {
    for (const prefix of ['', 'coords/']) {
      const zip = buildZip([
        { name: `${prefix}plugin.json`, data: JSON.stringify(manifest({ id: `zipped${prefix ? '-folder' : ''}` })) },
        { name: `${prefix}main.js`, data: 'app.viewer.on("click", () => {})', deflate: true },
      ]);
      const form = new FormData();
      form.append('file', new Blob([zip]), 'plugin.zip');
      const res = await fetch(`${h.url}/api/projects/plug/plugins`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
      expect(res.status, prefix).toBe(201);
      expect((await res.json()).files['main.js']).toContain('click');
    }
  });

  it('says exactly what is wrong with a bad plugin', async () => {
    const cases: [object, RegExp][] = [
      [{ manifest: manifest({ id: 'has space' }), files: { 'main.js': '' } }, /^manifest\.id: /],
      // Re:Earth's other extension types (`block`, …) are kept (docs/contract.md §8); a type must still be a name.
      [{ manifest: manifest({ extensions: [{ id: 'main', type: 'not a type', name: 'x' }] }), files: { 'main.js': '' } }, /^manifest\.extensions\[0\]\.type: /],
      [{ files: { 'reearth.yml': 'id: [' } }, /^files\.reearth\.yml is not valid YAML/],
      [{ manifest: manifest(), files: {} }, /needs a file "main\.js"/],
      [{ manifest: manifest({ extensions: [] }), files: {} }, /at least one extension/],
      [{ manifest: manifest(), files: { 'main.js': 42 } }, /main\.js: must be the file's text/],
      [{ manifest: { name: 'x' }, files: {} }, /^manifest\.id: is required/],
    ];
    for (const [body, message] of cases) {
      const res = await h.admin('POST', '/api/projects/plug/plugins', body);
      expect(res.status).toBe(400);
      const e = await error(res);
      expect(e.code).toBe('invalid_body');
      expect(e.message).toMatch(message);
    }
    const form = new FormData();
    form.append('file', new Blob([buildZip([{ name: 'main.js', data: '' }])]), 'p.zip');
    const noManifest = await fetch(`${h.url}/api/projects/plug/plugins`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    expect((await error(noManifest)).message).toMatch(/no plugin\.json or reearth\.yml/);
  });

  it('refuses a plugin zip past its limit with 413 as soon as the upload passes it, not once it is all read', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_PLUGIN_ZIP_BYTES + 1)]), 'big.zip');
    const res = await fetch(`${h.url}/api/projects/plug/plugins`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
    const e = await error(res);
    expect([res.status, e.code], e.message).toEqual([413, 'payload_too_large']);
  });

  it('installs a Re:Earth package from the JSON form: files["reearth.yml"] and no manifest', async () => {
    const yml =
      'id: re-hello\nname: Hello\nversion: 1.0.0\nextensions:\n  - id: hello\n    type: widget\n    name: Hello\n  - id: blk\n    type: block\n    name: Block\n';
    const res = await h.admin('POST', '/api/projects/plug/plugins', { files: { 'reearth.yml': yml, 'hello.js': 'reearth.ui.show("hi")' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { manifest: { reearth: boolean; extensions: { type: string }[] }; files: Record<string, string> };
    expect(body.manifest.reearth).toBe(true);
    expect(body.manifest.extensions.map((e) => e.type)).toEqual(['widget', 'block']);
    expect(Object.keys(body.files)).toEqual(['hello.js']);
    await h.admin('DELETE', '/api/projects/plug/plugins/re-hello');
  });

  it('puts the installed plugins into the published snapshot', async () => {
    await h.admin('POST', '/api/projects/plug/publish');
    const project = (await h.server.ctx.store.getProjectByAlias('plug'))!;
    const snapshot = await h.server.ctx.scenes.published(project);
    expect(snapshot!.plugins.map((p) => p.manifest.id)).toEqual(['hello', 'zipped', 'zipped-folder']);
  });
});
