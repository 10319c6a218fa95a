export { ERROR_STATUS, type ErrorBody, type ErrorCode } from './errors.js';
export * from './records.js';
export {
  type AnswerOf,
  type AuditAction,
  type BodyOf,
  declare,
  type Least,
  type Method,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type RouteDecl,
  securityOf,
} from './route.js';
export { answer, bodyOf, empty, expandQuery, failure, itemListingQuery, listOf, oneOf, paginationQuery, params, shaped, text } from './schema-parts.js';
export {
  auditRoutes,
  type InvitationLink,
  memberRoutes,
  projectInvitationRoutes,
  type ProjectInvitationRecord,
  tokenRoutes,
  type UserRecord,
  userRoutes,
} from './routes/accounts.js';
export { itemRoutes, modelRoutes } from './routes/content.js';
export { RECENT_DELIVERIES, REQUEST_ITEMS_MAX, REQUEST_STATES, type RequestEntry, requestRoutes, webhookRoutes } from './routes/workflow.js';
export { type ConversionState, fileRoutes, type ImportReport } from './routes/files.js';
export { assetRoutes, keyRoutes, type PluginPackageRecord, pluginRoutes, projectRoutes, sceneRoutes } from './routes/projects.js';
export { type InvitationRecord, type Me, sessionRoutes, type SignInProviders } from './routes/session.js';
export { API_ROUTES, MANAGEMENT_ROUTES } from './api-routes.js';
