import { SceneSchema } from '@orbis/scene';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { ApiError } from './api-error.js';
import { projectOr404 } from './project-param.js';
import { requireMatch, tagAnswer, versionTag } from './preconditions.js';
import { adminSecurity, empty, failure, params } from './schemas.js';
import { PUBLISH_BODY_LIMIT, publishImage, saveShareImage } from './share-image.js';

/**
 * The scene document's schema (@orbis/scene, JSON Schema 2020-12) for /openapi.json. The route's
 * body is checked against this same schema by the scene service (`scenes/scene-validator.ts`,
 * Ajv 2020 with the scene's own formats), which names the JSON path of a bad value; Fastify's
 * validator (draft-07, no custom formats) would not know its keywords, so it is told to pass it.
 */
const { $schema: _dialect, $id: _id, ...sceneBody } = JSON.parse(JSON.stringify(SceneSchema)) as Record<string, unknown>;
const checkedByTheSceneService = () => () => true;

type P = { Params: { project: string } };

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export function sceneRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<P>('/api/projects/:project/scene', { schema: { summary: 'The scene document (docs/contract.md §4)', security: adminSecurity, params: params.project, response: { 200: { description: 'the scene', ...sceneBody } } } }, async (request, reply) => {
    const scene = await ctx.scenes.get(await projectOr404(ctx, request.params.project));
    tagAnswer(reply, versionTag(scene));
    return scene;
  });

  app.put<P>('/api/projects/:project/scene', { schema: { summary: 'Replace the scene document; it is checked as a whole', security: adminSecurity, params: params.project, body: sceneBody, response: { 200: { description: 'the scene as stored', type: 'object' }, 400: failure('invalid_body naming the path of the first bad value'), 412: failure('precondition_failed: If-Match names an older version') } }, validatorCompiler: checkedByTheSceneService }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    // The check runs on the live document just before the merge (docs/collaboration.md).
    const scene = await ctx.scenes.put(project, request.body, (current) => requireMatch(request, versionTag(current)));
    tagAnswer(reply, versionTag(scene));
    return scene;
  });

  // The body is optional: `{"image": "data:image/png;base64,…"}` from the editor (the sharing image).
  app.post<P>('/api/projects/:project/publish', { bodyLimit: PUBLISH_BODY_LIMIT, schema: { summary: 'Publish: snapshot the scene and plugins (a public project only)', security: adminSecurity, params: params.project, body: { content: { 'application/json': { schema: { properties: { image: { type: 'string', description: 'the sharing image: a data: URL of a PNG' } } } } } }, response: { 200: { description: 'where the page is', type: 'object', properties: { url: { type: 'string', format: 'uri' } } }, 409: failure('conflict: the project is private') } } }, async (request) => {
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

  app.delete<P>('/api/projects/:project/publish', { schema: { summary: 'Take the published page down', security: adminSecurity, params: params.project, response: { 204: empty('unpublished') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    await ctx.scenes.unpublish(project);
    return reply.code(204).send();
  });
}
