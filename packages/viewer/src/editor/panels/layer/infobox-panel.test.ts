import { describe, expect, it } from 'vitest';
import { fieldsOf, infoboxRows } from './infobox-panel.js';

describe('the infobox panel’s rows (docs/contract.md §7 infobox)', () => {
  it('lists every property shown while no field is chosen', () => {
    const rows = infoboxRows(undefined, ['name', 'height']);
    expect(rows).toEqual([
      { name: 'name', shown: true },
      { name: 'height', shown: true },
    ]);
    expect(fieldsOf(rows)).toEqual([
      { label: 'name', value: '${name}' },
      { label: 'height', value: '${height}' },
    ]);
  });

  it('lists the chosen fields first, in their order with their labels and formats, the others off', () => {
    const infobox = {
      fields: [
        { label: 'Height', value: '${height}', format: 'number' as const },
        { label: 'Odd', value: '${a} ${b}' },
      ],
    };
    const rows = infoboxRows(infobox, ['name', 'height', 'kind']);
    expect(rows.map((r) => [r.name, r.shown])).toEqual([
      ['height', true],
      ['name', false],
      ['kind', false],
    ]);
    // Written back, what the panel did not write (a field of two properties) is not kept, and the rest is as it was.
    expect(fieldsOf(rows)).toEqual([{ label: 'Height', value: '${height}', format: 'number' }]);
    expect(fieldsOf([{ name: 'kind', shown: true, field: { label: '  ', value: '${kind}' } }])).toEqual([{ label: 'kind', value: '${kind}' }]);
  });
});
