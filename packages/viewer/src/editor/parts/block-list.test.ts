import { describe, expect, it } from 'vitest';
import { blockKeys } from './block-list.js';

describe('blockKeys', () => {
  it('keys blocks by plugin and extension, and the same block twice by its turn', () => {
    const a = { pluginId: 'p', extensionId: 'a' };
    const b = { pluginId: 'p', extensionId: 'b' };
    expect(blockKeys([a, b, a])).toEqual(['p/a#0', 'p/b#0', 'p/a#1']);
    // A block moved up keeps its key.
    expect(blockKeys([b, a])).toEqual(['p/b#0', 'p/a#0']);
  });
});
