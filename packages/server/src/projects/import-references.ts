import type { Field } from '@orbis/content-model';

/**
 * How a project import writes reference fields (docs/operations.md, "Import a project"): items
 * get new ids, so a reference is rewritten to the new id of the item it named. The models'
 * items are imported so that a referenced model comes before the models that reference it;
 * a reference to the model itself, or around a cycle of models, cannot be rewritten when its
 * item is written, so it is left out then (with the field made optional meanwhile) and written
 * in a second pass, once every item has its new id.
 */
export interface ImportPlan {
  /** Indices of the manifest's models, in the order their items are imported. */
  order: number[];
  /** For each model (by manifest index), the keys of its reference fields written in the second pass. */
  deferred: Set<string>[];
}

export function importPlan(models: { key: string; fields: Field[] }[]): ImportPlan {
  const index = new Map(models.map((m, i) => [m.key, i]));
  const targets = models.map((m) => m.fields.filter((f) => f.type === 'reference').map((f) => ({ key: f.key, target: index.get(f.model!) })));
  const done = new Set<number>();
  const order: number[] = [];
  while (order.length < models.length) {
    const ready = models.findIndex((_, i) => !done.has(i) && targets[i]!.every((t) => t.target === undefined || t.target === i || done.has(t.target)));
    // A cycle: its first model left goes first, and its references to the others wait.
    const next = ready >= 0 ? ready : models.findIndex((_, i) => !done.has(i));
    order.push(next);
    done.add(next);
  }
  const position = new Map(order.map((m, p) => [m, p]));
  const deferred = targets.map(
    (list, i) => new Set(list.filter((t) => t.target === undefined || position.get(t.target)! >= position.get(i)!).map((t) => t.key)),
  );
  return { order, deferred };
}

/** The fields a model is made with while its items are imported: its deferred references optional. */
export function withDeferredOptional(fields: Field[], deferred: Set<string>): Field[] {
  return fields.map((f) => (deferred.has(f.key) && f.required ? { ...f, required: false } : f));
}

/**
 * An item's values with each reference rewritten to the new id (`newIds`: old id to new, per
 * target model key). A reference whose item is not in the export (it was deleted after it was
 * referenced) is dropped: from a list, the member; a single one, the value.
 */
export function rewriteReferences(
  values: Record<string, unknown>,
  fields: Field[],
  newIds: (model: string, id: string) => string | undefined,
): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    if (f.type !== 'reference' || out[f.key] === undefined) continue;
    const raw = out[f.key];
    const mapped = (Array.isArray(raw) ? raw : [raw])
      .map((id) => (typeof id === 'string' ? newIds(f.model!, id) : undefined))
      .filter((id): id is string => id !== undefined);
    if (Array.isArray(raw) && mapped.length > 0) out[f.key] = mapped;
    else if (!Array.isArray(raw) && mapped.length === 1) out[f.key] = mapped[0];
    else delete out[f.key];
  }
  return out;
}

/** An item's values without the deferred fields, and those fields' values apart (undefined when it has none). */
export function splitDeferred(values: Record<string, unknown>, deferred: Set<string>): { now: Record<string, unknown>; later?: Record<string, unknown> } {
  if (deferred.size === 0) return { now: values };
  const now: Record<string, unknown> = {};
  const later: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) (deferred.has(key) ? later : now)[key] = value;
  return Object.keys(later).length === 0 ? { now } : { now, later };
}
