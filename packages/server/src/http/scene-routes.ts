import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { projectOr404 } from './project-param.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<P>('/api/projects/:project/scene', async (request) => ctx.scenes.get(await projectOr404(ctx, request.params.project)));

  app.put<P>('/api/projects/:project/scene', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.scenes.put(project, request.body);
  });

  app.post<P>('/api/projects/:project/publish', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.publish(project);
    return { url: `${ctx.publicUrl}/p/${encodeURIComponent(project.alias)}` };
  });

  app.delete<P>('/api/projects/:project/publish', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.unpublish(project);
    return reply.code(204).send();
  });
}
