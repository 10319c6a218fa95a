/** The page-size parameter and its aliases, in the order they are checked. */
export const PAGE_SIZE_NAMES = ['limit', 'perPage', 'per_page', 'page_size', 'pageSize'] as const;
/** Every integer pagination parameter, in the order they are validated. */
const INTEGER_NAMES = ['page', 'offset', ...PAGE_SIZE_NAMES] as const;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** What a listing request asks for, after every rule of docs/contract.md §2 is applied. */
export type PageQuery =
  | { mode: 'all' }
  | { mode: 'page'; page: number; offset: number; limit: number }
  | { mode: 'offset'; page: number; offset: number; limit: number }
  | { mode: 'cursor'; cursor: string; limit: number };

/** A pagination parameter that is present but not acceptable. */
export class PageQueryError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = 'PageQueryError';
  }
}

const INTEGER = /^[+-]?[0-9]+$/;

/**
 * A whole decimal integer, clamped to the safe range so that a huge value never overflows.
 * Throws a PageQueryError naming the parameter otherwise.
 */
export function parseInteger(name: string, raw: string): number {
  if (!INTEGER.test(raw)) {
    throw new PageQueryError(name, `parameter "${name}" must be a whole decimal integer, got "${truncate(raw)}"`);
  }
  const value = BigInt(raw);
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  if (value > max) return Number.MAX_SAFE_INTEGER;
  if (value < -max) return -Number.MAX_SAFE_INTEGER;
  return Number(value);
}

function truncate(raw: string): string {
  return raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
}

/**
 * The first value of each parameter, where an empty value counts as absent: `?limit=&limit=2` is
 * `limit=2`, as if the empty one were not there.
 */
export function firstValues(search: URLSearchParams): Map<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of search) {
    if (value !== '' && !values.has(key)) values.set(key, value);
  }
  return values;
}

/** Applies the pagination rules of docs/contract.md §2 to a request's query string. */
export function parsePageQuery(search: URLSearchParams): PageQuery {
  const values = firstValues(search);
  const ints = new Map<string, number>();
  for (const name of INTEGER_NAMES) {
    const raw = values.get(name);
    if (raw !== undefined) ints.set(name, parseInteger(name, raw));
  }
  const cursor = values.get('start_cursor');
  if (ints.size === 0 && cursor === undefined) return { mode: 'all' };

  const sizeName = PAGE_SIZE_NAMES.find((name) => ints.has(name));
  const requested = sizeName === undefined ? DEFAULT_PAGE_SIZE : ints.get(sizeName)!;
  const limit = requested > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : requested <= 0 ? DEFAULT_PAGE_SIZE : requested;

  if (cursor !== undefined) return { mode: 'cursor', cursor, limit };
  const offsetValue = ints.get('offset');
  if (offsetValue !== undefined) {
    const offset = Math.max(0, offsetValue);
    return { mode: 'offset', offset, limit, page: Math.floor(offset / limit) + 1 };
  }
  const page = Math.max(1, ints.get('page') ?? 1);
  const offset = Math.min(Number.MAX_SAFE_INTEGER, (page - 1) * limit);
  return { mode: 'page', page, offset, limit };
}
