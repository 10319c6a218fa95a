import { describe, expect, it } from 'vitest';
import { incrementId, isId, newId, newIdAfter } from './ids.js';

describe('newId', () => {
  it('keeps creation order within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, newId);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every(isId)).toBe(true);
  });

  it('makes an id after a given one, even one from a clock ahead of ours', () => {
    const ahead = '7ZZZZZZZZZZZZZZZZZZZZZZZZY';
    expect(newIdAfter(ahead)).toBe('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(incrementId('01ARZ3NDEKTSV4RRFFQ69G5FAZ')).toBe('01ARZ3NDEKTSV4RRFFQ69G5FB0');
    const fresh = newIdAfter('01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(fresh > '01ARZ3NDEKTSV4RRFFQ69G5FAV').toBe(true);
    expect(newIdAfter(null)).toMatch(/^[0-9A-Z]{26}$/);
  });

  it('recognises only its own shape', () => {
    for (const bad of ['', 'abc', '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEKTSV4RRFFQ69G5FAVX', '01arz3ndektsv4rrffq69g5fav', '../../../../etc/passwd00000']) {
      expect(isId(bad), bad).toBe(false);
    }
  });
});
