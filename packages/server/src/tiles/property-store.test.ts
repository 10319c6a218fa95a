import { describe, expect, it } from 'vitest';
import { PropertyStore } from './property-store.js';

describe('PropertyStore', () => {
  it("gives back each row's properties as they went in, JSON's values of any shape, across its blocks", () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => {
      // More shapes than msgpackr shares (32), so that some carry their keys in each row.
      const shape: Record<string, unknown> = { [`key${i % 50}`]: i };
      if (i % 3 === 0) shape['name'] = `名前 ${i} ${'x'.repeat(i % 200)}`;
      if (i % 5 === 0) shape['nested'] = { list: [1, 2.5, -3e-7, null, true, 'a'], empty: {} };
      if (i % 7 === 0) shape['big'] = 2 ** 53 - i;
      if (i % 11 === 0) shape['float'] = i / 7;
      if (i % 13 === 0) shape['negative'] = -i * 1_000_003;
      return i % 17 === 0 ? {} : shape;
    });
    const store = new PropertyStore();
    for (const row of rows) store.push(row);
    store.finish();
    expect(store.length).toBe(rows.length);
    // The rows span more than one block (the first holds 64 KiB).
    expect(store.byteLength).toBeGreaterThan(256 * 1024);
    for (let i = 0; i < rows.length; i++) expect(store.at(i), `row ${i}`).toEqual(rows[i]);
  });
});
