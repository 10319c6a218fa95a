import { randomBytes } from 'node:crypto';
import { hashApiKey } from '../keys/api-key.js';

/** A new random secret: `prefix` and 43 base64url characters (256 bits). */
export function newSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * The stored form of a session id or access token: long and random like API keys, so hashed as
 * they are (fast, looked up by equality; nothing to brute-force).
 */
export const hashSecret = hashApiKey;
