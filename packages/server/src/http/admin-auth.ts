import type { FastifyInstance } from 'fastify';
import { constantTimeEqual } from '../keys/api-key.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { bearerToken } from './project-param.js';

/** Every route registered on `scope` needs `Authorization: Bearer <admin token>`. */
export function requireAdmin(scope: FastifyInstance, ctx: AppContext): void {
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token || !constantTimeEqual(token, ctx.adminToken)) {
      throw new ApiError('unauthorized', 'the management API needs "Authorization: Bearer <admin token>"');
    }
  });
}
