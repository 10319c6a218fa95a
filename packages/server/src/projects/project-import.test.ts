import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultScene } from '@orbis/scene';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../storage/storage.js';
import type { Project, Store } from '../store/store.js';
import { ADMIN_TOKEN, type Harness, postgresS3Env, startHarness } from '../test/harness.js';
import { signedInUser, type TestUser } from '../test/team.js';
import { unzip } from '../test/unzip.js';
import { buildZip, type ZipEntrySpec } from '../test/zip-builder.js';
import { packageFromJson } from '../plugins/plugin-package.js';
import { exportProject } from './project-export.js';
import { PROJECT_MANIFEST } from './project-manifest.js';
import { newId } from '../records/ids.js';

/** The whole of a project as an importer must reproduce it, with asset ids replaced by their names (they are new ids there). */
async function portrait(store: Store, storage: Storage, project: Project) {
  const names = new Map<string, string>();
  const assets = [];
  for await (const listed of store.streamAssets({ projectId: project.id, publicOnly: false })) {
    const a = (await store.getAsset(project.id, listed.id))!;
    names.set(a.id, a.name);
    const bytes = Buffer.concat(await (await storage.read(a.storageKey)).toArray());
    assets.push({
      name: a.name,
      public: a.public,
      contentType: a.contentType,
      size: a.size,
      files: a.files?.map((f) => f.path),
      bytes: bytes.toString('base64'),
    });
  }
  // Items are named by their model and place: references name them so on both sides.
  for (const m of await store.listModels(project.id)) {
    names.set(m.id, `model ${m.key}`);
    let n = 0;
    for await (const item of store.streamItems(m.id)) names.set(item.id, `${m.key}#${(n += 1)}`);
  }
  const byName = (text: string) => text.replace(/[0-9A-HJKMNP-TV-Z]{26}/g, (id) => (names.has(id) ? `<${names.get(id)}>` : id));
  const models = [];
  for (const m of await store.listModels(project.id)) {
    const items = [];
    for await (const item of store.streamItems(m.id)) {
      const versions = (await store.listItemVersions(m.id, item.id, { offset: 0, limit: 100 })).map(
        (v) => JSON.parse(byName(JSON.stringify(v))) as { version: number; fields: Record<string, unknown> },
      );
      const draft = await store.reviews.getDraft(m.id, item.id);
      const request = draft?.requestId ? (await store.reviews.getRequest(project.id, draft.requestId))?.title : undefined;
      items.push({
        public: item.public,
        fields: JSON.parse(byName(JSON.stringify(item.fields))) as Record<string, unknown>,
        versions,
        draft: draft && { ...(JSON.parse(byName(JSON.stringify(draft))) as object), requestId: request },
      });
    }
    models.push({
      key: m.key,
      name: m.name,
      public: m.public,
      review: m.review,
      fields: m.fields,
      itemCount: m.itemCount,
      publicItemCount: m.publicItemCount,
      items,
    });
  }
  const requests = [];
  for (const { id: _id, projectId: _project, reviewers, ...r } of await store.reviews.listRequests(project.id, undefined, 100)) {
    const emails = await Promise.all(reviewers.map(async (u) => (await store.accounts.getUser(u))?.email));
    requests.push({ ...(JSON.parse(byName(JSON.stringify(r))) as object), reviewers: emails });
  }
  const publication = JSON.parse(byName((await store.getPublication(project.id))!.json).replaceAll(`/${project.alias}/`, '/<alias>/')) as { project: unknown };
  return {
    project: {
      name: project.name,
      visibility: project.visibility,
      description: project.description,
      assetCount: project.assetCount,
      publicAssetCount: project.publicAssetCount,
    },
    assets,
    models,
    scene: JSON.parse(byName((await store.getScene(project.id))!.json)) as unknown,
    publication: { ...publication, project: undefined },
    plugins: await store.listPlugins(project.id),
    requests,
  };
}

/** `POST /api/projects/import` of a zip as a signed-in user. */
function postZip(h: Harness, user: TestUser, zip: Buffer, alias?: string): Promise<Response> {
  const form = new FormData();
  if (alias) form.append('alias', alias);
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'project.zip');
  return fetch(`${h.url}/api/projects/import`, { method: 'POST', headers: { cookie: user.cookie, origin: h.url }, body: form });
}

describe('project import (docs/operations.md, "Import a project")', () => {
  let source: Harness;
  let target: Harness;
  let importer: TestUser;
  let zip: Buffer;
  let entries: Map<string, Buffer>;
  /** The export's entries but `left`, as a hand-made zip's entries. */
  const exported = (...left: string[]): ZipEntrySpec[] => [...entries].filter(([name]) => !left.includes(name)).map(([name, data]) => ({ name, data }));
  beforeAll(async () => {
    // Exported from SQLite and a folder, imported into PostgreSQL and S3.
    source = await startHarness();
    target = await startHarness(await postgresS3Env());
    const { store, storage, models, scenes, plugins } = source.server.ctx;
    const project = await source.project('atlas', 'private');
    await store.updateProject(project.id, { description: 'Halls of the city' }, new Date().toISOString());
    const [pub, priv] = await source.seed('atlas', [true, false]);
    // Halls reference wards (listed after them) and each other; a ward deleted after it was referenced is dropped.
    const wards = await models.create(project, { key: 'wards', name: 'Wards', public: true, fields: [{ key: 'name', type: 'text' }] });
    const [chuo, minato, gone] = await Promise.all(
      ['Chuo', 'Minato', 'Gone'].map((name) => models.createItem(project, wards, { fields: { name } }, { type: 'admin' }).then((w) => w.item)),
    );
    const halls = [
      { key: 'name', type: 'text' },
      { key: 'plan', type: 'asset' },
      { key: 'ward', type: 'reference', model: 'wards', required: true },
      { key: 'near', type: 'reference', model: 'halls', multiple: true },
      { key: 'also', type: 'reference', model: 'wards', multiple: true },
    ];
    const model = await models.create(project, { key: 'halls', name: 'Halls', public: true, fields: halls });
    const made = [];
    for (const name of ['a', 'b', 'c'])
      made.push(
        (
          await models.createItem(
            project,
            model,
            {
              public: name !== 'b',
              fields: { name, plan: name === 'a' ? priv!.id : pub!.id, ward: name === 'b' ? minato!.id : chuo!.id, also: [gone!.id, minato!.id] },
            },
            { type: 'admin' },
          )
        ).item,
      );
    await models.patchItem(project, model, made[0]!, { fields: { near: [made[1]!.id, made[2]!.id] } }, { type: 'admin' });
    await models.patchItem(project, model, made[2]!, { fields: { near: [made[0]!.id] } }, { type: 'admin' });
    await store.deleteItem(wards.id, gone!.id);
    const hook = {
      projectId: project.id,
      triggers: ['item.publish' as const],
      active: true,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await store.webhooks.create({ ...hook, id: 'hook-1', url: 'https://203.0.113.10/orbis', secret: 'whsec_c291cmNlLXNlY3JldC1vZi10aGUtZXhwb3J0' });
    await store.webhooks.create({ ...hook, id: 'hook-2', url: 'http://127.0.0.1:9/orbis', secret: 'whsec_c291cmNlLXNlY3JldC1vZi10aGUtZXhwb3J0' });
    // A model that requires review, with a draft in an open request (Ana its reviewer) and one in a declined one.
    const checks = await models.create(project, {
      key: 'checks',
      name: 'Checks',
      public: false,
      review: true,
      fields: [
        { key: 'note', type: 'text' },
        { key: 'hall', type: 'reference', model: 'halls' },
      ],
    });
    const roof = (await models.createItem(project, checks, { fields: { note: 'Roof', hall: made[0]!.id } }, { type: 'admin' })).item;
    const door = (await models.createItem(project, checks, { fields: { note: 'Door' } }, { type: 'admin' })).item;
    const asked = {
      projectId: project.id,
      reviewers: ['user-ana'],
      state: 'open' as const,
      createdBy: { type: 'admin' as const },
      createdAt: new Date().toISOString(),
      closedBy: null,
      closedAt: null,
      comment: null,
    };
    const declined = await store.reviews.openRequest({ ...asked, id: newId(), title: 'Door', items: [{ modelId: checks.id, itemId: door.id }] });
    await store.reviews.closeRequest(project.id, declined.id, { state: 'declined', by: { type: 'admin' }, at: new Date().toISOString(), comment: 'Not yet' });
    await store.reviews.openRequest({ ...asked, id: newId(), title: 'Roof', items: [{ modelId: checks.id, itemId: roof.id }] });
    await plugins.install(
      project,
      packageFromJson({
        manifest: { id: 'hello', name: 'Hello', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Hello widget' }] },
        files: { 'main.js': 'console.log(1)' },
      }),
    );
    const scene = { ...defaultScene(), layers: [{ id: 'l1', title: 'Places', type: 'geojson', assetId: pub!.id, visible: true }] };
    await scenes.put(project, scene);
    await scenes.publish((await store.getProjectById(project.id))!);
    const now = new Date().toISOString();
    await store.accounts.createUser({ id: 'user-ana', email: 'ana@example.org', name: 'Ana', passwordHash: null, createdAt: now });
    await store.accounts.createUser({ id: 'user-bob', email: 'bob@example.org', name: 'Bob', passwordHash: null, createdAt: now });
    await store.accounts.setMember(project.id, 'user-ana', 'writer');
    await store.accounts.setMember(project.id, 'user-bob', 'reader');
    await store.accounts.createUser({ id: 'user-cy', email: 'cy@example.org', name: 'Cy', passwordHash: null, createdAt: now });
    await store.accounts.setMember(project.id, 'user-cy', 'maintainer');
    const file = join(mkdtempSync(join(tmpdir(), 'orbis-import-')), 'atlas.zip');
    await exportProject(store, storage, (await store.getProjectById(project.id))!, file);
    zip = readFileSync(file);
    entries = await unzip(zip);
    // On the target: Ana has an account, Bob has none; the importer signs in.
    await target.server.ctx.store.accounts.createUser({ id: 'user-ana-2', email: 'ana@example.org', name: 'Ana', passwordHash: null, createdAt: now });
    // Cy's account there was made from an invitation link passed on by hand: its email gains nothing (docs/teams.md).
    await target.server.ctx.store.accounts.createUser({
      id: 'user-cy-2',
      email: 'cy@example.org',
      name: 'Cy?',
      passwordHash: null,
      createdAt: now,
      unproven: true,
    });
    importer = await signedInUser(target, 'importer@example.org');
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('imports an export from SQLite into PostgreSQL + S3 whole, field by field, the caller its owner', async () => {
    const res = await postZip(target, importer, zip, 'atlas-copy');
    expect(res.status, await res.clone().text()).toBe(201);
    const report = (await res.json()) as {
      project: { alias: string };
      members: { added: unknown[]; skipped: { email: string }[] };
      items: number;
      assets: number;
    };
    expect(report).toMatchObject({ project: { alias: 'atlas-copy' }, assets: 2, models: 3, items: 7, plugins: 1, scene: true, publication: true });
    expect(report.members.added).toEqual([{ email: 'ana@example.org', role: 'writer' }]);
    expect(report.members.skipped).toEqual([
      { email: 'bob@example.org', role: 'reader', reason: expect.stringMatching(/no user/) },
      { email: 'cy@example.org', role: 'maintainer', reason: expect.stringMatching(/unproven/) },
    ]);
    // Webhooks come without their secrets: a new one each, shown in the answer, inactive until turned on; one this server may not call is skipped.
    expect([...entries.values()].some((data) => data.includes('whsec_'))).toBe(false);
    expect(JSON.parse(entries.get(PROJECT_MANIFEST)!.toString()).webhooks).toHaveLength(2);
    const hooks = (report as unknown as { webhooks: { added: { id: string; url: string; secret: string }[]; skipped: { url: string; reason: string }[] } })
      .webhooks;
    expect(hooks.added).toEqual([{ id: expect.any(String), url: 'https://203.0.113.10/orbis', secret: expect.stringMatching(/^whsec_/) }]);
    expect(hooks.skipped).toEqual([{ url: 'http://127.0.0.1:9/orbis', reason: expect.stringMatching(/127\.0\.0\.1/) }]);
    const s = source.server.ctx;
    const t = target.server.ctx;
    const copy = (await t.store.getProjectByAlias('atlas-copy'))!;
    const original = (await s.store.getProjectByAlias('atlas'))!;
    const before = await portrait(s.store, s.storage, original);
    // The reference to the deleted ward is not carried: it names no item of the export.
    for (const item of before.models.find((m) => m.key === 'halls')!.items)
      for (const values of [item.fields, ...item.versions.map((v) => v.fields)]) values.also = ['<wards#2>'];
    const after = await portrait(t.store, t.storage, copy);
    // Items' versions come as they were; an item referencing its own model gets one more, the import's setting of that reference.
    for (const item of after.models.find((m) => m.key === 'halls')!.items) {
      if (item.fields.near === undefined) continue;
      expect(item.versions[0]).toMatchObject({ version: item.versions.length, fields: item.fields, actor: { type: 'user', id: importer.id } });
      item.versions.shift();
    }
    expect(after).toEqual(before);
    expect(before.models.find((m) => m.key === 'halls')!.items[0]!.versions).toHaveLength(2);
    expect(before.models.find((m) => m.key === 'checks')!.review).toBe(true);
    expect(before.requests.map((r) => (r as unknown as { title: string }).title)).toEqual(['Roof', 'Door']);
    expect(before.models.find((m) => m.key === 'checks')!.items.map((i) => i.draft?.requestId)).toEqual(['Roof', undefined]);
    expect(await t.store.accounts.getRole(copy.id, importer.id)).toBe('owner');
    expect(await t.store.webhooks.list(copy.id)).toEqual([
      expect.objectContaining({ url: 'https://203.0.113.10/orbis', triggers: ['item.publish'], active: false, secret: hooks.added[0]!.secret }),
    ]);
    expect(await t.store.accounts.getRole(copy.id, 'user-ana-2')).toBe('writer');
    // Its published snapshot names the copy, whose files have the same paths under the new alias.
    expect(JSON.parse((await t.store.getPublication(copy.id))!.json).project.alias).toBe('atlas-copy');
    // The route is declared with its schema.
    const openapi = (await (await fetch(`${target.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toContain('/api/projects/import');
  });

  it('refuses hostile or broken zips with a 400 naming the problem, and writes nothing', async () => {
    const t = target.server.ctx;
    const before = { projects: (await t.store.listProjects()).map((p) => p.alias), keys: await target.storedKeys() };
    const manifest = JSON.parse(entries.get(PROJECT_MANIFEST)!.toString()) as Record<string, unknown>;
    const cases: [string, Buffer, RegExp][] = [
      ['not a zip', Buffer.from('hello'), /not a readable zip/],
      ['no manifest', buildZip([{ name: 'scene.json', data: '{}' }]), /no "orbis-project.json"/],
      ['path traversal', buildZip([...exported(), { name: '../evil', data: 'x' }]), /invalid relative path: \.\.\/evil/],
      ['symbolic link', buildZip([{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]), /symbolic link/],
      [
        'zip bomb',
        buildZip([...exported('scene.json'), { name: 'scene.json', data: Buffer.alloc(2_000_000), deflate: true, declaredSize: 100 }]),
        /scene\.json/,
      ],
      ['wrong schema', buildZip([{ name: PROJECT_MANIFEST, data: JSON.stringify({ ...manifest, version: 2 }) }]), /orbis-project\.json\.version/],
      ['a part missing', buildZip([{ name: PROJECT_MANIFEST, data: JSON.stringify(manifest) }]), /lacks "/],
      [
        'a bad item',
        buildZip([...exported('models/halls.ndjson'), { name: 'models/halls.ndjson', data: '{"public":true,"fields":{"name":7}}\n' }]),
        /models\/halls\.ndjson line 1/,
      ],
      [
        'a version of no item',
        buildZip([
          ...exported('models/wards.versions.ndjson'),
          {
            name: 'models/wards.versions.ndjson',
            data: '{"id":"01J00000000000000000000000","version":1,"at":"2026-01-01T00:00:00Z","actor":{"type":"admin"},"public":true,"fields":{}}\n',
          },
        ]),
        /models\/wards\.versions\.ndjson line 1: .* is no item/,
      ],
      ['bad requests', buildZip([...exported('requests.json'), { name: 'requests.json', data: '[{"id":1}]' }]), /requests\.json/],
      [
        'a draft of no item',
        buildZip([
          ...exported('models/checks.drafts.ndjson'),
          {
            name: 'models/checks.drafts.ndjson',
            data: '{"id":"nope","public":true,"fields":{},"at":"2026-01-01T00:00:00Z","actor":{"type":"admin"},"requestId":null,"published":false}\n',
          },
        ]),
        /models\/checks\.drafts\.ndjson line 1: .* is no item/,
      ],
      [
        'a bad version',
        buildZip([...exported('models/wards.versions.ndjson'), { name: 'models/wards.versions.ndjson', data: '{"id":"x","version":0}\n' }]),
        /models\/wards\.versions\.ndjson line 1: must be/,
      ],
    ];
    for (const [what, body, message] of cases) {
      const res = await postZip(target, importer, body, 'hostile');
      const text = await res.text();
      expect(res.status, `${what}: ${text}`).toBe(400);
      expect(JSON.parse(text).error.message, what).toMatch(message);
    }
    expect({ projects: (await t.store.listProjects()).map((p) => p.alias), keys: await target.storedKeys() }).toEqual(before);
  });

  it('refuses a zip past ORBIS_MAX_UPLOAD_MB with a 413, keeping nothing', async () => {
    const small = await startHarness({ ORBIS_MAX_UPLOAD_MB: '1' });
    try {
      const form = new FormData();
      form.append('file', new Blob([buildZip([{ name: PROJECT_MANIFEST, data: Buffer.alloc(1_500_000, 32) }])], { type: 'application/zip' }), 'big.zip');
      const res = await fetch(`${small.url}/api/projects/import`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
      expect(res.status, await res.clone().text()).toBe(413);
      expect((await res.json()).error.code).toBe('payload_too_large');
      expect(await small.storedKeys()).toEqual([]);
      expect(await small.server.ctx.store.listProjects()).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('imports from the CLI too (`orbis project import <file.zip> --alias a`), and refuses an alias in use', async () => {
    const { runDataCommand } = await import('../cli/data-commands.js');
    const { resolveConfig } = await import('../config/serve-config.js');
    const file = join(mkdtempSync(join(tmpdir(), 'orbis-import-cli-')), 'atlas.zip');
    (await import('node:fs')).writeFileSync(file, zip);
    const config = resolveConfig({ 'data-dir': source.dataDir }, {});
    await expect(runDataCommand(config, ['project', 'import', file], {})).rejects.toThrow(/alias/);
    expect(await runDataCommand(config, ['project', 'import', file], { alias: 'atlas-cli' })).toBe(0);
    const copy = (await source.server.ctx.store.getProjectByAlias('atlas-cli'))!;
    expect(copy.assetCount).toBe(2);
  });
});
