import { describe, expect, it } from 'vitest';
import { FeatureTable } from './feature-table.js';
import type { FeatureBatch } from './vector-protocol.js';

const batch = (start: number, properties: Record<string, unknown>[], ids?: string[]): FeatureBatch =>
  ({ start, count: properties.length, ...(ids ? { ids } : {}), properties: JSON.stringify(properties) }) as FeatureBatch;

describe('FeatureTable', () => {
  it('reads ids, names and properties across batches, ids by position where none were sent', () => {
    const table = new FeatureTable();
    table.add(batch(0, [{ name: 'A' }, { title: 'B', n: 1 }]));
    table.add(batch(2, [{ k: 'x' }, { k: 'y' }], ['a', 'b']));
    expect(table.length).toBe(4);
    expect([0, 1, 2, 3, 4].map((i) => table.id(i))).toEqual(['1', '2', 'a', 'b', undefined]);
    expect([0, 1, 2].map((i) => table.name(i))).toEqual(['A', 'B', undefined]);
    expect(table.properties(3)).toEqual({ k: 'y' });
    expect(table.properties(4)).toBeUndefined();
    expect(['1', '2', 'a', 'b', '3', '5', '0', '01', 'c'].map((id) => table.indexOf(id))).toEqual([
      0,
      1,
      2,
      3,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('finds ids of batches added after a lookup', () => {
    const table = new FeatureTable();
    table.add(batch(0, [{}], ['a']));
    expect(table.indexOf('b')).toBeUndefined();
    table.add(batch(1, [{}], ['b']));
    expect(table.indexOf('b')).toBe(1);
  });

  it('keeps every property once all are asked for, and extends them as batches come', () => {
    const table = new FeatureTable();
    table.add(batch(0, [{ v: 1 }]));
    const all = table.all();
    expect(all).toEqual([{ v: 1 }]);
    table.add(batch(1, [{ v: 2 }]));
    expect(table.all()).toBe(all);
    expect(all).toEqual([{ v: 1 }, { v: 2 }]);
    expect(table.properties(1)).toBe(all[1]);
  });

  it('reads a feature of any of many batches, however many were parsed before', () => {
    const table = new FeatureTable();
    for (let b = 0; b < 20; b++)
      table.add(
        batch(b * 2, [
          { b, i: 0 },
          { b, i: 1 },
        ]),
      );
    for (let i = 0; i < 40; i++) expect(table.properties(i)).toEqual({ b: Math.floor(i / 2), i: i % 2 });
    expect(table.properties(0)).toEqual({ b: 0, i: 0 });
  });

  it('starts again empty once cleared (a restyle)', () => {
    const table = new FeatureTable();
    table.add(batch(0, [{}], ['y']));
    expect(table.indexOf('y')).toBe(0);
    table.clear();
    expect(table.indexOf('y')).toBeUndefined();
    expect(table.length).toBe(0);
    table.add(batch(0, [{}], ['z']));
    expect(table.indexOf('z')).toBe(0);
  });
});
