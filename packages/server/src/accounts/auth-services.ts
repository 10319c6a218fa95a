import type { Store } from '../store/store.js';
import { type Clock, systemClock } from './clock.js';
import { InvitationMailer, type MailSettings } from './invitation-mailer.js';
import { DEFAULT_SESSION_POLICY, type SessionPolicy, SessionService } from './session-service.js';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimiter, type SignInLimits } from './sign-in-limiter.js';
import { TokenService } from './token-service.js';
import { UserService } from './user-service.js';

/** The services of docs/contract.md §12, made once per process over its store. */
export interface AuthServices {
  users: UserService;
  sessions: SessionService;
  signIns: SignInLimiter;
  tokens: TokenService;
  /** Set when invitations are e-mailed (`ORBIS_SMTP_URL`); the link is shown to whoever invites either way. */
  mailer?: InvitationMailer;
}

export function authServices(
  store: Store,
  options: { sessions?: SessionPolicy; signIns?: SignInLimits; clock?: Clock; mail?: MailSettings } = {},
): AuthServices {
  const clock = options.clock ?? systemClock;
  return {
    users: new UserService(store.accounts, clock),
    sessions: new SessionService(store.accounts, options.sessions ?? DEFAULT_SESSION_POLICY, clock),
    signIns: new SignInLimiter(store.accounts, options.signIns ?? DEFAULT_SIGN_IN_LIMITS, clock),
    tokens: new TokenService(store, clock),
    ...(options.mail ? { mailer: new InvitationMailer(options.mail) } : {}),
  };
}
