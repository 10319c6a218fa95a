import type { RouteDecl } from './route.js';
import { auditRoutes, memberRoutes, projectInvitationRoutes, tokenRoutes, userRoutes } from './routes/accounts.js';
import { itemRoutes, modelRoutes } from './routes/content.js';
import { requestRoutes, webhookRoutes } from './routes/workflow.js';
import { fileRoutes } from './routes/files.js';
import { assetRoutes, keyRoutes, pluginRoutes, projectRoutes, sceneRoutes } from './routes/projects.js';
import { sessionRoutes } from './routes/session.js';

/**
 * The management API, every route declared once, by group: the server registers exactly these
 * behind its guard, and a route it registers there without a declaration stops it from building.
 */
export const MANAGEMENT_ROUTES = {
  projects: projectRoutes,
  assets: assetRoutes,
  keys: keyRoutes,
  scene: sceneRoutes,
  plugins: pluginRoutes,
  models: modelRoutes,
  items: itemRoutes,
  requests: requestRoutes,
  webhooks: webhookRoutes,
  members: memberRoutes,
  invitations: projectInvitationRoutes,
  audit: auditRoutes,
  users: userRoutes,
  tokens: tokenRoutes,
  files: fileRoutes,
};

/** Every declared route: the management API's, and the session routes of `/api/auth/…` outside the guard. */
export const API_ROUTES: readonly RouteDecl[] = [
  ...Object.values(MANAGEMENT_ROUTES).flatMap((group) => Object.values(group) as RouteDecl[]),
  ...Object.values(sessionRoutes),
];
