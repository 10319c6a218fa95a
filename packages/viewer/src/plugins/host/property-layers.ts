import type { ViewerProperty } from '@orbis/scene';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `patch` into `target` (docs/contract.md §5 `overrideProperty`): objects merge key by key, arrays and
 * other values replace, and `null` removes the key. Returns a new object; neither input changes.
 */
export function mergeOverride(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isObject(value)) {
      const merged = mergeOverride(isObject(out[key]) ? (out[key] as Json) : {}, value);
      if (Object.keys(merged).length === 0) delete out[key];
      else out[key] = merged;
    } else out[key] = structuredClone(value);
  }
  return out;
}

/** Deep-merges layers over a base: later layers win, objects merge, arrays replace. */
function applyLayer(base: Json, layer: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(layer)) {
    out[key] = isObject(value) && isObject(out[key]) ? applyLayer(out[key] as Json, value) : value;
  }
  return out;
}

/**
 * The scene's ViewerProperty with every plugin's override layer over it, in plugin install order.
 * The effective property has only explicitly set values: defaults are never added.
 */
export class PropertyLayers {
  private base: Json = {};
  private readonly overrides = new Map<string, Json>();

  constructor(private readonly installOrder: readonly string[]) {}

  setBase(property: ViewerProperty): void {
    this.base = structuredClone(property);
  }

  /** Merges a plugin's patch into its own layer. */
  override(pluginId: string, patch: Json): void {
    this.overrides.set(pluginId, mergeOverride(this.overrides.get(pluginId) ?? {}, patch));
  }

  remove(pluginId: string): void {
    this.overrides.delete(pluginId);
  }

  effective(): ViewerProperty {
    let out = structuredClone(this.base);
    const ordered = [...this.overrides.keys()].sort((a, b) => this.rank(a) - this.rank(b));
    for (const id of ordered) out = applyLayer(out, this.overrides.get(id)!);
    return out;
  }

  private rank(pluginId: string): number {
    const i = this.installOrder.indexOf(pluginId);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  }
}
