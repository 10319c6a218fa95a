import type { Role } from '../../records/role.js';

/**
 * Who may call a guarded route: a project role (the least one, SPEC §12), any signed-in user or
 * token (`signed-in`), a user's browser session only (`session`), or the admin token alone.
 * The admin token may call every route.
 */
export type Least = Role | 'signed-in' | 'session' | 'admin';

/** A guarded route's least role, and for a write the action the audit log records it under. */
export interface RouteRule {
  least: Least;
  action?: string;
}

const P = '/api/projects/:project';
const M = `${P}/models/:model`;

/**
 * Every guarded route, by method and Fastify path: the one place that says who may call what
 * (SPEC §12's table). A guarded route missing here stops the app from building (`guard.ts`).
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  'POST /api/projects': { least: 'signed-in', action: 'project.create' },
  'GET /api/projects': { least: 'signed-in' },
  [`GET ${P}`]: { least: 'reader' },
  [`PATCH ${P}`]: { least: 'owner', action: 'project.update' },
  [`DELETE ${P}`]: { least: 'owner', action: 'project.delete' },

  [`POST ${P}/assets`]: { least: 'writer', action: 'asset.upload' },
  [`GET ${P}/assets`]: { least: 'reader' },
  [`GET ${P}/assets/:id`]: { least: 'reader' },
  [`PATCH ${P}/assets/:id`]: { least: 'writer', action: 'asset.update' },
  [`DELETE ${P}/assets/:id`]: { least: 'writer', action: 'asset.delete' },
  [`GET ${P}/files/:assetId/*`]: { least: 'reader' },

  [`GET ${P}/scene`]: { least: 'reader' },
  [`PUT ${P}/scene`]: { least: 'maintainer', action: 'scene.put' },
  [`POST ${P}/publish`]: { least: 'maintainer', action: 'project.publish' },
  [`DELETE ${P}/publish`]: { least: 'maintainer', action: 'project.unpublish' },
  [`POST ${P}/plugins`]: { least: 'maintainer', action: 'plugin.install' },
  [`GET ${P}/plugins`]: { least: 'reader' },
  [`DELETE ${P}/plugins/:id`]: { least: 'maintainer', action: 'plugin.remove' },

  [`POST ${P}/models`]: { least: 'maintainer', action: 'model.create' },
  [`GET ${P}/models`]: { least: 'reader' },
  [`GET ${M}`]: { least: 'reader' },
  [`PATCH ${M}`]: { least: 'maintainer', action: 'model.update' },
  [`DELETE ${M}`]: { least: 'maintainer', action: 'model.delete' },
  [`POST ${M}/items`]: { least: 'writer', action: 'item.create' },
  [`GET ${M}/items`]: { least: 'reader' },
  [`GET ${M}/items/:id`]: { least: 'reader' },
  [`PATCH ${M}/items/:id`]: { least: 'writer', action: 'item.update' },
  [`DELETE ${M}/items/:id`]: { least: 'writer', action: 'item.delete' },
  [`GET ${M}/items.geojson`]: { least: 'reader' },
  [`GET ${M}/items.csv`]: { least: 'reader' },
  [`POST ${M}/import`]: { least: 'writer', action: 'item.import' },

  [`POST ${P}/keys`]: { least: 'maintainer', action: 'key.create' },
  [`GET ${P}/keys`]: { least: 'maintainer' },
  [`DELETE ${P}/keys/:id`]: { least: 'maintainer', action: 'key.revoke' },
  // Who else is on the team is no secret to its members; changing it is a maintainer's.
  [`GET ${P}/members`]: { least: 'reader' },
  [`POST ${P}/members`]: { least: 'maintainer', action: 'member.add' },
  [`PATCH ${P}/members/:userId`]: { least: 'maintainer', action: 'member.role' },
  [`DELETE ${P}/members/:userId`]: { least: 'maintainer', action: 'member.remove' },
  [`GET ${P}/audit`]: { least: 'maintainer' },

  'POST /api/users': { least: 'admin', action: 'user.create' },
  'GET /api/users': { least: 'admin' },
  'DELETE /api/users/:id': { least: 'admin', action: 'user.delete' },
  'POST /api/tokens': { least: 'session', action: 'token.create' },
  'GET /api/tokens': { least: 'session' },
  'DELETE /api/tokens/:id': { least: 'session', action: 'token.revoke' },
};

/** The key of `ROUTE_RULES` for a method and a Fastify path; HEAD is its GET. */
export function ruleKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}
