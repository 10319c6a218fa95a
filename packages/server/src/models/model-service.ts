import { isId, newId } from '../records/ids.js';
import { withPublicFlag } from '../records/record-fragment.js';
import { InputError } from '../input-error.js';
import type { Field, ModelRecord } from '@orbis/content-model';
import type { ContentModel, Item, ItemVersion, Project, Store, VersionActor } from '../store/store.js';
import { checkFields, checkModelName, parseModelDraft } from './field.js';
import type { ImportRow } from './import-rows.js';
import { itemRecord, keptFields, spliceAssets } from '../records/item-record.js';
import { ItemSpool } from './item-spool.js';
import { ItemValidator, type ModelRevision } from './item-validator.js';

/** How many import rows are read and checked before the event loop gets a turn (issue 30). */
export const IMPORT_ROWS_PER_TURN = 500;

/** A model as the management API answers it, keys in a fixed order. */
export function modelRecord(model: ContentModel): ModelRecord {
  return {
    id: model.id,
    key: model.key,
    name: model.name,
    public: model.public,
    fields: model.fields.map((f) => ({ key: f.key, type: f.type, name: f.name, required: f.required, multiple: f.multiple, options: f.options })),
    itemCount: model.itemCount,
    publicItemCount: model.publicItemCount,
    createdAt: model.createdAt,
    updatedAt: model.updatedAt,
  };
}

/** An item as the management API answers it: its record with asset ids as they are, and its `public` flag last. */
export function managementItem(model: ContentModel, item: Item): string {
  return withPublicFlag(spliceAssets(itemRecord(model.fields, item)), item.public);
}

/** An item's values without empty ones: `null` clears a field, and an empty field is stored as absent. */
function withoutEmpty(values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (value !== null) kept[key] = value;
  return kept;
}

/**
 * Content models and their items (docs/contract.md §10): every rule of keys, types and limits, each item
 * checked against its model's JSON Schema and its asset fields against the project's assets.
 */
export class ModelService {
  constructor(
    private readonly store: Store,
    readonly validator = new ItemValidator(),
  ) {}

  async create(project: Project, body: Record<string, unknown>): Promise<ContentModel> {
    const draft = parseModelDraft(body);
    return this.store.createModel({ id: newId(), projectId: project.id, ...draft, createdAt: new Date().toISOString() });
  }

  /**
   * Changes a model. New fields are refused (naming the item and field) when a stored item's
   * remaining values do not fit them; values of fields that go are dropped.
   */
  async update(project: Project, model: ContentModel, body: Record<string, unknown>): Promise<ContentModel | undefined> {
    const name = body.name === undefined ? undefined : checkModelName(body.name);
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    const fields = body.fields === undefined ? undefined : checkFields(body.fields);
    if (fields) await this.checkItemsFit(model, fields);
    const updated = await this.store.updateModel(project.id, model.key, { name, public: body.public as boolean | undefined, fields, updatedAt: new Date().toISOString() });
    if (updated) this.validator.forget(updated.id);
    return updated;
  }

  private async checkItemsFit(model: ContentModel, fields: Field[]): Promise<void> {
    const next: ModelRevision = { id: `${model.id}/next`, updatedAt: new Date().toISOString(), fields };
    try {
      for await (const item of this.store.streamItems(model.id)) {
        try {
          this.validator.check(next, keptFields(fields, item.fields));
        } catch (err) {
          if (!(err instanceof InputError)) throw err;
          throw new InputError(err.field, `item ${item.id} would not fit the new fields: ${err.message}`);
        }
      }
    } finally {
      this.validator.forget(next.id);
    }
  }

  async remove(project: Project, key: string): Promise<boolean> {
    const model = await this.store.getModel(project.id, key);
    if (model) this.validator.forget(model.id);
    return this.store.deleteModel(project.id, key);
  }

  /**
   * Checks one item's values against its model (`row` names an import row in the message) and
   * returns them without empty ones. Asset ids are checked later, once per batch, by `checkAssets`.
   */
  checkValues(model: ContentModel, values: unknown, row?: string): Record<string, unknown> {
    this.validator.check(model, values, row);
    return withoutEmpty(values as Record<string, unknown>);
  }

  /** Throws an InputError naming the field (and row) of the first asset id that is not an asset of the project. */
  async checkAssets(project: Project, model: ContentModel, items: { values: Record<string, unknown>; row?: string }[], known = new Map<string, boolean>()): Promise<void> {
    const assetFields = model.fields.filter((f) => f.type === 'asset');
    if (assetFields.length === 0) return;
    for (const { values, row } of items) {
      for (const field of assetFields) {
        const raw = values[field.key];
        for (const id of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
          if (!known.has(id as string)) known.set(id as string, isId(id as string) && (await this.store.getAsset(project.id, id as string)) !== undefined);
          if (!known.get(id as string)) {
            const prefix = row === undefined ? '' : `${row}: `;
            throw new InputError(row ?? field.key, `${prefix}field "${field.key}": "${String(id)}" is not an asset of this project`);
          }
        }
      }
    }
  }

  /**
   * Imports rows into a model, all or nothing: every row is checked (the first bad one is named in
   * the InputError) and spooled to disk, then all are recorded in one transaction. `isPublic`
   * undefined: the items are as public as their model (docs/content-api.md, "Item visibility").
   */
  async importItems(project: Project, model: ContentModel, rows: AsyncIterable<ImportRow>, isPublic: boolean | undefined, actor: VersionActor): Promise<number> {
    const spool = new ItemSpool();
    const visible = isPublic ?? model.public;
    const known = new Map<string, boolean>();
    try {
      for await (const { row, values, public: own } of rows) {
        const checked = this.checkValues(model, values, row);
        await this.checkAssets(project, model, [{ values: checked, row }], known);
        await spool.add({ public: own ?? visible, fields: checked });
        // Rows parsed from a buffered body come on microtasks alone: let other requests in.
        if (spool.count % IMPORT_ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await spool.flush();
      return await this.store.importItems(model.id, spool.items(), new Date().toISOString(), actor);
    } finally {
      await spool.dispose();
    }
  }

  /** Without `public` the item is as public as its model (docs/content-api.md, "Item visibility"). */
  async createItem(project: Project, model: ContentModel, body: Record<string, unknown>, actor: VersionActor): Promise<Item> {
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    const values = this.checkValues(model, body.fields ?? {});
    await this.checkAssets(project, model, [{ values }]);
    const [item] = await this.store.insertItems(model.id, [{ public: (body.public as boolean | undefined) ?? model.public, fields: values }], new Date().toISOString(), actor);
    return item!;
  }

  /** Merges `fields` into the item's values (`null` clears one) and sets `public`; the write keeps a version naming `actor`. */
  async patchItem(project: Project, model: ContentModel, item: Item, body: Record<string, unknown>, actor: VersionActor): Promise<Item | undefined> {
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    let fields: Record<string, unknown> | undefined;
    if (body.fields !== undefined) {
      if (typeof body.fields !== 'object' || body.fields === null || Array.isArray(body.fields)) throw new InputError('fields', '"fields" must be an object');
      fields = this.checkValues(model, { ...item.fields, ...body.fields });
      await this.checkAssets(project, model, [{ values: fields }]);
    }
    return this.store.updateItem(model.id, item.id, { public: body.public as boolean | undefined, fields, updatedAt: new Date().toISOString(), actor });
  }

  /**
   * Makes an old version's values the item's again, as a new version (docs/content-workflow.md).
   * Values of fields the model no longer has are dropped; what remains is checked against the
   * model as it is now (a field made required since is an InputError naming it).
   */
  async restoreItem(project: Project, model: ContentModel, item: Item, version: ItemVersion, actor: VersionActor): Promise<Item | undefined> {
    const fields = this.checkValues(model, keptFields(model.fields, version.fields));
    await this.checkAssets(project, model, [{ values: fields }]);
    return this.store.updateItem(model.id, item.id, { fields, updatedAt: new Date().toISOString(), actor });
  }
}
