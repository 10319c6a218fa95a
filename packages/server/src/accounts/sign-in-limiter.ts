import type { AccountStore } from '../store/account-store.js';
import { type Clock, isoAt, systemClock } from './clock.js';

/**
 * 5 failures for one account from one address, or 50 from one address, within 15 minutes
 * (docs/teams.md "Sign-in limits"). Counted per account *and* address, so that wrong passwords
 * sent from elsewhere cannot lock the account's owner out.
 */
export interface SignInLimits {
  windowMs: number;
  /** Failures for one email from one address. */
  perEmail: number;
  perAddress: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { windowMs: 15 * 60 * 1000, perEmail: 5, perAddress: 50 };

/**
 * An email as accounts are looked up and counted by: trimmed, in Unicode NFC, lower case. Once,
 * here, so that ` Ana@Example.org ` neither signs in nor counts apart from `ana@example.org`.
 */
export function normalizedEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

const keysOf = (email: string, ip: string) => ({ email: `email:${normalizedEmail(email)}|ip:${ip}`, ip: `ip:${ip}` });

/** Failed sign-ins counted in the store, so that the limit holds across processes. */
export class SignInLimiter {
  constructor(
    private readonly store: AccountStore,
    readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: Clock = systemClock,
  ) {}

  /** Seconds until a sign-in for this email from this address may be tried again; 0 when it may now. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const keys = keysOf(email, ip);
    return this.wait([
      [keys.email, this.limits.perEmail],
      [keys.ip, this.limits.perAddress],
    ]);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = keysOf(email, ip);
    await this.record([keys.email, keys.ip]);
  }

  /**
   * Seconds until this address may present a bearer token (the admin token, a personal access
   * token) again: a wrong one counts as a failed sign-in from the address, under the same limit.
   */
  async bearerRetryAfter(ip: string): Promise<number> {
    return this.wait([[keysOf('', ip).ip, this.limits.perAddress]]);
  }

  async recordBearerFailure(ip: string): Promise<void> {
    await this.record([keysOf('', ip).ip]);
  }

  private async wait(counted: [key: string, limit: number][]): Promise<number> {
    const now = this.now();
    const since = isoAt(now - this.limits.windowMs);
    let waitMs = 0;
    for (const [key, limit] of counted) {
      const { count, oldest } = await this.store.failedSignIns(key, since);
      // Blocked until the window has passed over the failure that made the count reach the limit.
      if (count >= limit && oldest) waitMs = Math.max(waitMs, Date.parse(oldest) + this.limits.windowMs - now);
    }
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  private async record(keys: string[]): Promise<void> {
    const now = this.now();
    await this.store.recordFailedSignIn(keys, isoAt(now), isoAt(now - this.limits.windowMs));
  }
}
