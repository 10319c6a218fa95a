import { describe, expect, it } from 'vitest';
import type { Field } from '@orbis/content-model';
import { ItemValidator, MAX_ITEM_BYTES } from './item-validator.js';

const fields: Field[] = [
  { key: 'name', type: 'text', required: true },
  { key: 'capacity', type: 'integer' },
  { key: 'ratio', type: 'number' },
  { key: 'open', type: 'bool' },
  { key: 'since', type: 'date' },
  { key: 'kind', type: 'select', options: ['school', 'park'] },
  { key: 'site', type: 'url' },
  { key: 'photo', type: 'asset' },
  { key: 'loc', type: 'geometry' },
  { key: 'tags', type: 'text', multiple: true },
];
const model = { id: 'm1', updatedAt: '2026-01-01T00:00:00.000Z', fields };

function refusal(v: ItemValidator, value: unknown): { field: string; message: string } {
  try {
    v.check(model, value);
  } catch (err) {
    return { field: (err as { field: string }).field, message: (err as Error).message };
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('ItemValidator', () => {
  const v = new ItemValidator();

  it('accepts every type of docs/contract.md §10 and null for an empty optional field', () => {
    v.check(model, {
      name: 'A',
      capacity: 3,
      ratio: 0.5,
      open: true,
      since: '2024-02-29',
      kind: 'park',
      site: 'https://example.org/x',
      photo: '01JDA8ZZZZZZZZZZZZZZZZZZZZ',
      loc: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      tags: ['a', 'b'],
    });
    v.check(model, { name: 'B', capacity: null, since: '2024-02-29T10:00:00Z', loc: { type: 'Point', coordinates: [139.7, 35.6, 10] } });
  });

  it.each([
    [{}, 'name'],
    [{ name: null }, 'name'],
    [{ name: 1 }, 'name'],
    [{ name: 'a', capacity: 1.5 }, 'capacity'],
    [{ name: 'a', open: 'yes' }, 'open'],
    [{ name: 'a', since: 'yesterday' }, 'since'],
    [{ name: 'a', kind: 'zoo' }, 'kind'],
    [{ name: 'a', site: 'javascript:alert(1)' }, 'site'],
    [{ name: 'a', photo: 'x' }, 'photo'],
    [{ name: 'a', loc: { type: 'Point', coordinates: [200, 0] } }, 'loc'],
    [
      {
        name: 'a',
        loc: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      },
      'loc',
    ],
    [{ name: 'a', loc: { type: 'Circle', coordinates: [0, 0] } }, 'loc'],
    [{ name: 'a', tags: 'one' }, 'tags'],
    [{ name: 'a', extra: 1 }, 'extra'],
  ])('refuses %j naming %s', (value, field) => {
    const r = refusal(v, value);
    expect(r.field).toBe(field);
    expect(r.message).toContain(`"${field}"`);
  });

  it('refuses an item over 1 MiB', () => {
    expect(refusal(v, { name: 'x'.repeat(MAX_ITEM_BYTES) }).message).toMatch(/at most 1048576 bytes/);
  });

  it('compiles a model once and again only when it changes', () => {
    const a = v.validatorFor(model);
    expect(v.validatorFor({ ...model })).toBe(a);
    const changed = { ...model, updatedAt: '2026-01-02T00:00:00.000Z', fields: [{ key: 'n', type: 'integer' as const }] };
    const b = v.validatorFor(changed);
    expect(b).not.toBe(a);
    expect(b({ n: 1 })).toBe(true);
    expect(b({ name: 'x' })).toBe(false);
  });
});
