import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { ArchiveError, openCheckedZip, readEntry } from '../assets/archive.js';
import type { AssetService } from '../assets/asset-service.js';
import { InputError } from '../input-error.js';
import { parseModelDraft } from '../models/field.js';
import type { ModelService } from '../models/model-service.js';
import { type PluginPackage, packageFromJson } from '../plugins/plugin-package.js';
import { newId } from '../records/ids.js';
import type { SceneService } from '../scenes/scene-service.js';
import type { WebhookService } from '../webhooks/webhook-service.js';
import type { Storage } from '../storage/storage.js';
import type { User } from '../store/account-store.js';
import type { Project, Store, VersionActor } from '../store/store.js';
import { importModels, parsePart } from './import-models.js';
import { checkManifest, checkRequests, MAX_MANIFEST_BYTES, PROJECT_MANIFEST, type ProjectManifest } from './project-manifest.js';
import type { ImportReport } from '@orbis/contract';
import { projectRecord, type ProjectService } from './project-service.js';

/** What an import needs of the process's services. */
export interface ImportServices {
  store: Store;
  storage: Storage;
  assets: AssetService;
  projects: ProjectService;
  models: ModelService;
  scenes: SceneService;
  webhooks: WebhookService;
}

export interface ImportOptions {
  /** The new project's alias; the manifest's when absent. */
  alias?: string;
  /** Who imports: a user becomes the project's `owner` (the admin token is no user). */
  owner?: User;
  /** Whom the items' versions name. */
  actor: VersionActor;
}

export type { ImportReport };

/** The most bytes of a JSON part (scene, published snapshot, one plugin package). */
const MAX_JSON_PART_BYTES = 64 * 1024 * 1024;

/** A ULID anywhere in a JSON text: an asset id of the exported project, where the map has it. */
const ULID_IN_TEXT = /[0-9A-HJKMNP-TV-Z]{26}/g;

/** Every entry a manifest says the zip holds, by name. */
function expectedEntries(manifest: ProjectManifest): string[] {
  return [
    PROJECT_MANIFEST,
    ...(manifest.scene ? ['scene.json'] : []),
    ...(manifest.publication ? ['publication.json'] : []),
    ...manifest.assets.map((a) => `assets/${a.id}/original`),
    ...manifest.models.flatMap((m) => [
      `models/${m.key}.ndjson`,
      ...(m.versions ? [`models/${m.key}.versions.ndjson`] : []),
      ...(m.drafts ? [`models/${m.key}.drafts.ndjson`] : []),
    ]),
    ...(manifest.requests ? ['requests.json'] : []),
    ...Array.from({ length: manifest.plugins }, (_, n) => `plugins/${n}.json`),
  ];
}

async function readText(zip: yauzl.ZipFile, entry: yauzl.Entry, max: number): Promise<string> {
  if (entry.uncompressedSize > max) throw new ArchiveError('too_large', `"${entry.fileName}" has ${entry.uncompressedSize} bytes; at most ${max} are accepted`);
  const bytes = await readEntry(zip, entry, async (stream) => Buffer.concat(await stream.toArray()));
  return bytes.toString('utf8');
}

/**
 * Imports a project zip made by `orbis project export` (docs/operations.md, "Import a project"),
 * all or nothing. The zip is stored aside first and read through the same checks as every
 * uploaded zip (`openCheckedZip`: paths, links, repeats, entry count and unpacked size); its
 * manifest is checked against its JSON Schema, every part it names must be there and nothing
 * else, and the scene, plugins and models are checked before anything is written. Then a new
 * project is made and filled (assets through the upload path, so their derived files are made;
 * asset ids in the scene, snapshot and items mapped to the new ones); any failure from there
 * removes the project with every file stored for it. Members are matched by email with the
 * users of this server; those without one are skipped and reported.
 */
export async function importProject(services: ImportServices, source: Readable, options: ImportOptions): Promise<ImportReport> {
  const { store, storage } = services;
  const scratch = newId();
  const zipKey = `${scratch}/${newId()}/original`;
  try {
    const stored = await storage.put(zipKey, source);
    const { zip, files } = await openCheckedZip(storage, zipKey, stored.size, services.assets.archiveLimits);
    try {
      const byName = new Map(files.map((e) => [e.fileName, e]));
      const manifestEntry = byName.get(PROJECT_MANIFEST);
      if (!manifestEntry) throw new InputError('file', `not an Orbis project export: the zip has no "${PROJECT_MANIFEST}"`);
      const manifest = checkManifest(parsePart(await readText(zip, manifestEntry, MAX_MANIFEST_BYTES), PROJECT_MANIFEST));
      const expected = expectedEntries(manifest);
      const missing = expected.find((name) => !byName.has(name));
      if (missing) throw new InputError('file', `the zip lacks "${missing}", which its ${PROJECT_MANIFEST} names`);
      const known = new Set(expected);
      const extra = files.find((e) => !known.has(e.fileName));
      if (extra) throw new InputError('file', `the zip holds "${extra.fileName.slice(0, 200)}", which is no part of a project export`);
      const drafts = manifest.models.map((m, i) => {
        try {
          return parseModelDraft({ key: m.key, name: m.name, public: m.public, review: m.review, fields: m.fields });
        } catch (err) {
          if (err instanceof InputError) throw new InputError('file', `${PROJECT_MANIFEST}: models[${i}]: ${err.message}`);
          throw err;
        }
      });
      const plugins: PluginPackage[] = [];
      for (let n = 0; n < manifest.plugins; n += 1) {
        const name = `plugins/${n}.json`;
        try {
          plugins.push(packageFromJson(parsePart(await readText(zip, byName.get(name)!, MAX_JSON_PART_BYTES), name) as { manifest?: unknown }));
        } catch (err) {
          if (err instanceof InputError && !err.message.startsWith(name)) throw new InputError('file', `${name}: ${err.message}`);
          throw err;
        }
      }
      const sceneText = manifest.scene ? await readText(zip, byName.get('scene.json')!, MAX_JSON_PART_BYTES) : undefined;
      const publicationText = manifest.publication ? await readText(zip, byName.get('publication.json')!, MAX_JSON_PART_BYTES) : undefined;
      const requests = manifest.requests
        ? checkRequests(parsePart(await readText(zip, byName.get('requests.json')!, MAX_JSON_PART_BYTES), 'requests.json'))
        : [];
      if (sceneText !== undefined) parsePart(sceneText, 'scene.json');
      if (publicationText !== undefined) parsePart(publicationText, 'publication.json');

      const project = await services.projects.create({
        alias: options.alias ?? manifest.project.alias,
        name: manifest.project.name,
        visibility: manifest.project.visibility,
        description: manifest.project.description,
      });
      try {
        if (options.owner) await store.accounts.setMember(project.id, options.owner.id, 'owner');
        const ids = new Map<string, string>();
        for (const a of manifest.assets) {
          const staged = await readEntry(zip, byName.get(`assets/${a.id}/original`)!, (stream) => services.assets.stage(project, a.name, stream));
          const [asset] = await services.assets.commit([staged], a.public);
          ids.set(a.id, asset!.id);
        }
        const remap = (text: string) => text.replace(ULID_IN_TEXT, (id) => ids.get(id) ?? id);
        const items = await importModels(store, services.models, { project, zip, byName, manifest, drafts, remap, actor: options.actor, requests });
        for (const plugin of plugins) await store.putPlugin(project.id, plugin.manifest.id, JSON.stringify(plugin), new Date().toISOString());
        if (sceneText !== undefined) await services.scenes.put(project, parsePart(remap(sceneText), 'scene.json'));
        if (publicationText !== undefined) {
          const snapshot = parsePart(rehome(remap(publicationText), manifest.project.alias, project.alias), 'publication.json') as {
            publishedAt?: unknown;
            project?: { alias?: unknown; name?: unknown };
          };
          if (snapshot.project) snapshot.project = { ...snapshot.project, alias: project.alias, name: project.name };
          await store.putPublication(
            project.id,
            JSON.stringify(snapshot),
            typeof snapshot.publishedAt === 'string' ? snapshot.publishedAt : new Date().toISOString(),
          );
        }
        const members = await addMembers(store, project.id, manifest.members, options.owner);
        const webhooks = await addWebhooks(services.webhooks, project, manifest.webhooks ?? []);
        const now = (await store.getProjectById(project.id)) ?? project;
        return {
          project: projectRecord(now),
          assets: ids.size,
          models: drafts.length,
          items,
          plugins: plugins.length,
          scene: sceneText !== undefined,
          publication: publicationText !== undefined,
          members,
          webhooks,
        };
      } catch (err) {
        await services.projects.remove(project);
        throw err;
      }
    } finally {
      zip.close();
    }
  } finally {
    await storage.deletePrefix(scratch);
  }
}

/** The published snapshot's same-origin paths name the project's alias: the new one replaces the old. */
function rehome(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text.replaceAll(`/files/${from}/`, `/files/${to}/`).replaceAll(`/api/p/${from}/`, `/api/p/${to}/`);
}

async function addWebhooks(webhooks: WebhookService, project: Project, hooks: NonNullable<ProjectManifest['webhooks']>): Promise<ImportReport['webhooks']> {
  const out: ImportReport['webhooks'] = { added: [], skipped: [] };
  for (const { url, triggers } of hooks) {
    try {
      const hook = await webhooks.create(project, { url, triggers, active: false });
      out.added.push({ id: hook.id, url: hook.url, secret: hook.secret });
    } catch (err) {
      // A receiver this server may not call (a private address here), or a trigger it does not know.
      if (!(err instanceof InputError)) throw err;
      out.skipped.push({ url, reason: err.message });
    }
  }
  return out;
}

async function addMembers(store: Store, projectId: string, members: ProjectManifest['members'], owner: User | undefined): Promise<ImportReport['members']> {
  const out: ImportReport['members'] = { added: [], skipped: [] };
  for (const { email, role } of members) {
    const user = await store.accounts.getUserByEmail(email);
    if (!user) out.skipped.push({ email, role, reason: 'no user of this server has this email' });
    // An unproven email gains nothing by itself (docs/teams.md): invite it instead.
    else if (user.unproven)
      out.skipped.push({ email, role, reason: 'the user of this email is unproven (made from an invitation link passed on by hand): invite them' });
    // The importer is the owner already.
    else if (user.id !== owner?.id) {
      await store.accounts.setMember(projectId, user.id, role);
      out.added.push({ email, role });
    }
  }
  return out;
}
