import { describe, expect, it } from 'vitest';
import { parsePageQuery, PageQueryError } from './page-query.js';

const q = (s: string) => parsePageQuery(new URLSearchParams(s));

describe('parsePageQuery', () => {
  it('is the whole list with no pagination parameter, and ignores unknown ones', () => {
    expect(q('')).toEqual({ mode: 'all' });
    expect(q('foo=1&bar=x')).toEqual({ mode: 'all' });
  });

  it('treats empty values as absent', () => {
    expect(q('page=&limit=&start_cursor=')).toEqual({ mode: 'all' });
    expect(q('page=&limit=10')).toEqual({ mode: 'page', page: 1, offset: 0, limit: 10 });
    expect(q('limit=&limit=2')).toEqual({ mode: 'page', page: 1, offset: 0, limit: 2 });
  });

  it('makes a page from a page size alone', () => {
    expect(q('pageSize=7')).toEqual({ mode: 'page', page: 1, offset: 0, limit: 7 });
  });

  it('picks the mode: cursor, then offset, then page', () => {
    expect(q('page=3&offset=10&start_cursor=abc')).toEqual({ mode: 'cursor', cursor: 'abc', limit: 50 });
    expect(q('page=3&offset=10')).toEqual({ mode: 'offset', offset: 10, limit: 50, page: 1 });
    expect(q('page=3')).toEqual({ mode: 'page', page: 3, offset: 100, limit: 50 });
  });

  it('checks page-size names in order limit, perPage, per_page, page_size, pageSize', () => {
    expect(q('pageSize=5&page_size=4&per_page=3&perPage=2&limit=1')).toMatchObject({ limit: 1 });
    expect(q('pageSize=5&page_size=4&per_page=3&perPage=2')).toMatchObject({ limit: 2 });
    expect(q('pageSize=5&page_size=4&per_page=3')).toMatchObject({ limit: 3 });
    expect(q('pageSize=5&page_size=4')).toMatchObject({ limit: 4 });
    expect(q('pageSize=5')).toMatchObject({ limit: 5 });
  });

  it('clamps the page size above 100 and falls back to 50 at 0 or less', () => {
    expect(q('limit=101')).toMatchObject({ limit: 100 });
    expect(q('limit=100')).toMatchObject({ limit: 100 });
    expect(q('limit=0')).toMatchObject({ limit: 50 });
    expect(q('limit=-3')).toMatchObject({ limit: 50 });
    expect(q('limit=1')).toMatchObject({ limit: 1 });
  });

  it('treats page 0 or less as 1 and a negative offset as 0', () => {
    expect(q('page=0')).toMatchObject({ page: 1, offset: 0 });
    expect(q('page=-4')).toMatchObject({ page: 1, offset: 0 });
    expect(q('offset=-1')).toMatchObject({ mode: 'offset', offset: 0, page: 1 });
  });

  it('derives the page of an offset as floor(offset/limit)+1', () => {
    expect(q('offset=25&limit=10')).toEqual({ mode: 'offset', offset: 25, limit: 10, page: 3 });
    expect(q('offset=30&limit=10')).toMatchObject({ page: 4 });
  });

  it('counts the first of repeated values', () => {
    expect(q('limit=5&limit=9')).toMatchObject({ limit: 5 });
    expect(q('limit=5&limit=abc')).toMatchObject({ limit: 5 });
  });

  it('rejects a present non-integer value naming the parameter', () => {
    for (const [s, name] of [
      ['page=abc', 'page'],
      ['limit=1.5', 'limit'],
      ['offset=1e3', 'offset'],
      ['per_page=0x10', 'per_page'],
      ['page_size= 5', 'page_size'],
      ['perPage=--1', 'perPage'],
      ['pageSize=١٢', 'pageSize'],
      ['start_cursor=x&offset=z', 'offset'],
    ] as const) {
      let error: unknown;
      try {
        q(s);
      } catch (e) {
        error = e;
      }
      expect(error, s).toBeInstanceOf(PageQueryError);
      expect((error as PageQueryError).parameter).toBe(name);
      expect((error as PageQueryError).message).toContain(name);
    }
  });

  it('clamps integers too large for the machine', () => {
    const huge = '9'.repeat(400);
    expect(q(`page=${huge}&limit=10`)).toEqual({
      mode: 'page',
      page: Number.MAX_SAFE_INTEGER,
      offset: Number.MAX_SAFE_INTEGER,
      limit: 10,
    });
    expect(q(`offset=${huge}`)).toMatchObject({ offset: Number.MAX_SAFE_INTEGER });
    expect(q(`limit=${huge}`)).toMatchObject({ limit: 100 });
    expect(q(`limit=-${huge}`)).toMatchObject({ limit: 50 });
    expect(q(`page=-${huge}`)).toMatchObject({ page: 1 });
  });
});
