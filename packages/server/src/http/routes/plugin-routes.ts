import { pluginRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { InputError } from '../../input-error.js';
import { MAX_PLUGIN_ZIP_BYTES, packageFromJson, readPluginZip } from '../../plugins/plugin-package.js';
import { createHash } from 'node:crypto';
import { ApiError } from '../transport/api-error.js';
import { answeredNotModified } from '../transport/etag.js';
import type { AppContext } from '../app-context.js';
import { projectOr404 } from '../project-param.js';
import { conditionalWrite, tagAnswer, versionTag } from '../transport/preconditions.js';
import type { PluginPackage } from '../../plugins/plugin-package.js';
import type { Project } from '../../store/store.js';

/** `/api/projects/{p}/plugins`: install (zip or JSON), list, remove. */
export function pluginRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.install, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    let plugin;
    if (request.isMultipart()) {
      // Past the limit, toBuffer() stops reading and throws a 413 (payload_too_large).
      const part = (await request.file({ limits: { fileSize: MAX_PLUGIN_ZIP_BYTES } })) as MultipartFile | undefined;
      if (!part) throw new InputError('file', 'send the plugin zip as the multipart field "file"');
      const zip = await part.toBuffer();
      // toBuffer() throws when the limit is passed within the data, but not when busboy marks the
      // file cut only after its last chunk: then the flag says so.
      if (part.file.truncated) throw new ApiError('payload_too_large', `a plugin zip may have at most ${MAX_PLUGIN_ZIP_BYTES} bytes`);
      plugin = await readPluginZip(zip);
    } else {
      plugin = packageFromJson(request.body);
    }
    // Installing over an installed plugin is a new version of it: If-Match names the one replaced.
    const installed = plugin;
    await conditionalWrite(
      request,
      reply,
      `plugin:${project.id}:${plugin.manifest.id}`,
      async () => tagOfInstalled(project, installed.manifest.id),
      () => ctx.plugins.install(project, installed),
      versionTag,
    );
    return reply.code(201).send(plugin);
  });

  // With an ETag (a hash of the list): an open editor polls with If-None-Match and restarts its
  // plugins when the answer is not a 304 (`orbis plugin dev` reinstalled one, docs/plugin-api.md).
  declaredRoute(app, routes.list, async (request, reply) => {
    const list = await ctx.plugins.list(await projectOr404(ctx, request.params.project));
    const json = JSON.stringify(list);
    if (answeredNotModified(request, reply, `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`)) return reply;
    return reply.type('application/json; charset=utf-8').send(json);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await conditionalWrite(
      request,
      reply,
      `plugin:${project.id}:${request.params.id}`,
      () => tagOfInstalled(project, request.params.id),
      async () => {
        if (!(await ctx.plugins.remove(project, request.params.id)))
          throw new ApiError('not_found', `plugin "${request.params.id.slice(0, 100)}" is not installed`);
      },
    );
    return reply.code(204).send();
  });

  declaredRoute(app, routes.get, async (request, reply) => {
    const plugin = await installedOr404(await projectOr404(ctx, request.params.project), request.params.id);
    tagAnswer(reply, versionTag(plugin));
    return plugin;
  });

  async function installedOr404(project: Project, id: string): Promise<PluginPackage> {
    const plugin = (await ctx.plugins.list(project)).find((p) => p.manifest.id === id);
    if (!plugin) throw new ApiError('not_found', `plugin "${id.slice(0, 100)}" is not installed`);
    return plugin;
  }

  /** The installed plugin's version; undefined when none is installed under that id (a first install). */
  async function tagOfInstalled(project: Project, id: string): Promise<string | undefined> {
    const plugin = (await ctx.plugins.list(project)).find((p) => p.manifest.id === id);
    return plugin && versionTag(plugin);
  }
}
