/**
 * A user's roles on a project, least first (SPEC §12, as in Re:Earth CMS). The one place that
 * orders them: each role may do everything of the roles before it.
 */
export const ROLES = ['reader', 'writer', 'maintainer', 'owner'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `held` is `least` or above it. */
export function roleAtLeast(held: Role, least: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(least);
}

/** The smaller of two roles. */
export function lesserRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b;
}
