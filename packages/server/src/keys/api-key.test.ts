import { describe, expect, it } from 'vitest';
import { constantTimeEqual, generateApiKey, hashApiKey } from './api-key.js';

describe('API keys', () => {
  it('look like secret_ and at least 40 random characters, never twice the same', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^secret_[A-Za-z0-9]{40,}$/);
  });

  it('hash to a fixed hex digest that is not the key', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toContain(key.slice(7));
  });

  it('compare equal only when identical', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
