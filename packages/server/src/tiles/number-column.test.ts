import { describe, expect, it } from 'vitest';
import { GrowingArray, ImpliedColumn } from './number-column.js';

describe('GrowingArray', () => {
  it('keeps every value pushed, in an array of their length once finished', () => {
    const column = new GrowingArray(Float64Array);
    for (let i = 0; i < 5_000; i++) column.push(i / 3);
    const values = column.finish();
    expect(values).toHaveLength(5_000);
    expect(values.byteLength).toBe(5_000 * 8);
    expect(Array.from(values).every((v, i) => v === i / 3)).toBe(true);
  });
});

describe('ImpliedColumn', () => {
  it('keeps nothing while every row holds its implied value', () => {
    const column = new ImpliedColumn(Uint32Array, (row) => row * 2);
    for (let i = 0; i < 3_000; i++) column.push(i * 2);
    column.finish();
    expect(column.allImplied).toBe(true);
    expect(column.byteLength).toBe(0);
    expect(column.at(2_999)).toBe(5_998);
  });

  it('keeps every row from the first that is not implied, those before it included', () => {
    const column = new ImpliedColumn(Float64Array, (row) => row + 1);
    const values = Array.from({ length: 3_000 }, (_, i) => (i === 1_500 ? -1 : i + 1));
    for (const value of values) column.push(value);
    column.finish();
    expect(column.allImplied).toBe(false);
    expect(column.byteLength).toBe(3_000 * 8);
    expect(Array.from({ length: 3_000 }, (_, i) => column.at(i))).toEqual(values);
  });
});
