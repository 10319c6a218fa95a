import { isId, newId } from '../records/ids.js';
import { withPublicFlag } from '../records/record-fragment.js';
import { InputError } from '../input-error.js';
import type { Field, ItemStatus, ModelRecord } from '@orbis/content-model';
import { itemStatus, withDraft } from './item-status.js';
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
    review: model.review,
    fields: model.fields.map((f) => ({
      key: f.key,
      type: f.type,
      name: f.name,
      required: f.required,
      multiple: f.multiple,
      options: f.options,
      values: f.values,
      model: f.model,
      fields: f.fields,
    })),
    itemCount: model.itemCount,
    publicItemCount: model.publicItemCount,
    createdAt: model.createdAt,
    updatedAt: model.updatedAt,
  };
}

/**
 * An item as the management API answers it: its record with asset ids as they are, its `public`
 * flag, and in a model that requires review its `status`, last.
 */
export function managementItem(model: ContentModel, item: Item, status?: ItemStatus): string {
  const json = withPublicFlag(spliceAssets(itemRecord(model.fields, item)), item.public);
  return status === undefined ? json : `${json.slice(0, -1)},"status":"${status}"}`;
}

/** An item as a member sees it: in a model that requires review, with its draft (for writers) and its status. */
export interface WorkingItem {
  item: Item;
  status?: ItemStatus;
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
    await this.checkReferenceModels(project, draft.fields, draft.key);
    return this.store.createModel({ id: newId(), projectId: project.id, ...draft, createdAt: new Date().toISOString() });
  }

  /**
   * Changes a model. New fields are refused (naming the item and field) when a stored item's
   * remaining values do not fit them; values of fields that go are dropped.
   */
  async update(project: Project, model: ContentModel, body: Record<string, unknown>): Promise<ContentModel | undefined> {
    const name = body.name === undefined ? undefined : checkModelName(body.name);
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    if (body.review !== undefined && typeof body.review !== 'boolean') throw new InputError('review', '"review" must be true or false');
    const fields = body.fields === undefined ? undefined : checkFields(body.fields);
    if (fields) await this.checkReferenceModels(project, fields, model.key);
    if (fields) await this.checkItemsFit(model, fields);
    const updated = await this.store.updateModel(project.id, model.key, {
      name,
      public: body.public as boolean | undefined,
      review: body.review as boolean | undefined,
      fields,
      updatedAt: new Date().toISOString(),
    });
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

  /**
   * Throws an InputError naming the field (and row) of the first asset id that is not an asset of
   * the project, or reference that is not an item of its field's model (docs/content-workflow.md,
   * "Field types"). `known` remembers the ids checked, by field type.
   */
  async checkAssets(
    project: Project,
    model: ContentModel,
    items: { values: Record<string, unknown>; row?: string }[],
    known = new Map<string, boolean>(),
  ): Promise<void> {
    const linked = model.fields.filter((f) => f.type === 'asset' || f.type === 'reference');
    if (linked.length === 0) return;
    const targets = new Map<string, ContentModel | undefined>();
    for (const field of linked) if (field.type === 'reference') targets.set(field.key, await this.store.getModel(project.id, field.model!));
    for (const { values, row } of items) {
      for (const field of linked) {
        const raw = values[field.key];
        const target = targets.get(field.key);
        for (const id of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
          const memo = `${field.type === 'asset' ? 'asset' : target?.id}:${String(id)}`;
          if (!known.has(memo)) known.set(memo, isId(id as string) && (await this.exists(project, field, target, id as string)));
          if (!known.get(memo)) {
            const prefix = row === undefined ? '' : `${row}: `;
            const what = field.type === 'asset' ? 'an asset of this project' : `an item of the model "${field.model}"`;
            throw new InputError(row ?? field.key, `${prefix}field "${field.key}": "${String(id)}" is not ${what}`);
          }
        }
      }
    }
  }

  private async exists(project: Project, field: Field, target: ContentModel | undefined, id: string): Promise<boolean> {
    if (field.type === 'asset') return (await this.store.getAsset(project.id, id)) !== undefined;
    return target !== undefined && (await this.store.getItem(target.id, id)) !== undefined;
  }

  /** Throws an InputError naming a reference field whose model is not one of the project's (`self`: the model being made). */
  private async checkReferenceModels(project: Project, fields: Field[], self: string): Promise<void> {
    for (const [i, f] of fields.entries()) {
      if (f.type !== 'reference' || f.model === self || (await this.store.getModel(project.id, f.model!))) continue;
      throw new InputError(`fields[${i}].model`, `fields[${i}].model: the project has no model "${f.model}"`);
    }
  }

  /**
   * Imports rows into a model, all or nothing: every row is checked (the first bad one is named in
   * the InputError) and spooled to disk, then all are recorded in one transaction. `isPublic`
   * undefined: the items are as public as their model (docs/content-api.md, "Item visibility"). In
   * a model that requires review each item is recorded hidden with its values as a draft, as one
   * made by `POST …/items` is (docs/content-workflow.md, "Review").
   */
  async importItems(
    project: Project,
    model: ContentModel,
    rows: AsyncIterable<ImportRow>,
    isPublic: boolean | undefined,
    actor: VersionActor,
  ): Promise<number> {
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
  async createItem(project: Project, model: ContentModel, body: Record<string, unknown>, actor: VersionActor): Promise<WorkingItem> {
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    const values = this.checkValues(model, body.fields ?? {});
    await this.checkAssets(project, model, [{ values }]);
    const [item] = await this.store.insertItems(
      model.id,
      [{ public: (body.public as boolean | undefined) ?? model.public, fields: values }],
      new Date().toISOString(),
      actor,
    );
    return this.working(model, item!, true);
  }

  /**
   * An item as a member sees it (docs/content-workflow.md, "Review"): in a model that requires
   * review, its status, and with `drafts` (writers and above) its draft's values; else as stored.
   */
  async working(model: ContentModel, item: Item, drafts: boolean): Promise<WorkingItem> {
    if (!model.review) return { item };
    const draft = await this.store.reviews.getDraft(model.id, item.id);
    return { item: drafts ? withDraft(item, draft) : item, status: itemStatus(draft) };
  }

  /** Adds each listed item's `status` (a model that requires review), after its `public` flag. */
  async addStatuses(model: ContentModel, items: { id: string; status?: ItemStatus }[]): Promise<void> {
    const drafts = await this.store.reviews.draftsOf(
      model.id,
      items.map((i) => i.id),
    );
    for (const item of items) item.status = itemStatus(drafts.get(item.id));
  }

  /** Writes an item's new values: as they are, or in a model that requires review as its draft. */
  private async write(
    model: ContentModel,
    item: Item,
    patch: { public?: boolean; fields?: Record<string, unknown> },
    actor: VersionActor,
  ): Promise<WorkingItem | undefined> {
    const now = new Date().toISOString();
    if (!model.review) {
      const updated = await this.store.updateItem(model.id, item.id, { ...patch, updatedAt: now, actor });
      return updated && { item: updated };
    }
    const draft = await this.store.reviews.putDraft(
      model.id,
      item.id,
      { public: patch.public ?? item.public, fields: patch.fields ?? item.fields },
      now,
      actor,
    );
    return draft && { item: withDraft(item, draft), status: itemStatus(draft) };
  }

  /**
   * Merges `fields` into the item's values (`null` clears one) and sets `public`; the write keeps a
   * version naming `actor`. `item` is the working item (its draft's values in a model that requires review).
   */
  async patchItem(project: Project, model: ContentModel, item: Item, body: Record<string, unknown>, actor: VersionActor): Promise<WorkingItem | undefined> {
    if (body.public !== undefined && typeof body.public !== 'boolean') throw new InputError('public', '"public" must be true or false');
    let fields: Record<string, unknown> | undefined;
    if (body.fields !== undefined) {
      if (typeof body.fields !== 'object' || body.fields === null || Array.isArray(body.fields)) throw new InputError('fields', '"fields" must be an object');
      fields = this.checkValues(model, { ...item.fields, ...body.fields });
      await this.checkAssets(project, model, [{ values: fields }]);
    }
    return this.write(model, item, { public: body.public as boolean | undefined, fields }, actor);
  }

  /**
   * Makes an old version's values the item's again, as a new version (docs/content-workflow.md).
   * Values of fields the model no longer has are dropped; what remains is checked against the
   * model as it is now (a field made required since is an InputError naming it).
   */
  async restoreItem(project: Project, model: ContentModel, item: Item, version: ItemVersion, actor: VersionActor): Promise<WorkingItem | undefined> {
    const fields = this.checkValues(model, keptFields(model.fields, version.fields));
    await this.checkAssets(project, model, [{ values: fields }]);
    return this.write(model, item, { fields }, actor);
  }
}
