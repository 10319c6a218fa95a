import { InputError } from '../input-error.js';

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

export function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new InputError(field, `"${field}" must be true or false`);
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string, maxLength: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.length > maxLength) {
    throw new InputError(field, `"${field}" must be a non-empty string of at most ${maxLength} characters`);
  }
  return value;
}
