import { isLanguage, LANGUAGES } from '@orbis/scene/languages';
import { checkDisplayText } from '../display-text.js';
import { InputError } from '../input-error.js';
import { newId } from '../records/ids.js';
import type { AccountStore, User, UserPatch } from '../store/account-store.js';
import { type Clock, isoAt, systemClock } from './clock.js';
import { normalizedEmail } from './sign-in-limiter.js';
import { checkPassword, hashPassword, verifyPassword } from './passwords.js';

/** What answers show of a user: never the password hash. */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  /** The editor's language the user chose (docs/contract.md §19); absent: the browser's. */
  language?: string;
  /** Nobody proved the email is the user's (docs/teams.md): shown to the operator, who may delete such an account. */
  unproven?: true;
}

export function userRecord(user: User): UserRecord {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt,
    ...(user.language ? { language: user.language } : {}),
    ...(user.unproven ? { unproven: true } : {}),
  };
}

// Deliberately loose (one @, something on each side, no spaces): the mail server is the judge.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** An email address as given, trimmed and in Unicode NFC; an InputError naming `field` when it is not one. */
export function checkEmail(value: unknown, field = 'email'): string {
  const email = typeof value === 'string' ? value.trim().normalize('NFC') : '';
  if (!EMAIL.test(email) || email.length > 320) throw new InputError(field, `${field} must be an email address`);
  return email;
}

/** A new user's email, name and password, checked (an InputError for the first that is wrong). */
export function checkNewUser(input: { email: unknown; name?: unknown; password?: unknown }): { email: string; name: string; password?: string } {
  const email = checkEmail(input.email);
  const name = input.name === undefined ? email.split('@')[0]! : checkDisplayText(input.name, 'name', { max: 200 });
  return { email, name, ...(input.password === undefined ? {} : { password: checkPassword(input.password) }) };
}

/** Users: made by the operator, an invitation or OpenID Connect; passwords only as argon2id hashes. */
export class UserService {
  constructor(
    private readonly store: AccountStore,
    private readonly now: Clock = systemClock,
  ) {}

  /**
   * Creates a user; `password` is optional (an OpenID Connect user has none). `unproven`: nobody
   * proved that the user holds the email (docs/teams.md). StoreConflictError for a taken email.
   */
  async create(input: { email: unknown; name?: unknown; password?: unknown; unproven?: boolean }): Promise<User> {
    const { email, name, password } = checkNewUser(input);
    const passwordHash = password === undefined ? null : await hashPassword(password);
    return this.store.createUser({ id: newId(), email, name, passwordHash, createdAt: isoAt(this.now()), ...(input.unproven ? { unproven: true } : {}) });
  }

  /** The user whose email and password these are; undefined for an unknown email or a wrong password alike. */
  async authenticate(email: string, password: string): Promise<User | undefined> {
    const normalized = normalizedEmail(email);
    const user = EMAIL.test(normalized) ? await this.store.getUserByEmail(normalized) : undefined;
    return (await verifyPassword(user?.passwordHash, password)) ? user : undefined;
  }

  /** Changes a name and/or password, given the current password (docs/contract.md §12; a user without one, from OpenID Connect, needs none). */
  async update(user: User, input: { name?: unknown; password?: unknown; currentPassword?: unknown; language?: unknown }): Promise<User> {
    const patch: UserPatch = {};
    if (input.name !== undefined) patch.name = checkDisplayText(input.name, 'name', { max: 200 });
    const password = input.password === undefined ? undefined : checkPassword(input.password);
    if (input.language !== undefined) {
      if (!isLanguage(input.language)) throw new InputError('language', `language must be one of ${LANGUAGES.join(', ')}`);
      patch.language = input.language;
    }
    // The language is a preference, not a secret: choosing it alone asks for no password (docs/contract.md §19).
    const onlyLanguage = input.name === undefined && input.password === undefined;
    if (
      !onlyLanguage &&
      user.passwordHash !== null &&
      (typeof input.currentPassword !== 'string' || !(await verifyPassword(user.passwordHash, input.currentPassword)))
    ) {
      throw new InputError('currentPassword', 'currentPassword must be the current password');
    }
    if (password !== undefined) patch.passwordHash = await hashPassword(password);
    return (await this.store.updateUser(user.id, patch)) ?? user;
  }
}
