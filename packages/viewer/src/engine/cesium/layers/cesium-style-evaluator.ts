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

/** Results kept per expression before memoising is given up as useless (too many distinct inputs). */
const MEMO_LIMIT = 4096;

/**
 * The properties an expression reads, when each is a plain `${name}`: its result then depends on
 * those values alone and can be memoised. Undefined when it reads anything else (`${feature…}`,
 * built-ins), which is then evaluated every time.
 */
function readProperties(value: object): string[] | undefined {
  const texts = 'conditions' in value ? (value as { conditions: [string, string][] }).conditions.flat() : [(value as { expression: string }).expression];
  const names = new Set<string>();
  for (const text of texts) {
    for (const [, name] of text.matchAll(/\$\{([^}]*)\}/g)) {
      if (!/^[A-Za-z_$][\w$]*$/.test(name!) || name === 'feature' || name!.startsWith('tiles3d_')) return undefined;
      names.add(name!);
    }
  }
  return [...names];
}

/** A result that later evaluations cannot change: CesiumJS reuses one vector per expression node. */
function stable(v: unknown): unknown {
  return v && typeof v === 'object' && 'clone' in v && typeof v.clone === 'function' ? (v.clone as () => unknown)() : v;
}

/**
 * Evaluates docs/contract.md §7 field values with CesiumJS's own `Expression` and `ConditionsExpression`:
 * a literal is itself, `{expression}` and `{conditions}` are compiled once per evaluator (one per
 * layer) and evaluated per feature. A feature that makes an expression fail at run time (a
 * missing property compared with a number, say) gets `undefined`: the field keeps its default.
 */
export class StyleEvaluator {
  private readonly compiled = new Map<string, { expression: Compiled; reads: string[] | undefined; memo: Map<string, unknown> }>();

  private compile(value: object) {
    const key = JSON.stringify(value);
    let c = this.compiled.get(key);
    if (!c) {
      const expression =
        'conditions' in value
          ? new ConditionsExpression({ conditions: (value as { conditions: [string, string][] }).conditions })
          : new Expression((value as { expression: string }).expression);
      c = { expression, reads: readProperties(value), memo: new Map() };
      this.compiled.set(key, c);
    }
    return c;
  }

  /** The raw value of a field for a feature: a literal, or what the expression gives. */
  value<T>(field: StyleValue<T> | undefined, feature: StyleFeature): unknown {
    if (field === undefined || field === null) return undefined;
    if (typeof field !== 'object') return field;
    try {
      const c = this.compile(field as object);
      // Features that share the values an expression reads share its result (a style by a
      // category evaluates once per category), unless they have too many distinct values.
      const key = c.reads && JSON.stringify(c.reads.map((name) => feature.getPropertyInherited(name)));
      if (key !== undefined && c.memo.has(key)) return c.memo.get(key);
      const result = c.expression.evaluate(feature as never);
      if (key !== undefined) {
        if (c.memo.size < MEMO_LIMIT) c.memo.set(key, stable(result));
        else c.reads = undefined;
      }
      return result;
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
