import { hash, verify } from '@node-rs/argon2';
import { InputError } from '../input-error.js';

/** docs/contract.md §12: a password has at least this many characters. */
export const MIN_PASSWORD_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
const MAX_PASSWORD_LENGTH = 1000;

/**
 * argon2id with OWASP's recommended minimum (19 MiB, two passes, one lane): about 20-40 ms a hash
 * on a server core. `algorithm: 2` is Argon2id (the binding's `Algorithm` is a const enum, which
 * isolated modules cannot read).
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The password if it is acceptable; an InputError naming `field` otherwise (never echoing it). */
export function checkPassword(value: unknown, field = 'password'): string {
  if (typeof value !== 'string' || value.length < MIN_PASSWORD_LENGTH || value.length > MAX_PASSWORD_LENGTH) {
    throw new InputError(field, `${field} must be a string of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`);
  }
  return value;
}

/** The argon2id hash (PHC string) of a password: all that is ever stored of it. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches `stored`. With no stored hash (no such user, or one who signs in only
 * through OpenID Connect) it still verifies against a decoy, so that the answer takes as long and
 * does not tell whether the email exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
