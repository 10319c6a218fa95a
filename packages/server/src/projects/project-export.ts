import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import yazl from 'yazl';
import { ConfigError } from '../config/serve-config.js';
import type { Storage } from '../storage/storage.js';
import type { ContentModel, Project, Store } from '../store/store.js';
import { type ExportedRequest, MAX_EXPORTED_REQUESTS, PROJECT_MANIFEST, type ProjectManifest } from './project-manifest.js';

/**
 * Writes one project to a zip at `file`: its settings, scene, published snapshot, assets with
 * their original files, content models with their items, plugins and members by email. It reads
 * the project as it is while the export runs (no snapshot). The zip appears only when complete.
 */
export async function exportProject(store: Store, storage: Storage, project: Project, file: string): Promise<ProjectManifest> {
  if (existsSync(file)) throw new ConfigError(`"${file}" exists already: an export never replaces a file`);
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream as Readable, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  written.catch(() => undefined);
  try {
    const manifest: ProjectManifest = {
      format: 'orbis-project',
      version: 1,
      exportedAt: new Date().toISOString(),
      project: { alias: project.alias, name: project.name, visibility: project.visibility, description: project.description },
      assets: [],
      models: [],
      plugins: 0,
      members: [],
      scene: false,
      publication: false,
    };
    const scene = await store.getScene(project.id);
    if (scene) zip.addBuffer(Buffer.from(scene.json), 'scene.json');
    const publication = await store.getPublication(project.id);
    if (publication) zip.addBuffer(Buffer.from(publication.json), 'publication.json');
    manifest.scene = scene !== undefined;
    manifest.publication = publication !== undefined;
    for await (const listed of store.streamAssets({ projectId: project.id, publicOnly: false })) {
      const asset = await store.getAsset(project.id, listed.id);
      if (!asset) continue; // deleted since it was listed
      manifest.assets.push({ id: asset.id, name: asset.name, public: asset.public, contentType: asset.contentType, size: asset.size });
      // Opened when the zip comes to it: one file open at a time, whatever the project's size.
      zip.addReadStreamLazy(`assets/${asset.id}/original`, { size: asset.size }, (done) =>
        storage.read(asset.storageKey).then(
          (s) => done(null, s),
          (err: unknown) => done(err, undefined as never),
        ),
      );
    }
    const models = await store.listModels(project.id);
    for (const model of models) {
      manifest.models.push({
        key: model.key,
        name: model.name,
        public: model.public,
        review: model.review,
        fields: model.fields,
        items: model.itemCount,
        versions: true,
        drafts: true,
      });
      zip.addReadStreamLazy(`models/${model.key}.drafts.ndjson`, (done) => done(null, Readable.from(draftLines(store, model.id))));
      zip.addReadStreamLazy(`models/${model.key}.ndjson`, (done) => done(null, Readable.from(itemLines(store, model.id))));
      zip.addReadStreamLazy(`models/${model.key}.versions.ndjson`, (done) => done(null, Readable.from(versionLines(store, model.id))));
    }
    const plugins = await store.listPlugins(project.id);
    plugins.forEach((json, n) => zip.addBuffer(Buffer.from(json), `plugins/${n}.json`));
    manifest.plugins = plugins.length;
    manifest.members = (await store.accounts.listMembers(project.id)).map((m) => ({ email: m.user.email, role: m.role }));
    // Never a secret: whoever holds the zip could sign deliveries as this server (docs/operations.md).
    manifest.webhooks = (await store.webhooks.list(project.id)).map((h) => ({ url: h.url, triggers: h.triggers, active: h.active }));
    zip.addBuffer(Buffer.from(JSON.stringify(await exportedRequests(store, project.id, models))), 'requests.json');
    manifest.requests = true;
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`), PROJECT_MANIFEST);
    zip.end();
    await written;
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(partial, { force: true });
  }
}

/** The drafts of a model's items (docs/content-workflow.md, "Review"), in id order. */
async function* draftLines(store: Store, modelId: string): AsyncIterable<string> {
  let ids: string[] = [];
  const flush = async function* () {
    const drafts = await store.reviews.draftsOf(modelId, ids);
    for (const id of ids) if (drafts.has(id)) yield `${JSON.stringify({ id, ...drafts.get(id) })}\n`;
    ids = [];
  };
  for await (const item of store.streamItems(modelId)) {
    ids.push(item.id);
    if (ids.length === 500) yield* flush();
  }
  yield* flush();
}

/** The project's review requests, oldest first: items by model key and exported id, reviewers by email. */
async function exportedRequests(store: Store, projectId: string, models: ContentModel[]): Promise<ExportedRequest[]> {
  const keys = new Map(models.map((m) => [m.id, m.key]));
  const emails = new Map<string, string | undefined>();
  const out: ExportedRequest[] = [];
  for (const r of (await store.reviews.listRequests(projectId, undefined, MAX_EXPORTED_REQUESTS)).reverse()) {
    for (const id of r.reviewers) if (!emails.has(id)) emails.set(id, (await store.accounts.getUser(id))?.email);
    out.push({
      id: r.id,
      title: r.title,
      items: r.items.flatMap((i) => (keys.has(i.modelId) ? [{ model: keys.get(i.modelId)!, id: i.itemId }] : [])),
      reviewers: r.reviewers.flatMap((id) => (emails.get(id) === undefined ? [] : [emails.get(id)!])),
      state: r.state,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      closedBy: r.closedBy,
      closedAt: r.closedAt,
      comment: r.comment,
    });
  }
  return out;
}

/** Each item's versions, oldest first, grouped by item in id order; an item's read a page at a time. */
async function* versionLines(store: Store, modelId: string): AsyncIterable<string> {
  for await (const item of store.streamItems(modelId)) {
    const newestFirst = [];
    for (let before = Infinity; ;) {
      const page = await store.listItemVersions(modelId, item.id, Number.isFinite(before) ? { before, limit: 100 } : { offset: 0, limit: 100 });
      newestFirst.push(...page);
      if (page.length < 100) break;
      before = page.at(-1)!.version;
    }
    for (const v of newestFirst.reverse()) yield `${JSON.stringify({ id: item.id, ...v })}\n`;
  }
}

async function* itemLines(store: Store, modelId: string): AsyncIterable<string> {
  for await (const item of store.streamItems(modelId)) yield `${JSON.stringify({ id: item.id, public: item.public, fields: item.fields })}\n`;
}
