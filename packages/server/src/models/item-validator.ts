import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { InputError } from '../input-error.js';
import { checkJsonDepth } from '../json-depth.js';
import type { Field } from '@orbis/content-model';
import { geometrySchema } from './geometry-schema.js';
import { itemFieldsSchema } from './item-schema.js';

/** The largest item, as its `fields` JSON text: docs/contract.md §10's 1 MiB. */
export const MAX_ITEM_BYTES = 1024 * 1024;

/** What a validator is made for: a model at one revision. */
export interface ModelRevision {
  id: string;
  updatedAt: string;
  fields: Field[];
}

function describe(error: ErrorObject): { field: string; message: string } {
  const path = error.instancePath.split('/').slice(1);
  // Inside a group (docs/content-workflow.md, "Field types"): the group's field, then where in it.
  const within = path.length > 0 ? `${path.join('.')}.` : '';
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty).slice(0, 60);
    return { field: path[0] ?? extra, message: `field "${within}${extra}" is not in the model` };
  }
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { field: path[0] ?? missing, message: `field "${within}${missing}" is required` };
  }
  const field = path[0] ?? 'fields';
  const where = path.length > 1 ? ` at ${error.instancePath}` : '';
  return { field, message: `field "${field}"${where} ${error.message ?? 'is not valid'}` };
}

/**
 * Checks items against their model's JSON Schema, compiled by Ajv once per model revision and
 * kept until the model changes (its `updatedAt` moves). Geometry fields refer to the GeoJSON
 * geometry schema, added once.
 */
export class ItemValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, { updatedAt: string; validate: ValidateFunction }>();

  constructor() {
    this.ajv = new Ajv2020({ allErrors: false, strict: false });
    addFormats.default(this.ajv);
    this.ajv.addSchema(geometrySchema);
  }

  /** The compiled check of a model's items; the same function until the model changes. */
  validatorFor(model: ModelRevision): ValidateFunction {
    const cached = this.compiled.get(model.id);
    if (cached && cached.updatedAt === model.updatedAt) return cached.validate;
    const validate = this.ajv.compile(itemFieldsSchema(model.fields));
    this.compiled.set(model.id, { updatedAt: model.updatedAt, validate });
    return validate;
  }

  /** Forgets a deleted model's validator. */
  forget(modelId: string): void {
    this.compiled.delete(modelId);
  }

  /**
   * Throws an InputError naming the first field that does not fit (`row`, when given, names the
   * import row), or one for an item over MAX_ITEM_BYTES.
   */
  check(model: ModelRevision, fields: unknown, row?: string): void {
    const prefix = row === undefined ? '' : `${row}: `;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      throw new InputError(row ?? 'fields', `${prefix}"fields" must be an object`);
    }
    checkJsonDepth(fields, row ?? 'fields');
    const validate = this.validatorFor(model);
    if (!validate(fields)) {
      const { field, message } = describe(validate.errors![0]!);
      throw new InputError(row ?? field, prefix + message);
    }
    const bytes = Buffer.byteLength(JSON.stringify(fields));
    if (bytes > MAX_ITEM_BYTES) throw new InputError(row ?? 'fields', `${prefix}an item's JSON is at most ${MAX_ITEM_BYTES} bytes, got ${bytes}`);
  }
}
