import type { AccountStore, User } from '../store/account-store.js';
import { type Clock, isoAt, systemClock } from './clock.js';
import { hashSecret, newSecret } from './secret-token.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a session lives (docs/contract.md §12): unused for `idleMs`, or `absoluteMs` after sign-in, it ends. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS };

/** A signed-in user as a session shows them: `idHash` names the session without its secret. */
export interface LiveSession {
  user: User;
  idHash: string;
  expiresAt: string;
}

/**
 * Sessions kept in the store, so that every process agrees at once: the browser holds a random
 * id, the store only its hash.
 */
export class SessionService {
  constructor(
    private readonly store: AccountStore,
    readonly policy: SessionPolicy = DEFAULT_SESSION_POLICY,
    private readonly now: Clock = systemClock,
  ) {}

  /** Starts a session; returns the id for the cookie (the only place it is kept). */
  async start(userId: string): Promise<{ id: string; expiresAt: string }> {
    const id = newSecret();
    const now = this.now();
    const expiresAt = isoAt(now + this.policy.absoluteMs);
    await this.store.createSession({ idHash: hashSecret(id), userId, createdAt: isoAt(now), lastSeenAt: isoAt(now), expiresAt });
    return { id, expiresAt };
  }

  /** The live session an id names, now marked used; undefined when it ended or never was. */
  async resume(id: string): Promise<LiveSession | undefined> {
    const now = this.now();
    const found = await this.store.touchSession(hashSecret(id), isoAt(now), isoAt(now - this.policy.idleMs));
    return found && { user: found.user, idHash: found.session.idHash, expiresAt: found.session.expiresAt };
  }

  async end(idHash: string): Promise<void> {
    await this.store.deleteSession(idHash);
  }

  /** Ends every session of a user but one (a new password keeps the browser that set it). */
  async endOthers(userId: string, keepIdHash?: string): Promise<void> {
    await this.store.deleteUserSessions(userId, keepIdHash);
  }
}
