import { monotonicFactory } from 'ulid';

const next = monotonicFactory();
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new time-sortable id (ULID). Ids made in one process keep creation order even within one
 * millisecond, so ascending id is creation order.
 */
export function newId(): string {
  return next();
}

/** The id right after `id` in sort order (ULIDs are 130-bit numbers in Crockford base 32). */
export function incrementId(id: string): string {
  const digits = id.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    const value = CROCKFORD.indexOf(digits[i]!);
    if (value < CROCKFORD.length - 1) {
      digits[i] = CROCKFORD[value + 1]!;
      return digits.join('');
    }
    digits[i] = '0';
  }
  throw new RangeError(`no id after "${id}"`);
}

/**
 * A new id that sorts after `last`: a fresh ULID, or `last` plus one when this machine's clock is
 * behind the process that made `last`.
 */
export function newIdAfter(last: string | null | undefined): string {
  const id = newId();
  return last && id <= last ? incrementId(last) : id;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whether `value` has the shape of an id this service makes. */
export function isId(value: string): boolean {
  return ULID.test(value);
}
