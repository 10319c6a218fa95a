import type { FastifyInstance } from 'fastify';
import { projectRecord } from '../projects/project-service.js';
import type { AppContext } from './app-context.js';
import { userOf } from './auth/actor.js';
import { visibleProjects } from './auth/visible-projects.js';
import { projectOr404 } from './project-param.js';
import { conditionalWrite, tagAnswer, versionTag } from './preconditions.js';
import type { Project } from '../store/store.js';

/** A project's version: what a PATCH changes (docs/collaboration.md). */
export const projectTag = (p: Pick<Project, 'id' | 'name' | 'visibility' | 'description'>) => versionTag({ id: p.id, name: p.name, visibility: p.visibility, description: p.description });
import { adminSecurity, answer, empty, failure, listOf, objectBody as bodyOf, params } from './schemas.js';

type P = { Params: { project: string } };

/** `/api/projects` and `/api/projects/{p}`. */
export function projectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const fields = { alias: { type: 'string' }, name: { type: 'string' }, visibility: { enum: ['public', 'private'] }, description: { type: 'string' } };
  app.post('/api/projects', { schema: { summary: 'Create a project', security: adminSecurity, body: bodyOf(fields, ['alias']), response: { 201: answer('Project', 'the project'), 400: failure('invalid_body'), 409: failure('conflict: the alias exists') } } }, async (request, reply) => {
    const project = await ctx.projects.create(request.body as { alias: unknown });
    // docs/contract.md §12: a signed-in user who creates a project is its owner.
    const user = userOf(request);
    if (user) await ctx.store.accounts.setMember(project.id, user.id, 'owner');
    return reply.code(201).send(projectRecord(project));
  });

  app.get('/api/projects', { schema: { summary: 'Every project (for a user, the ones they are a member of)', security: adminSecurity, response: { 200: listOf('Project', 'the projects') } } }, async (request) => (await visibleProjects(ctx, request)).map(projectRecord));

  app.get<P>('/api/projects/:project', { schema: { summary: 'One project', security: adminSecurity, params: params.project, response: { 200: answer('Project', 'the project'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    tagAnswer(reply, projectTag(project));
    return projectRecord(project);
  });

  const { alias: _alias, ...changeable } = fields;
  app.patch<P>('/api/projects/:project', { schema: { summary: 'Change a project', security: adminSecurity, params: params.project, body: bodyOf(changeable), response: { 200: answer('Project', 'the project'), 400: failure('invalid_body'), 404: failure('not_found') } } }, async (request, reply) => {
    const alias = request.params.project;
    const current = async () => projectTag(await projectOr404(ctx, alias));
    const updated = await conditionalWrite(request, reply, `project:${alias}`, current, async () => ctx.projects.update(await projectOr404(ctx, alias), request.body as Record<string, unknown>), projectTag);
    return projectRecord(updated);
  });

  app.delete<P>('/api/projects/:project', { schema: { summary: 'Delete a project with its assets, keys, models and files', security: adminSecurity, params: params.project, response: { 204: empty('deleted'), 404: failure('not_found') } } }, async (request, reply) => {
    const alias = request.params.project;
    await conditionalWrite(request, reply, `project:${alias}`, async () => projectTag(await projectOr404(ctx, alias)), async () => {
      await ctx.projects.remove(await projectOr404(ctx, alias));
      ctx.live.close(alias);
    });
    return reply.code(204).send();
  });
}
