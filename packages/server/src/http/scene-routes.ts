import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { projectOr404 } from './project-param.js';
import { adminSecurity, empty, failure, params } from './schemas.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<P>('/api/projects/:project/scene', { schema: { summary: 'The scene document (SPEC §4)', security: adminSecurity, params: params.project, response: { 200: { description: 'the scene', type: 'object' } } } }, async (request) => ctx.scenes.get(await projectOr404(ctx, request.params.project)));

  app.put<P>('/api/projects/:project/scene', { schema: { summary: 'Replace the scene document; it is checked as a whole', security: adminSecurity, params: params.project, body: { type: 'object', description: 'the scene document (SPEC §4): property, camera, layers, widgets, story' }, response: { 200: { description: 'the scene as stored', type: 'object' }, 400: failure('invalid_body naming the path of the first bad value') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.scenes.put(project, request.body);
  });

  app.post<P>('/api/projects/:project/publish', { schema: { summary: 'Publish: snapshot the scene and plugins', security: adminSecurity, params: params.project, response: { 200: { description: 'where the page is', type: 'object', properties: { url: { type: 'string', format: 'uri' } } } } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.publish(project);
    return { url: `${ctx.publicUrl}/p/${encodeURIComponent(project.alias)}` };
  });

  app.delete<P>('/api/projects/:project/publish', { schema: { summary: 'Take the published page down', security: adminSecurity, params: params.project, response: { 204: empty('unpublished') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.unpublish(project);
    return reply.code(204).send();
  });
}
