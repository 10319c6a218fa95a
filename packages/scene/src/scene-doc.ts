import * as Y from 'yjs';
import type { Scene } from './scene-schema.js';

/**
 * The scene as a shared Yjs document (docs/collaboration.md): the root map `scene` holds the
 * scene document; every plain object is a nested `Y.Map`, so that two people changing different
 * fields of one layer both keep their change; `layers`, `story.pages` and a sketch layer's features
 * are `Y.Array`s of maps keyed by `id`, so that two people adding a layer at once both keep theirs. Any other array (a
 * layer's `conditions`, `widgets`, a page's `layers`) is one value: the last writer's wins, the
 * same on every client.
 */
export const SCENE_ROOT = 'scene';

/**
 * The paths of the arrays kept as arrays of maps keyed by `id`: layers, story pages, groups of
 * layers, and the features drawn in a `sketch` layer (docs/contract.md §18), so that two people
 * drawing in one layer at once both keep their shapes, and two changing two groups keep both.
 */
const KEYED_ARRAYS: ReadonlySet<string> = new Set(['layers', 'story.pages', 'groups', 'layers.data.value.features']);

/** The Yjs client id of a document seeded from a stored scene: the same scene seeds the same update in every process. */
export const SEED_CLIENT_ID = 1;

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const plain = (value: unknown): unknown => (value instanceof Y.AbstractType ? value.toJSON() : value);

/** The scene's root map in a document. */
export function sceneMapOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(SCENE_ROOT);
}

/**
 * The scene a document holds, as a copy the caller may change; undefined while it holds none. Keyed arrays are read in their merged
 * order; where two people added an entry with the same id at once, the later one is read with a
 * suffix (`-2`, `-3`…), so that nothing added is lost and ids stay unique.
 */
export function readScene(doc: Y.Doc): Scene | undefined {
  const map = sceneMapOf(doc);
  if (map.size === 0) return undefined;
  // A copy: Yjs hands out the very arrays it holds as plain values (a layer's `conditions`,
  // `widgets`), and a caller that changed one in place would change the document unseen.
  const scene = structuredClone(map.toJSON()) as Scene;
  scene.layers = uniqueIds(scene.layers ?? []).map((layer) => {
    const value = layer.data?.value;
    return value ? { ...layer, data: { ...layer.data, value: { ...value, features: uniqueIds(value.features ?? []) } } } : layer;
  });
  if (scene.story) scene.story.pages = uniqueIds(scene.story.pages ?? []);
  if (scene.groups) scene.groups = uniqueIds(scene.groups);
  return scene;
}

function uniqueIds<T extends { id: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    let id = entry.id;
    for (let n = 2; seen.has(id); n++) id = `${entry.id}-${n}`;
    seen.add(id);
    return id === entry.id ? entry : { ...entry, id };
  });
}

/**
 * Makes the document hold `scene`, changing only what differs, in one transaction with `origin`
 * (which an UndoManager tracks): a field that is equal is not written, so a teammate's change to
 * another field survives.
 */
export function writeScene(doc: Y.Doc, scene: Scene, origin?: unknown): void {
  doc.transact(() => reconcileMap(sceneMapOf(doc), scene as unknown as JsonObject, ''), origin);
}

/** The update that seeds a new document with `scene`: byte for byte the same for the same scene. */
export function seedUpdate(scene: Scene): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = SEED_CLIENT_ID;
  writeScene(doc, scene);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

function reconcileMap(map: Y.Map<unknown>, value: JsonObject, path: string): void {
  for (const key of [...map.keys()]) {
    if (value[key] === undefined) map.delete(key);
  }
  for (const [key, next] of Object.entries(value)) {
    if (next === undefined) continue;
    const childPath = join(path, key);
    const current = map.get(key);
    if (KEYED_ARRAYS.has(childPath) && Array.isArray(next)) {
      if (current instanceof Y.Array) reconcileKeyed(current as Y.Array<Y.Map<unknown>>, next as JsonObject[], childPath);
      else map.set(key, toShared(next, childPath));
    } else if (isObject(next)) {
      if (current instanceof Y.Map) reconcileMap(current, next, childPath);
      else map.set(key, toShared(next, childPath));
    } else if (!jsonEqual(plain(current), next)) {
      map.set(key, toShared(next, childPath));
    }
  }
}

/**
 * Makes a keyed array hold `entries` in their order: entries whose id is gone are deleted, new
 * ones inserted, kept ones changed field by field. A kept entry that moved is written anew at its
 * place from what it holds now (Yjs arrays have no move), so a teammate's edit to it made at the
 * same moment as the move is lost: docs/collaboration.md says so.
 */
function reconcileKeyed(array: Y.Array<Y.Map<unknown>>, entries: JsonObject[], path: string): void {
  const wanted = new Set(entries.map((e) => e.id));
  for (let i = array.length - 1; i >= 0; i--) {
    if (!wanted.has(array.get(i).get('id'))) array.delete(i, 1);
  }
  entries.forEach((entry, i) => {
    const at = i < array.length ? array.get(i) : undefined;
    if (at && at.get('id') === entry.id) {
      reconcileMap(at, entry, path);
      return;
    }
    let from = -1;
    for (let j = i + 1; j < array.length; j++) {
      if (array.get(j).get('id') === entry.id) {
        from = j;
        break;
      }
    }
    if (from >= 0) array.delete(from, 1);
    array.insert(i, [toShared(entry, path) as Y.Map<unknown>]);
  });
  if (array.length > entries.length) array.delete(entries.length, array.length - entries.length);
}

/** A JSON value as the document keeps it at `path`: objects as maps, keyed arrays as arrays of maps, the rest as a copy. */
function toShared(value: unknown, path: string): unknown {
  if (KEYED_ARRAYS.has(path) && Array.isArray(value)) {
    const array = new Y.Array<Y.Map<unknown>>();
    array.push(value.map((entry) => toShared(entry, path) as Y.Map<unknown>));
    return array;
  }
  if (isObject(value)) {
    const map = new Y.Map<unknown>();
    for (const [key, child] of Object.entries(value)) {
      if (child !== undefined) map.set(key, toShared(child, join(path, key)));
    }
    return map;
  }
  return Array.isArray(value) ? (JSON.parse(JSON.stringify(value)) as unknown) : value;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A three-way merge of two changes of one scene, as the live document merges them: `mine` and
 * `theirs` each changed `base`; edits to different things are both kept, two edits of one field
 * end as one of them (the same on every client). The editor uses it when its save meets a newer
 * version (a 412): docs/collaboration.md, "The editor's saves".
 */
export function mergeScenes(base: Scene, mine: Scene, theirs: Scene): Scene {
  const seed = seedUpdate(base);
  const ours = new Y.Doc();
  const other = new Y.Doc();
  try {
    Y.applyUpdate(ours, seed);
    Y.applyUpdate(other, seed);
    writeScene(ours, mine);
    writeScene(other, theirs);
    Y.applyUpdate(ours, Y.encodeStateAsUpdate(other, Y.encodeStateVector(ours)));
    return readScene(ours)!;
  } finally {
    ours.destroy();
    other.destroy();
  }
}
