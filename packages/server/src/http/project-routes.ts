import type { FastifyInstance } from 'fastify';
import { projectRecord } from '../projects/project-service.js';
import type { AppContext } from './app-context.js';
import { objectBody } from './json-body.js';
import { projectOr404 } from './project-param.js';

type P = { Params: { project: string } };

/** `/api/projects` and `/api/projects/{p}`. */
export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/projects', async (request, reply) => {
    const body = objectBody(request.body, ['alias', 'name', 'visibility', 'description']);
    const project = await ctx.projects.create(body as { alias: unknown });
    return reply.code(201).send(projectRecord(project));
  });

  app.get('/api/projects', async () => (await ctx.store.listProjects()).map(projectRecord));

  app.get<P>('/api/projects/:project', async (request) => projectRecord(await projectOr404(ctx, request.params.project)));

  app.patch<P>('/api/projects/:project', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const body = objectBody(request.body, ['name', 'visibility', 'description']);
    return projectRecord(await ctx.projects.update(project, body));
  });

  app.delete<P>('/api/projects/:project', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.projects.remove(project);
    return reply.code(204).send();
  });
}
