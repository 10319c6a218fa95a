import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/**
 * A new time-sortable id (ULID). Ids made in one process keep creation order even within one
 * millisecond, so ascending id is creation order.
 */
export function newId(): string {
  return next();
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whether `value` has the shape of an id this service makes. */
export function isId(value: string): boolean {
  return ULID.test(value);
}
