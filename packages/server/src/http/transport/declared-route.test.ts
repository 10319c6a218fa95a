import { declare, keyRoutes, type RouteDecl, SHARED_SCHEMAS } from '@orbis/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context.js';
import { guardRoutes } from '../auth/guard.js';
import { declaredRoute, schemaOf } from './declared-route.js';

/** A guarded scope as `buildApp` makes it; no request reaches it, so the context is never read. */
async function guardedApp(register: (scope: Parameters<typeof guardRoutes>[0]) => void) {
  const app = Fastify();
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await app.register(async (scope) => {
    guardRoutes(scope, {} as AppContext);
    register(scope);
  });
  return app;
}

describe('routes registered from their declarations (@orbis/contract)', () => {
  it('refuses a management route that has no declaration: the app does not build', async () => {
    await expect(guardedApp((scope) => scope.get('/api/projects/:project/secret', async () => ({})))).rejects.toThrow(
      'GET /api/projects/:project/secret has no declaration',
    );
  });

  it('refuses a route whose declaration is for another method or path', async () => {
    const misdeclared = guardedApp((scope) =>
      scope.route({ method: 'POST', url: '/api/projects/:project/keys/:id', config: { declared: keyRoutes.revoke }, handler: async () => ({}) }),
    );
    await expect(misdeclared).rejects.toThrow('POST /api/projects/:project/keys/:id has no declaration');
  });

  it('builds with a declared route, which carries its declaration for the guard', async () => {
    let seen: RouteDecl | undefined;
    const app = await guardedApp((scope) => {
      scope.addHook('onRoute', (route) => void (seen ??= route.config?.declared));
      declaredRoute(scope, keyRoutes.revoke, async (request, reply) => reply.code(204).send());
    });
    await app.ready();
    expect(seen).toBe(keyRoutes.revoke);
    await app.close();
  });

  it('gives Fastify and /openapi.json the declared schemas, and the security the least role implies', () => {
    const route = declare({ method: 'PATCH', path: '/api/users/:id', summary: 'x', least: 'admin', answers: {} });
    expect(schemaOf(route)).toEqual({ summary: 'x', security: [{ adminToken: [] }] });
    const schema = schemaOf(keyRoutes.create) as { body: { content: Record<string, { schema: unknown }> }; params: unknown };
    expect(schema.params).toBe(keyRoutes.create.params);
    expect(schema.body.content['application/json']!.schema).toBe(keyRoutes.create.bodyByType['application/json']);
  });
});
