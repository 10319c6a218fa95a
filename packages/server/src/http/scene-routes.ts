import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { ApiError } from './api-error.js';
import { projectOr404 } from './project-param.js';
import { PUBLISH_BODY_LIMIT, publishImage, saveShareImage } from './share-image.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<P>('/api/projects/:project/scene', async (request) => ctx.scenes.get(await projectOr404(ctx, request.params.project)));

  app.put<P>('/api/projects/:project/scene', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.scenes.put(project, request.body);
  });

  // The body is optional: `{"image": "data:image/png;base64,…"}` from the editor (the sharing image).
  app.post<P>('/api/projects/:project/publish', { bodyLimit: PUBLISH_BODY_LIMIT }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    if (project.visibility === 'private') {
      throw new ApiError(
        'conflict',
        `project "${project.alias}" is private, and a published page can be opened by anyone: make the project public (PATCH /api/projects/${project.alias} with {"visibility":"public"}), then publish`,
      );
    }
    const image = publishImage(request.body);
    const snapshot = await ctx.scenes.publish(project);
    await saveShareImage(ctx.store, ctx.storage, project, image, String(Date.parse(snapshot.publishedAt)));
    return { url: `${ctx.publicUrl}/p/${encodeURIComponent(project.alias)}` };
  });

  app.delete<P>('/api/projects/:project/publish', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.unpublish(project);
    return reply.code(204).send();
  });
}
