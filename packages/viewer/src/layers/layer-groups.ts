import type { LayerGroup } from '@orbis/scene';

/**
 * Groups of layers as drawn (docs/contract.md §18 `scene.groups`), on the published page and the
 * editor's globe: which show, starting from each group's `visible` (switched by the published
 * legend's boxes), and at what opacity. A layer of a hidden group is hidden whatever its own
 * visibility or the story page says; its own visibility comes back with the group. A layer of a
 * group with an `opacity` under 1 is drawn at it.
 */
export class GroupVisibility {
  private readonly shown: Map<string, boolean>;
  private readonly opacity: Map<string, number>;

  constructor(
    groups: readonly LayerGroup[],
    /** Each layer's group, by layer id. */
    private readonly groupOf: ReadonlyMap<string, string | undefined>,
  ) {
    this.shown = new Map(groups.map((g) => [g.id, g.visible !== false]));
    this.opacity = new Map(groups.flatMap((g) => (g.opacity !== undefined && g.opacity < 1 ? [[g.id, g.opacity] as const] : [])));
  }

  visible(groupId: string): boolean {
    return this.shown.get(groupId) ?? true;
  }

  set(groupId: string, visible: boolean): void {
    this.shown.set(groupId, visible);
  }

  /** The layers as drawn: each hidden where its group is, and at its group's opacity. */
  apply<L extends { id: string; visible: boolean; opacity?: number }>(layers: readonly L[]): L[] {
    return layers.map((layer) => {
      const group = this.groupOf.get(layer.id);
      if (group === undefined) return layer;
      const opacity = this.opacity.get(group);
      const hidden = !this.visible(group) && layer.visible;
      return hidden || opacity !== undefined ? { ...layer, ...(hidden ? { visible: false } : {}), ...(opacity !== undefined ? { opacity } : {}) } : layer;
    });
  }
}
