import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../store/sqlite/sqlite-store.js';
import { normalizedEmail, SignInLimiter } from './sign-in-limiter.js';

describe('sign-in limits, per account and address (docs/teams.md "Sign-in limits")', () => {
  let store: SqliteStore;
  let limiter: SignInLimiter;
  beforeEach(() => {
    store = new SqliteStore(join(mkdtempSync(join(tmpdir(), 'orbis-limits-')), 'o.db'));
    limiter = new SignInLimiter(store.accounts, undefined, () => Date.parse('2026-12-02T10:00:00.000Z'));
  });
  afterEach(() => store.close());

  it("5 wrong passwords from one address block that address for the account, not the owner's elsewhere", async () => {
    for (let i = 0; i < 5; i++) await limiter.recordFailure('ana@example.org', '203.0.113.9');
    expect(await limiter.retryAfter('ana@example.org', '203.0.113.9')).toBe(900);
    expect(await limiter.retryAfter('ana@example.org', '198.51.100.4')).toBe(0);
    expect(await limiter.retryAfter('bo@example.org', '203.0.113.9')).toBe(0);
  });

  it('counts an email as one however it is spaced, cased or composed', async () => {
    const spellings = [' ana@example.org', 'ANA@example.org ', '\tAna@Example.org\n', 'ana@example.org', 'Ana@Example.ORG'];
    for (const email of spellings) await limiter.recordFailure(email, '203.0.113.9');
    expect(await limiter.retryAfter('ana@example.org', '203.0.113.9')).toBe(900);
    expect(normalizedEmail(' Ame\u0301lie@Example.org ')).toBe(normalizedEmail('am\u00e9lie@example.org'));
  });
});
