import type { Field } from '@orbis/content-model';
import { describe, expect, it } from 'vitest';
import { importPlan, rewriteReferences, splitDeferred, withDeferredOptional } from './import-references.js';

const ref = (key: string, model: string, more: Partial<Field> = {}): Field => ({ key, type: 'reference', model, ...more });

describe('project import: references (docs/operations.md, "Import a project")', () => {
  it('imports a referenced model first, and defers references to the model itself and around a cycle', () => {
    const plan = importPlan([
      { key: 'halls', fields: [ref('ward', 'wards'), ref('near', 'halls')] },
      { key: 'wards', fields: [{ key: 'name', type: 'text' }] },
      { key: 'a', fields: [ref('b', 'b')] },
      { key: 'b', fields: [ref('a', 'a')] },
    ]);
    expect(plan.order).toEqual([1, 0, 2, 3]);
    expect(plan.deferred.map((d) => [...d])).toEqual([['near'], [], ['b'], []]);
  });

  it('makes a deferred required reference optional while the items are written, and only that one', () => {
    const fields = [ref('near', 'halls', { required: true }), ref('ward', 'wards', { required: true })];
    expect(withDeferredOptional(fields, new Set(['near']))).toEqual([ref('near', 'halls', { required: false }), ref('ward', 'wards', { required: true })]);
  });

  it('rewrites references to the new ids, dropping those to items the export does not have', () => {
    const ids = new Map([
      ['old1', 'new1'],
      ['old2', 'new2'],
    ]);
    const lookup = (model: string, id: string) => (model === 'wards' ? ids.get(id) : undefined);
    const fields = [
      ref('one', 'wards'),
      ref('many', 'wards', { multiple: true }),
      ref('lost', 'wards'),
      ref('other', 'halls'),
      { key: 'name', type: 'text' } as Field,
    ];
    expect(rewriteReferences({ one: 'old1', many: ['old2', 'gone', 'old1'], lost: 'gone', other: 'old1', name: 'old1' }, fields, lookup)).toEqual({
      one: 'new1',
      many: ['new2', 'new1'],
      name: 'old1',
    });
    expect(rewriteReferences({ many: ['gone'] }, fields, lookup)).toEqual({});
  });

  it('splits the deferred values from the others', () => {
    expect(splitDeferred({ a: 1, near: ['x'] }, new Set(['near']))).toEqual({ now: { a: 1 }, later: { near: ['x'] } });
    expect(splitDeferred({ a: 1 }, new Set(['near']))).toEqual({ now: { a: 1 } });
  });
});
