import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { SHARED_SCHEMAS } from '@orbis/contract';

/**
 * Adds the shared records and @fastify/swagger, which builds `/openapi.json` from every route's
 * schema: the management routes' come from their declarations (@orbis/contract), so the
 * declarations are the one source of what the document says.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Orbis content service',
        version: '1',
        description: 'Projects, their assets, content models and API keys; the public content API of every project.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'a project API key: secret_…' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'the server admin token' },
          accessToken: { type: 'http', scheme: 'bearer', description: "a user's personal access token: orbis_pat_…" },
          session: { type: 'apiKey', in: 'cookie', name: 'orbis_session', description: 'a signed-in session (POST /api/auth/sign-in)' },
        },
      },
    },
    // Components named after the schemas' ids, not def-0, def-1…
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.get('/openapi.json', { schema: { summary: 'This document: OpenAPI 3.1, made from the route schemas' } }, async () => app.swagger());
}
