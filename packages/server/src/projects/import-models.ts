import type yauzl from 'yauzl';
import { ArchiveError, openEntry } from '../assets/archive.js';
import { LineSplitter } from '../formats/bounded-lines.js';
import { InputError } from '../input-error.js';
import type { ModelDraft } from '../models/field.js';
import type { ImportRow } from '../models/import-rows.js';
import { MAX_ITEM_BYTES } from '../models/item-validator.js';
import type { ModelService } from '../models/model-service.js';
import { newId } from '../records/ids.js';
import type { Field } from '@orbis/content-model';
import type { ContentModel, ItemVersion, Project, Store, VersionActor } from '../store/store.js';
import { importPlan, rewriteReferences, splitDeferred, withDeferredOptional } from './import-references.js';
import { importReviews } from './import-reviews.js';
import type { ExportedRequest, ProjectManifest } from './project-manifest.js';

/** What the models' import reads and writes to. */
export interface ModelsImport {
  project: Project;
  zip: yauzl.ZipFile;
  byName: Map<string, yauzl.Entry>;
  manifest: ProjectManifest;
  drafts: ModelDraft[];
  /** Replaces the exported asset ids in a JSON text by the new ones. */
  remap: (text: string) => string;
  actor: VersionActor;
  /** `requests.json`, checked. */
  requests: ExportedRequest[];
}

export function parsePart(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError('file', `${name}: not JSON: ${(err as Error).message}`);
  }
}

/** An exported item: an import row with its own `public`, and its id in the exported project (absent in older exports). */
type ExportedRow = ImportRow & { id?: string };

/** The parsed lines of an ndjson entry, each with its place (`models/halls.ndjson line 3`); blank lines skipped. */
export async function* ndjson(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncIterable<{ row: string; value: unknown }> {
  const stream = await openEntry(zip, entry);
  const lines = new LineSplitter(entry.fileName, MAX_ITEM_BYTES + 1024);
  let line = 0;
  const parsed = function* (texts: Iterable<string>): Generator<{ row: string; value: unknown }> {
    for (const text of texts) {
      line += 1;
      const row = `${entry.fileName} line ${line}`;
      if (text.trim() !== '') yield { row, value: parsePart(text, row) };
    }
  };
  try {
    for await (const chunk of stream) yield* parsed(lines.push(chunk as Buffer));
    yield* parsed(lines.end());
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new ArchiveError('invalid', `cannot extract "${entry.fileName}": ${(err as Error).message}`);
  }
}

/** The items of a `models/{key}.ndjson` entry as import rows. */
async function* itemRows(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncIterable<ExportedRow> {
  for await (const { row, value: parsed } of ndjson(zip, entry)) {
    const value = parsed as { id?: unknown; public?: unknown; fields?: unknown } | null;
    if (typeof value !== 'object' || value === null || typeof value.public !== 'boolean' || (value.id !== undefined && typeof value.id !== 'string'))
      throw new InputError('file', `${row}: must be {"id"?: "…", "public": true or false, "fields": {…}}`);
    yield { row, values: value.fields ?? {}, public: value.public, id: value.id as string | undefined };
  }
}

/** A line of `models/{key}.versions.ndjson`: one version of an exported item. */
function versionOf(row: string, value: unknown): ItemVersion & { id: string } {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const actor = v.actor as { type?: unknown } | null | undefined;
  const ok =
    typeof v.id === 'string' &&
    Number.isInteger(v.version) &&
    (v.version as number) >= 1 &&
    typeof v.at === 'string' &&
    !Number.isNaN(Date.parse(v.at)) &&
    typeof actor === 'object' &&
    actor !== null &&
    typeof actor.type === 'string' &&
    typeof v.public === 'boolean' &&
    typeof v.fields === 'object' &&
    v.fields !== null &&
    !Array.isArray(v.fields);
  if (!ok) throw new InputError('file', `${row}: must be {"id", "version": 1 or more, "at": an ISO 8601 time, "actor": {"type", …}, "public", "fields": {…}}`);
  return {
    id: v.id as string,
    version: v.version as number,
    at: new Date(Date.parse(v.at as string)).toISOString(),
    actor: v.actor as VersionActor,
    public: v.public as boolean,
    fields: v.fields as Record<string, unknown>,
  };
}

/**
 * Gives each item the versions the export carries (`models/{key}.versions.ndjson`, grouped by
 * item): their asset ids and references rewritten as the items' are, in place of the one version
 * the import made. A version of an item the export does not hold is refused.
 */
async function importVersions(
  store: Store,
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  modelId: string,
  ids: Map<string, string>,
  rewrite: (fields: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  let item: string | undefined;
  let versions: ItemVersion[] = [];
  const done = new Set<string>();
  const flush = async () => {
    if (item !== undefined) await store.replaceItemVersions(modelId, ids.get(item)!, versions);
    versions = [];
  };
  for await (const { row, value } of ndjson(zip, entry)) {
    const { id, ...version } = versionOf(row, value);
    if (!ids.has(id)) throw new InputError('file', `${row}: "${id.slice(0, 40)}" is no item of the model's items`);
    if (id !== item) {
      if (done.has(id)) throw new InputError('file', `${row}: the versions of "${id.slice(0, 40)}" must follow one another`);
      await flush();
      item = id;
      done.add(id);
    }
    versions.push({ ...version, fields: rewrite(version.fields) });
  }
  await flush();
}

/**
 * Makes the models and imports their items (docs/operations.md, "Import a project"): asset ids
 * mapped by `remap`, references rewritten to the new items' ids (`import-references.ts`), the
 * items' versions as exported, each model's `review` set once its items are in. Returns how many
 * items it imported.
 */
export async function importModels(
  store: Store,
  service: ModelService,
  { project, zip, byName, manifest, drafts, remap, actor, requests }: ModelsImport,
): Promise<number> {
  const plan = importPlan(drafts);
  const models = [];
  for (const [i, draft] of drafts.entries()) {
    models.push(
      await store.createModel({
        id: newId(),
        projectId: project.id,
        ...draft,
        review: false,
        fields: withDeferredOptional(draft.fields, plan.deferred[i]!),
        createdAt: new Date().toISOString(),
      }),
    );
  }
  /** Per model key: each exported item's id to its new one. */
  const newIds = new Map<string, Map<string, string>>();
  const lookup = (model: string, id: string) => newIds.get(model)?.get(id);
  /** Per model: the new ids in import order, and the deferred references by row number. */
  const later = new Map<number, { ids: string[]; values: Map<number, Record<string, unknown>> }>();
  let items = 0;
  for (const i of plan.order) {
    const draft = drafts[i]!;
    const oldIds: (string | undefined)[] = [];
    const deferredValues = new Map<number, Record<string, unknown>>();
    async function* rows(): AsyncIterable<ImportRow> {
      for await (const { id, ...row } of itemRows(zip, byName.get(`models/${manifest.models[i]!.key}.ndjson`)!)) {
        const values = JSON.parse(remap(JSON.stringify(row.values))) as unknown;
        if (typeof values !== 'object' || values === null || Array.isArray(values)) {
          yield { ...row, values };
          continue;
        }
        const split = splitDeferred(
          rewriteReferences(
            values as Record<string, unknown>,
            draft.fields.filter((f) => !plan.deferred[i]!.has(f.key)),
            lookup,
          ),
          plan.deferred[i]!,
        );
        if (split.later) deferredValues.set(oldIds.length, split.later);
        oldIds.push(id);
        yield { ...row, values: split.now };
      }
    }
    const count = await service.importItems(project, models[i]!, rows(), undefined, actor);
    const ids: string[] = [];
    for await (const item of store.streamItems(models[i]!.id)) ids.push(item.id);
    if (ids.length !== count || count !== oldIds.length) throw new Error(`model "${draft.key}": ${count} items imported, ${ids.length} found`);
    newIds.set(draft.key, new Map(oldIds.flatMap((old, n) => (old === undefined ? [] : [[old, ids[n]!] as [string, string]]))));
    if (deferredValues.size > 0) later.set(i, { ids, values: deferredValues });
    items += count;
  }
  for (const [i, draft] of drafts.entries()) {
    if (!manifest.models[i]!.versions) continue;
    const rewrite = (fields: Record<string, unknown>) =>
      rewriteReferences(JSON.parse(remap(JSON.stringify(fields))) as Record<string, unknown>, draft.fields, lookup);
    await importVersions(store, zip, byName.get(`models/${draft.key}.versions.ndjson`)!, models[i]!.id, newIds.get(draft.key)!, rewrite);
  }
  const final = new Map<string, ContentModel>();
  for (const [i, draft] of drafts.entries()) {
    let model = models[i]!;
    if (model.fields !== draft.fields && JSON.stringify(model.fields) !== JSON.stringify(draft.fields))
      model = (await store.updateModel(project.id, draft.key, { fields: draft.fields, updatedAt: new Date().toISOString() }))!;
    for (const [n, values] of later.get(i)?.values ?? []) {
      const id = later.get(i)!.ids[n]!;
      const item = (await store.getItem(model.id, id))!;
      const row = `models/${draft.key}.ndjson item ${n + 1}`;
      const fields = service.checkValues(model, { ...item.fields, ...rewriteReferences(values, draft.fields, lookup) }, row);
      await store.updateItem(model.id, id, { fields, updatedAt: new Date().toISOString(), actor });
    }
    if (draft.review) model = (await store.updateModel(project.id, draft.key, { review: true, updatedAt: new Date().toISOString() }))!;
    final.set(draft.key, model);
  }
  const rewrite = (fields: Record<string, unknown>, modelFields: Field[]) =>
    rewriteReferences(JSON.parse(remap(JSON.stringify(fields))) as Record<string, unknown>, modelFields, lookup);
  const draftFiles = manifest.models.flatMap((m) => (m.drafts ? [{ key: m.key, lines: ndjson(zip, byName.get(`models/${m.key}.drafts.ndjson`)!) }] : []));
  await importReviews(store, { models: final, newId: lookup, rewrite }, project.id, requests, draftFiles);
  return items;
}
