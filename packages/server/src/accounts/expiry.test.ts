import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { newId } from '../records/ids.js';
import { PostgresStore } from '../store/postgres/postgres-store.js';
import { SqliteStore } from '../store/sqlite/sqlite-store.js';
import type { Store } from '../store/store.js';
import { createTestDatabase } from '../test/postgres-database.js';
import { authServices } from './auth-services.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const stores: [string, () => Promise<Store>][] = [
  ['sqlite', async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'orbis-expiry-')), 'o.db'))],
  ['postgres', async () => PostgresStore.open(await createTestDatabase(inject('postgresUrl')))],
];

describe.each(stores)('sessions, sign-in limits and tokens over time (docs/contract.md §12), on %s', (_name, open) => {
  let store: Store;
  let now: number;
  let auth: ReturnType<typeof authServices>;
  let userId: string;
  beforeEach(async () => {
    store = await open();
    now = Date.parse('2026-11-21T12:00:00.000Z');
    auth = authServices(store, { clock: () => now });
    userId = (
      await store.accounts.createUser({ id: newId(), email: 'ana@example.org', name: 'Ana', passwordHash: null, createdAt: new Date(now).toISOString() })
    ).id;
  });
  afterEach(() => store.close());

  it('ends a session unused for 7 days (the idle expiry), and keeps one in use', async () => {
    const idle = await auth.sessions.start(userId);
    const used = await auth.sessions.start(userId);
    for (let day = 1; day <= 6; day++) {
      now += DAY;
      expect(await auth.sessions.resume(used.id)).toBeDefined();
    }
    now += DAY + 1;
    expect(await auth.sessions.resume(idle.id)).toBeUndefined();
    expect(await auth.sessions.resume(used.id)).toBeDefined();
    now += 7 * DAY + 1;
    expect(await auth.sessions.resume(used.id)).toBeUndefined();
  });

  it('ends a session 30 days after sign-in however much it is used (the absolute expiry)', async () => {
    const session = await auth.sessions.start(userId);
    expect(Date.parse(session.expiresAt) - now).toBe(30 * DAY);
    for (let day = 1; day < 30; day++) {
      now += DAY;
      expect(await auth.sessions.resume(session.id), `day ${day}`).toBeDefined();
    }
    now += DAY;
    expect(await auth.sessions.resume(session.id)).toBeUndefined();
  });

  it('blocks an email from an address after 5 failures from it for the rest of the 15-minute window, then lets it try again', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await auth.signIns.retryAfter('Ana@example.org', '10.0.0.1')).toBe(0);
      await auth.signIns.recordFailure('Ana@example.org', '10.0.0.1');
      now += 60_000;
    }
    // The first failure was 5 minutes ago: 10 minutes remain, for that address only.
    expect(await auth.signIns.retryAfter('ana@example.org', '10.0.0.1')).toBe(600);
    expect(await auth.signIns.retryAfter('ana@example.org', '10.0.0.2')).toBe(0);
    now += 10 * 60_000;
    expect(await auth.signIns.retryAfter('ana@example.org', '10.0.0.1')).toBe(0);
  });

  it('ends a token at its expiry', async () => {
    const user = (await store.accounts.getUser(userId))!;
    const made = await auth.tokens.create(user, { name: 'ci', expiresAt: new Date(now + HOUR).toISOString() });
    expect(await auth.tokens.resolve(made.token)).toBeDefined();
    now += HOUR;
    expect(await auth.tokens.resolve(made.token)).toBeUndefined();
  });
});
