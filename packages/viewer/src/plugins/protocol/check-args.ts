import { FormatRegistry, Kind, type TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { isCssColor } from '@orbis/scene/checks';
import type { ArgDecl } from './host-ops.js';

// The string formats of arg-schemas.ts. TypeBox's Check compiles nothing (no eval): it runs in the worker too.
if (!FormatRegistry.Has('css-color')) FormatRegistry.Set('css-color', isCssColor);
if (!FormatRegistry.Has('time')) FormatRegistry.Set('time', (v) => /^\d{4}-\d{2}-\d{2}/.test(v) && Number.isFinite(Date.parse(v)));

const plainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as an error message shows it: short strings quoted, long ones cut, objects by kind. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  if (!Array.isArray(value)) return 'an object';
  const json = JSON.stringify(value);
  return json.length > 60 ? 'an array' : json;
}

/** What a schema takes, as its `wants` says (arg-schemas.ts). */
const wants = (schema: TSchema): string => String(schema.wants);

/** Why `value` is not of `schema`, naming `path` (or the first wrong field below it); undefined when it is. */
function explain(path: string, schema: TSchema, value: unknown): string | undefined {
  if (Check(schema, value)) return undefined;
  // An optional value is wrong only when present: say what it should have been.
  const inner: TSchema = schema.absentOr === true ? (schema.anyOf as TSchema[])[0]! : schema;
  if (value === null || value === undefined) return `${path} is missing; it must be ${wants(inner)}`;
  if (inner[Kind] === 'Object' && plainObject(value)) {
    for (const [field, fieldSchema] of Object.entries(inner.properties as Record<string, TSchema>)) {
      const reason = explain(`${path}.${field}`, fieldSchema, value[field]);
      if (reason) return reason;
    }
  }
  return `${path} must be ${wants(inner)}, not ${show(value)}`;
}

/**
 * Checks a call's arguments against its operation's declaration (host-ops.ts) before anything
 * runs, so a wrong call changes nothing: the first wrong argument throws a TypeError that names
 * the operation, the argument (nested fields by their path) and what it must be.
 */
export function checkArgs(op: string, args: readonly ArgDecl[], values: readonly unknown[]): void {
  for (let i = 0; i < args.length; i++) {
    const [name, schema] = args[i]!;
    const reason = explain(name, schema, values[i]);
    if (reason) throw new TypeError(`${op}: ${reason}`);
  }
}
