import type { Scene } from '@orbis/scene';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasId = (v: unknown): v is Json & { id: string } => isObject(v) && typeof v.id === 'string';

/**
 * Makes `target` hold `source` in place: objects keep their identity, and so do the entries of
 * arrays keyed by `id` (layers, story pages), so that a panel holding a layer object from before
 * still changes the scene the editor saves.
 */
export function adoptScene(target: Scene, source: Scene): void {
  adopt(target as unknown as Json, source as unknown as Json);
}

function adopt(target: Json, source: Json): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  for (const [key, next] of Object.entries(source)) {
    const current = target[key];
    if (Array.isArray(next) && Array.isArray(current) && next.every(hasId)) {
      const kept = new Map(current.filter(hasId).map((entry) => [entry.id, entry]));
      const entries = next.map((entry) => {
        const old = kept.get(entry.id);
        if (!old) return entry;
        adopt(old, entry);
        return old;
      });
      current.splice(0, current.length, ...entries);
    } else if (isObject(next) && isObject(current)) {
      adopt(current, next);
    } else {
      target[key] = next;
    }
  }
}
