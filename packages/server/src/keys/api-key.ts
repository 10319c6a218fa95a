import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_PREFIX = 'secret_';
/** 48 base-62 characters: about 285 bits. */
const KEY_LENGTH = 48;

/** A new API key secret: `secret_` and 48 random base-62 characters. */
export function generateApiKey(): string {
  let body = '';
  for (let i = 0; i < KEY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return API_KEY_PREFIX + body;
}

/**
 * The stored form of a key. Keys are long and random, so a fast hash is enough: there is
 * nothing to brute-force that a slow hash would protect.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Compares two secrets in time that does not depend on where they differ, nor on their lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
