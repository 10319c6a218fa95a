import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { InputError } from '../input-error.js';
import { packageFromJson, readPluginZip } from '../plugins/plugin-package.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { objectBody } from './json-body.js';
import { projectOr404 } from './project-param.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/plugins`: install (zip or JSON), list, remove. */
export function pluginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<P>('/api/projects/:project/plugins', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    let plugin;
    if (request.isMultipart()) {
      const part = (await request.file()) as MultipartFile | undefined;
      if (!part) throw new InputError('file', 'send the plugin zip as the multipart field "file"');
      plugin = await readPluginZip(await part.toBuffer());
    } else {
      const body = objectBody(request.body, ['manifest', 'files']);
      plugin = packageFromJson(body);
    }
    await ctx.plugins.install(project, plugin);
    return reply.code(201).send(plugin);
  });

  app.get<P>('/api/projects/:project/plugins', async (request) => ctx.plugins.list(await projectOr404(ctx, request.params.project)));

  app.delete<{ Params: { project: string; id: string } }>('/api/projects/:project/plugins/:id', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!(await ctx.plugins.remove(project, request.params.id))) throw new ApiError('not_found', `plugin "${request.params.id.slice(0, 100)}" is not installed`);
    return reply.code(204).send();
  });
}
