import type { FastifyInstance } from 'fastify';
import { projectRecord } from '../../projects/project-service.js';
import type { AppContext } from '../app-context.js';
import { userOf } from '../auth/actor.js';
import { visibleProjects } from '../auth/visible-projects.js';
import { projectOr404 } from '../project-param.js';
import { conditionalWrite, tagAnswer, versionTag } from '../transport/preconditions.js';
import type { Project } from '../../store/store.js';
import { projectRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';

/** A project's version: what a PATCH changes (docs/collaboration.md). */
export const projectTag = (p: Pick<Project, 'id' | 'name' | 'visibility' | 'description'>) =>
  versionTag({ id: p.id, name: p.name, visibility: p.visibility, description: p.description });

/** `/api/projects` and `/api/projects/{p}` (@orbis/contract's `projectRoutes`). */
export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.create, async (request, reply) => {
    const project = await ctx.projects.create(request.body);
    // docs/contract.md §12: a signed-in user who creates a project is its owner.
    const user = userOf(request);
    if (user) await ctx.store.accounts.setMember(project.id, user.id, 'owner');
    return reply.code(201).send(projectRecord(project));
  });

  declaredRoute(app, routes.list, async (request) => (await visibleProjects(ctx, request)).map(projectRecord));

  declaredRoute(app, routes.get, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    tagAnswer(reply, projectTag(project));
    return projectRecord(project);
  });

  declaredRoute(app, routes.update, async (request, reply) => {
    const alias = request.params.project;
    const current = async () => projectTag(await projectOr404(ctx, alias));
    const updated = await conditionalWrite(
      request,
      reply,
      `project:${alias}`,
      current,
      async () => ctx.projects.update(await projectOr404(ctx, alias), request.body),
      projectTag,
    );
    return projectRecord(updated);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    const alias = request.params.project;
    await conditionalWrite(
      request,
      reply,
      `project:${alias}`,
      async () => projectTag(await projectOr404(ctx, alias)),
      async () => {
        await ctx.projects.remove(await projectOr404(ctx, alias));
        ctx.live.close(alias);
      },
    );
    return reply.code(204).send();
  });
}
