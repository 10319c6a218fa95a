import { describe, expect, it } from 'vitest';
import { isId, newId } from './ids.js';

describe('newId', () => {
  it('keeps creation order within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isId)).toBe(true);
  });

  it('recognises only its own shape', () => {
    for (const bad of ['', 'abc', '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEKTSV4RRFFQ69G5FAVX', '01arz3ndektsv4rrffq69g5fav', '../../../../etc/passwd00000']) {
      expect(isId(bad), bad).toBe(false);
    }
  });
});
