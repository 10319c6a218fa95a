/**
 * A user's roles on a project, least first (docs/contract.md §12, as in Re:Earth CMS). The one place that
 * orders them: each role may do everything of the roles before it. The server enforces them and
 * the editor reads them (to disable what a role cannot do), so both import this file.
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

/**
 * The least role of each project action (docs/contract.md §12's table), named as the audit log names them;
 * `project.read` stands for every management `GET` of a project. The route declarations
 * (`@orbis/contract`) take each route's least role from here.
 */
export const ACTION_ROLES = {
  'project.read': 'reader',
  'project.update': 'owner',
  'project.delete': 'owner',
  'asset.upload': 'writer',
  'asset.update': 'writer',
  'asset.delete': 'writer',
  'item.create': 'writer',
  'item.update': 'writer',
  'item.restore': 'writer',
  'item.delete': 'writer',
  'item.import': 'writer',
  'scene.put': 'writer',
  'project.publish': 'maintainer',
  'project.unpublish': 'maintainer',
  'plugin.install': 'maintainer',
  'plugin.remove': 'maintainer',
  'model.create': 'maintainer',
  'model.update': 'maintainer',
  'model.delete': 'maintainer',
  'key.create': 'maintainer',
  'key.list': 'maintainer',
  'key.revoke': 'maintainer',
  'member.add': 'maintainer',
  'member.role': 'maintainer',
  'member.remove': 'maintainer',
  'invitation.list': 'maintainer',
  'invitation.revoke': 'maintainer',
  'audit.read': 'maintainer',
  'request.create': 'writer',
  'request.approve': 'maintainer',
  'request.decline': 'maintainer',
  'webhook.read': 'maintainer',
  'webhook.create': 'maintainer',
  'webhook.update': 'maintainer',
  'webhook.delete': 'maintainer',
} as const satisfies Record<string, Role>;

/** A project action of {@link ACTION_ROLES}. */
export type ProjectAction = keyof typeof ACTION_ROLES;

/** Whether a member with `role` may do `action`. */
export function mayDo(role: Role, action: ProjectAction): boolean {
  return roleAtLeast(role, ACTION_ROLES[action]);
}

/**
 * The role that may grant or take away `role` (docs/contract.md §12: only an owner grants or removes
 * `owner`; a maintainer, any other role).
 */
export function roleToGrant(role: Role): Role {
  return role === 'owner' ? 'owner' : ACTION_ROLES['member.role'];
}

/**
 * A personal access token as its user lists it (docs/contract.md §12 `GET /api/tokens`): never its secret.
 * `role` null acts with its user's role; `projects` null on every project of its user.
 */
export interface TokenRecord {
  id: string;
  name: string;
  role: Role | null;
  projects: string[] | null;
  expiresAt: string | null;
  createdAt: string;
}
