import type { LayerGroup } from '@orbis/scene';

/**
 * The published page's groups of layers (docs/contract.md §18 `scene.groups`): which show, starting
 * from each group's `visible`, switched by the legend's boxes. A layer of a hidden group is hidden
 * whatever its own visibility or the story page says; its own visibility comes back with the group.
 */
export class GroupVisibility {
  private readonly shown: Map<string, boolean>;

  constructor(
    groups: readonly LayerGroup[],
    /** Each layer's group, by layer id. */
    private readonly groupOf: ReadonlyMap<string, string | undefined>,
  ) {
    this.shown = new Map(groups.map((g) => [g.id, g.visible !== false]));
  }

  visible(groupId: string): boolean {
    return this.shown.get(groupId) ?? true;
  }

  set(groupId: string, visible: boolean): void {
    this.shown.set(groupId, visible);
  }

  /** The layers as drawn: each hidden where its group is. */
  apply<L extends { id: string; visible: boolean }>(layers: readonly L[]): L[] {
    return layers.map((layer) => {
      const group = this.groupOf.get(layer.id);
      return group !== undefined && !this.visible(group) && layer.visible ? { ...layer, visible: false } : layer;
    });
  }
}
