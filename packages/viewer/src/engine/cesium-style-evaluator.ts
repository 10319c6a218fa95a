import type { StyleValue } from '@orbis/scene';
import { Cartesian4, Color, ConditionsExpression, Expression } from 'cesium';

/**
 * What CesiumJS's expression classes read from a feature. Entities are not 3D Tiles features, so
 * this adapter hands them an entity's properties: `${name}` reads `properties[name]`.
 */
export interface StyleFeature {
  getPropertyInherited(name: string): unknown;
  isExactClass(name: string): boolean;
  isClass(name: string): boolean;
  getExactClassName(): string | undefined;
}

/** The adapter for one feature's properties. */
export function styleFeature(properties: Record<string, unknown>): StyleFeature {
  return {
    getPropertyInherited: (name) => properties[name],
    isExactClass: () => false,
    isClass: () => false,
    getExactClassName: () => undefined,
  };
}

type Compiled = Expression | ConditionsExpression;

/**
 * Evaluates SPEC §7 field values with CesiumJS's own `Expression` and `ConditionsExpression`:
 * a literal is itself, `{expression}` and `{conditions}` are compiled once per evaluator (one per
 * layer) and evaluated per feature. A feature that makes an expression fail at run time (a
 * missing property compared with a number, say) gets `undefined`: the field keeps its default.
 */
export class StyleEvaluator {
  private readonly compiled = new Map<string, Compiled>();

  private compile(value: object): Compiled {
    const key = JSON.stringify(value);
    let c = this.compiled.get(key);
    if (!c) {
      c = 'conditions' in value ? new ConditionsExpression({ conditions: (value as { conditions: [string, string][] }).conditions }) : new Expression((value as { expression: string }).expression);
      this.compiled.set(key, c);
    }
    return c;
  }

  /** The raw value of a field for a feature: a literal, or what the expression gives. */
  value<T>(field: StyleValue<T> | undefined, feature: StyleFeature): unknown {
    if (field === undefined || field === null) return undefined;
    if (typeof field !== 'object') return field;
    try {
      return this.compile(field as object).evaluate(feature as never);
    } catch {
      return undefined;
    }
  }

  /** A colour field: a CSS string, or a `color()`/`rgb()`… result. */
  color(field: StyleValue<string> | undefined, feature: StyleFeature): Color | undefined {
    return toColor(this.value(field, feature));
  }

  number(field: StyleValue<number> | undefined, feature: StyleFeature): number | undefined {
    const v = this.value(field, feature);
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  }

  bool(field: StyleValue<boolean> | undefined, feature: StyleFeature): boolean | undefined {
    const v = this.value(field, feature);
    return typeof v === 'boolean' ? v : undefined;
  }

  text(field: StyleValue<string> | undefined, feature: StyleFeature): string | undefined {
    const v = this.value(field, feature);
    return v === undefined || v === null ? undefined : typeof v === 'object' ? undefined : String(v);
  }
}

/** A colour from what an expression may give: a Color, a vec4 (CesiumJS's colours evaluate to one) or a CSS string. */
export function toColor(v: unknown): Color | undefined {
  if (v instanceof Color) return v;
  if (v instanceof Cartesian4) return Color.fromCartesian4(v);
  if (typeof v === 'string') return Color.fromCssColorString(v);
  return undefined;
}
