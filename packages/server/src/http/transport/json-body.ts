import { InputError } from '../../input-error.js';

/** The request body as a JSON object whose keys are all among `allowed`; 400 `invalid_body` otherwise. */
export function objectBody(body: unknown, allowed: readonly string[], optional = false): Record<string, unknown> {
  if (body === undefined || body === null) {
    if (optional) return {};
    throw new InputError('body', 'the body must be a JSON object');
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new InputError('body', 'the body must be a JSON object');
  }
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw new InputError(key, `unknown field "${key.slice(0, 60)}"; allowed: ${allowed.join(', ')}`);
    }
  }
  return body as Record<string, unknown>;
}
