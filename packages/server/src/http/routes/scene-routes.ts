import { sceneRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../transport/api-error.js';
import { projectOr404 } from '../project-param.js';
import { requireMatch, tagAnswer, versionTag } from '../transport/preconditions.js';
import { PUBLISH_BODY_LIMIT, publishImage, saveShareImage } from '../pages/share-image.js';

/**
 * The scene body is checked against the scene's own schema by the scene service
 * (`scenes/scene-validator.ts`, Ajv 2020 with the scene's own formats), which names the JSON path of a
 * bad value; Fastify's validator (draft-07, no custom formats) would not know its keywords, so it is
 * told to pass it. The declaration still shows the schema in /openapi.json.
 */
const checkedByTheSceneService = () => () => true;

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.get, async (request, reply) => {
    const scene = await ctx.scenes.get(await projectOr404(ctx, request.params.project));
    tagAnswer(reply, versionTag(scene));
    return scene;
  });

  declaredRoute(
    app,
    routes.put,
    async (request, reply) => {
      const project = await projectOr404(ctx, request.params.project);
      // The check runs on the live document just before the merge (docs/collaboration.md).
      const scene = await ctx.scenes.put(project, request.body, (current) => requireMatch(request, versionTag(current)));
      tagAnswer(reply, versionTag(scene));
      return scene;
    },
    { validatorCompiler: checkedByTheSceneService },
  );

  // The body is optional: `{"image": "data:image/png;base64,…"}` from the editor (the sharing image).
  declaredRoute(
    app,
    routes.publish,
    async (request) => {
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
    },
    { bodyLimit: PUBLISH_BODY_LIMIT },
  );

  declaredRoute(app, routes.unpublish, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.unpublish(project);
    return reply.code(204).send();
  });
}
