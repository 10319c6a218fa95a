import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../api/content-api.js';
import { draftOf, fieldValues, kindOf } from './item-form.js';
import { fieldOf } from './new-model-form.js';

const model = {
  key: 'shelters',
  name: 'Shelters',
  public: true,
  fields: [
    { key: 'name', type: 'text', required: true },
    { key: 'capacity', type: 'integer' },
    { key: 'open', type: 'bool' },
    { key: 'loc', type: 'geometry' },
    { key: 'kind', type: 'select', options: ['hall', 'school'] },
    { key: 'tags', type: 'text', multiple: true },
  ],
} as unknown as ModelRecord;

describe("the Content tab's item form", () => {
  it('shows each field of an item in its control, and reads the same item back', () => {
    const item = { name: 'Hall 20', capacity: 200, open: true, loc: { type: 'Point', coordinates: [139.2, 35.6] }, kind: 'hall', tags: ['a', 'b'] };
    const { kinds, draft } = draftOf(model, item);
    expect(kinds).toEqual({ name: 'text', capacity: 'number', open: 'check', loc: 'point', kind: 'choice', tags: 'json' });
    expect(draft).toEqual({ name: 'Hall 20', capacity: '200', open: true, loc: ['139.2', '35.6'], kind: 'hall', tags: '["a","b"]' });
    expect(fieldValues(model, kinds, draft)).toEqual(item);
  });

  it('sends null for a field emptied, so that a PATCH clears it', () => {
    const { kinds, draft } = draftOf(model, { name: 'Hall', capacity: 5, loc: { type: 'Point', coordinates: [1, 2] }, kind: 'hall' });
    const emptied = { ...draft, capacity: '', loc: ['', ''] as const, kind: '', tags: '  ' };
    expect(fieldValues(model, kinds, emptied)).toEqual({ name: 'Hall', capacity: null, open: false, loc: null, kind: null, tags: null });
  });

  it('edits a geometry other than a point as JSON, and refuses JSON that does not parse', () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    };
    expect(kindOf(model.fields[3]!, line)).toBe('json');
    const { kinds, draft } = draftOf(model, { loc: line });
    expect(fieldValues(model, kinds, draft).loc).toEqual(line);
    expect(() => fieldValues(model, kinds, { ...draft, loc: '{"type":' })).toThrow(SyntaxError);
  });
});

describe('the new model form', () => {
  it('makes a field of each row: options for a select, values for a tag, a model for a reference; a row with no key is none', () => {
    expect(fieldOf({ id: 0, key: ' kind ', type: 'select', required: true, options: 'hall, school,' })).toEqual({
      key: 'kind',
      type: 'select',
      required: true,
      options: ['hall', 'school'],
    });
    expect(fieldOf({ id: 1, key: 'tags', type: 'tag', required: false, options: 'a,b' })).toEqual({ key: 'tags', type: 'tag', values: ['a', 'b'] });
    expect(fieldOf({ id: 2, key: 'area', type: 'reference', required: false, options: ' areas ' })).toEqual({ key: 'area', type: 'reference', model: 'areas' });
    expect(fieldOf({ id: 3, key: '  ', type: 'text', required: false, options: '' })).toBeUndefined();
  });
});
