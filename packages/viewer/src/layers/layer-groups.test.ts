import { describe, expect, it } from 'vitest';
import { GroupVisibility } from './layer-groups.js';

describe('GroupVisibility (docs/contract.md §18 groups on the published page)', () => {
  it('hides the layers of a hidden group, and gives them their own visibility back with it', () => {
    const groups = new GroupVisibility(
      [
        { id: 'a', title: 'A', visible: false },
        { id: 'b', title: 'B' },
      ],
      new Map([
        ['x', 'a'],
        ['y', 'b'],
        ['z', undefined],
      ]),
    );
    const layers = [
      { id: 'x', visible: true },
      { id: 'y', visible: true },
      { id: 'z', visible: true },
      { id: 'w', visible: false },
    ];
    expect(groups.apply(layers).map((l) => l.visible)).toEqual([false, true, true, false]);
    groups.set('a', true);
    groups.set('b', false);
    expect(groups.apply(layers).map((l) => l.visible)).toEqual([true, false, true, false]);
    expect(groups.visible('b')).toBe(false);
    expect(groups.visible('unknown')).toBe(true);
  });

  it('draws the layers of a group with an opacity under 1 at it, and leaves the others as they are', () => {
    const groups = new GroupVisibility(
      [
        { id: 'faint', title: 'Faint', opacity: 0.4 },
        { id: 'full', title: 'Full', opacity: 1 },
      ],
      new Map([
        ['x', 'faint'],
        ['y', 'full'],
      ]),
    );
    const layers = [
      { id: 'x', visible: true },
      { id: 'y', visible: true },
      { id: 'z', visible: true },
    ];
    const drawn = groups.apply(layers);
    expect(drawn).toEqual([
      { id: 'x', visible: true, opacity: 0.4 },
      { id: 'y', visible: true },
      { id: 'z', visible: true },
    ]);
    expect(drawn[1]).toBe(layers[1]);
  });
});
