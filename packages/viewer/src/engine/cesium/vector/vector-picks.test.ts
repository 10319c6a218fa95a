import { describe, expect, it } from 'vitest';
import { VectorPicks } from './vector-picks.js';

describe('VectorPicks', () => {
  it('makes one pick per feature and one per further part, each naming the owner and the feature with the base added', () => {
    const owner = {};
    const picks = new VectorPicks(owner, 100);
    expect(picks.of(3)).toEqual([]);
    const first = picks.pick(3);
    expect(picks.pick(3)).toBe(first);
    expect(picks.partPick(3, 0)).toBe(first);
    const second = picks.partPick(3, 1);
    expect(second).not.toBe(first);
    expect(picks.partPick(3, 1)).toBe(second);
    expect([second.owner, second.index]).toEqual([owner, 103]);
    expect(picks.of(3)).toEqual([first, second]);
    picks.clear();
    expect(picks.of(3)).toEqual([]);
    expect(picks.pick(3)).not.toBe(first);
  });
});
