import type { Scene } from '@orbis/scene';

/**
 * The editor's changes to groups of layers (docs/contract.md §18 `scene.groups`, `layer.group`;
 * docs/editor.md, "Groups"). The layers stay one flat list in drawing order; a group is a title,
 * a visibility and an opacity that its layers follow. A group lives until it is removed, even with
 * no layer in it (a new group is empty until a layer is dragged onto it).
 */

/** A group's id from its title: its letters and digits, dashes between; another suffix when taken. */
export function groupIdOf(title: string, taken: ReadonlySet<string> = new Set()): string {
  const stem =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90) || `group-${[...title].reduce((n, c) => (n * 31 + c.codePointAt(0)!) >>> 0, 7).toString(36)}`;
  let id = stem;
  for (let n = 2; taken.has(id); n++) id = `${stem}-${n}`;
  return id;
}

const ids = (scene: Scene) => new Set((scene.groups ?? []).map((g) => g.id));

/** Adds a group titled `title` (at the end), answering its id. */
export function addGroup(scene: Scene, title: string): string {
  const id = groupIdOf(title, ids(scene));
  scene.groups = [...(scene.groups ?? []), { id, title }];
  return id;
}

/** Removes a group; its layers stay, in no group. */
export function removeGroup(scene: Scene, groupId: string): void {
  for (const layer of scene.layers) if (layer.group === groupId) delete layer.group;
  scene.groups = (scene.groups ?? []).filter((g) => g.id !== groupId);
  if (scene.groups.length === 0) delete scene.groups;
}

/** Puts a layer in a group of the scene, or in none (undefined, or a group that does not exist). */
export function moveToGroup(scene: Scene, layerId: string, groupId: string | undefined): void {
  const layer = scene.layers.find((l) => l.id === layerId);
  if (!layer) return;
  if (groupId !== undefined && ids(scene).has(groupId)) layer.group = groupId;
  else delete layer.group;
}

/** Puts a layer in the group titled `title` (made when new), or in none when blank (the layer's Tools panel). */
export function setLayerGroup(scene: Scene, layerId: string, title: string): void {
  const trimmed = title.trim();
  const existing = scene.groups?.find((g) => g.title === trimmed);
  const id = trimmed === '' ? undefined : (existing?.id ?? addGroup(scene, trimmed));
  moveToGroup(scene, layerId, id);
}
