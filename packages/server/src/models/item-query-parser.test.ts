import { describe, expect, it } from 'vitest';
import type { Field } from '@orbis/content-model';
import { PageQueryError } from '../assets/page-query.js';
import { hasItemQuery, parseItemQuery } from './item-query-parser.js';

const fields: Field[] = [
  { key: 'name', type: 'text' },
  { key: 'capacity', type: 'integer' },
  { key: 'open', type: 'bool' },
  { key: 'tags', type: 'text', multiple: true },
  { key: 'loc', type: 'geometry' },
];
const parse = (query: string) => parseItemQuery(new URLSearchParams(query), fields);

describe('item query parameters (docs/content-workflow.md, "Queries")', () => {
  it('is no query without its parameters; pagination alone is none', () => {
    expect(parse('limit=5&start_cursor=x')).toBeUndefined();
    expect(hasItemQuery(new URLSearchParams('limit=5'))).toBe(false);
    expect(hasItemQuery(new URLSearchParams('or[0][name][eq]=a'))).toBe(true);
  });

  it('reads values by the field type, lists for in, and the first value of a parameter', () => {
    const q = parse('filter[capacity][in]=10,20&filter[open][eq]=true&filter[name][gte]=B&filter[name][gte]=C&filter[createdAt][lt]=2026-12-01T00:00:00Z')!;
    expect(q.and.map((c) => [c.field.key, c.op, c.value])).toEqual([
      ['capacity', 'in', [10, 20]],
      ['open', 'eq', true],
      ['name', 'gte', 'B'],
      ['createdAt', 'lt', '2026-12-01T00:00:00.000Z'],
    ]);
  });

  it('groups or[n] conditions by n, in order of n', () => {
    const q = parse('or[1][name][eq]=b&or[0][capacity][gt]=1&or[0][open][eq]=false')!;
    expect(q.or.map((g) => g.map((c) => c.field.key))).toEqual([['capacity', 'open'], ['name']]);
  });

  it('gives one canonical text for the same query in any order, and another for another query', () => {
    const a = parse('sort=-capacity&filter[name][eq]=a b&bbox=1,2,3,4&limit=5')!.canonical;
    expect(parse('bbox=1,2,3,4&filter[name][eq]=a b&sort=-capacity')!.canonical).toBe(a);
    expect(parse('bbox=1,2,3,4&filter[name][eq]=a c&sort=-capacity')!.canonical).not.toBe(a);
    expect(a).not.toContain('limit');
  });

  it.each([
    ['filter[capacity][eq]=1.5e', 'filter[capacity][eq] must be a number'],
    ['filter[open][lt]=true', 'takes eq, ne or exists'],
    ['filter[loc][eq]=x', 'takes only exists'],
    ['filter[createdAt][gt]=yesterday', 'ISO 8601'],
    ['bbox=3,2,1,4', 'west ≤ east'],
    ['sort=-nope', 'unknown field "nope"'],
  ])('refuses %s: %s', (query, message) => {
    expect(() => parse(query)).toThrow(PageQueryError);
    expect(() => parse(query)).toThrow(message);
  });

  it('refuses bbox on a model without a geometry field', () => {
    expect(() => parseItemQuery(new URLSearchParams('bbox=0,0,1,1'), [{ key: 'name', type: 'text' }])).toThrow('no geometry field');
  });
});
