import { ACTION_ROLES, type ProjectAction } from '@orbis/scene/roles';
import type { Role } from '@orbis/scene/roles';

/**
 * Who may call a guarded route: a project role (the least one, docs/contract.md §12), any signed-in user or
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
/** A project write: its least role is the action's in the shared table (`@orbis/scene/roles`), which the editor reads too. */
const write = (action: ProjectAction): RouteRule => ({ least: ACTION_ROLES[action], action });
/** A management `GET` of a project. */
const READ: RouteRule = { least: ACTION_ROLES['project.read'] };

/**
 * Every guarded route, by method and Fastify path: the one place that says who may call what
 * (docs/contract.md §12's table). A guarded route missing here stops the app from building (`guard.ts`).
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  'POST /api/projects': { least: 'signed-in', action: 'project.create' },
  'GET /api/projects': { least: 'signed-in' },
  'POST /api/projects/import': { least: 'signed-in', action: 'project.import' },
  [`GET ${P}`]: READ,
  [`PATCH ${P}`]: write('project.update'),
  [`DELETE ${P}`]: write('project.delete'),

  [`POST ${P}/assets`]: write('asset.upload'),
  [`GET ${P}/assets`]: READ,
  [`GET ${P}/assets/:id`]: READ,
  [`PATCH ${P}/assets/:id`]: write('asset.update'),
  [`DELETE ${P}/assets/:id`]: write('asset.delete'),
  [`GET ${P}/files/:assetId/*`]: READ,
  [`GET ${P}/rasters/:assetId/:z/:x/:file`]: READ,
  [`GET ${P}/terrain/:assetId/:z/:x/:file`]: READ,
  [`GET ${P}/rasters/:assetId/values`]: READ,
  [`GET ${P}/url-rasters/:z/:x/:file`]: READ,
  [`GET ${P}/url-rasters/values`]: READ,

  [`GET ${P}/scene`]: READ,
  [`GET ${P}/url-layer`]: READ,
  [`PUT ${P}/scene`]: write('scene.put'),
  [`POST ${P}/publish`]: write('project.publish'),
  [`DELETE ${P}/publish`]: write('project.unpublish'),
  [`POST ${P}/plugins`]: write('plugin.install'),
  [`GET ${P}/plugins`]: READ,
  [`GET ${P}/plugins/:id`]: READ,
  [`DELETE ${P}/plugins/:id`]: write('plugin.remove'),

  [`POST ${P}/models`]: write('model.create'),
  [`GET ${P}/models`]: READ,
  [`GET ${M}`]: READ,
  [`PATCH ${M}`]: write('model.update'),
  [`DELETE ${M}`]: write('model.delete'),
  [`POST ${M}/items`]: write('item.create'),
  [`GET ${M}/items`]: READ,
  [`GET ${M}/items/:id`]: READ,
  [`PATCH ${M}/items/:id`]: write('item.update'),
  [`DELETE ${M}/items/:id`]: write('item.delete'),
  [`GET ${M}/items.geojson`]: READ,
  [`GET ${M}/items.csv`]: READ,
  [`POST ${M}/import`]: write('item.import'),
  [`GET ${M}/items/:id/versions`]: READ,
  [`GET ${M}/items/:id/versions/:version`]: READ,
  [`POST ${M}/items/:id/versions/:version/restore`]: write('item.restore'),

  [`POST ${P}/keys`]: write('key.create'),
  [`GET ${P}/keys`]: { least: ACTION_ROLES['key.list'] },
  [`DELETE ${P}/keys/:id`]: write('key.revoke'),
  // Who else is on the team is no secret to its members; changing it is a maintainer's.
  [`GET ${P}/members`]: READ,
  [`GET ${P}/members/:userId`]: READ,
  [`POST ${P}/members`]: write('member.add'),
  [`PATCH ${P}/members/:userId`]: write('member.role'),
  [`DELETE ${P}/members/:userId`]: write('member.remove'),
  // Who is invited is a maintainer's to see and revoke, as who is added (docs/teams.md).
  [`GET ${P}/invitations`]: { least: ACTION_ROLES['invitation.list'] },
  [`DELETE ${P}/invitations/:id`]: write('invitation.revoke'),
  [`GET ${P}/audit`]: { least: ACTION_ROLES['audit.read'] },
  // Review requests: a writer asks, a maintainer approves or declines (docs/contract.md §16).
  [`POST ${P}/requests`]: write('request.create'),
  [`GET ${P}/requests`]: READ,
  [`GET ${P}/requests/:id`]: READ,
  [`POST ${P}/requests/:id/approve`]: write('request.approve'),
  [`POST ${P}/requests/:id/decline`]: write('request.decline'),
  // Webhooks: their URLs and deliveries are a maintainer's (docs/contract.md §16).
  [`POST ${P}/webhooks`]: write('webhook.create'),
  [`GET ${P}/webhooks`]: { least: ACTION_ROLES['webhook.read'] },
  [`GET ${P}/webhooks/:id`]: { least: ACTION_ROLES['webhook.read'] },
  [`PATCH ${P}/webhooks/:id`]: write('webhook.update'),
  [`DELETE ${P}/webhooks/:id`]: write('webhook.delete'),
  [`GET ${P}/webhooks/:id/deliveries`]: { least: ACTION_ROLES['webhook.read'] },

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
