import { describe, expect, it } from 'vitest';
import { LatestOnly } from './latest-only.js';

describe('LatestOnly', () => {
  it('sends one value at a time, and of those given meanwhile only the latest once the one out is done', () => {
    const sent: number[] = [];
    const times = new LatestOnly<number>((t) => sent.push(t));
    times.give(1);
    times.give(1);
    times.give(2);
    times.give(3);
    expect(sent).toEqual([1]);
    times.done();
    expect(sent).toEqual([1, 3]);
    times.done();
    times.done();
    expect(sent).toEqual([1, 3]);
    // The same as the last given is not sent again; another is, at once.
    times.give(3);
    times.give(4);
    expect(sent).toEqual([1, 3, 4]);
  });
});
