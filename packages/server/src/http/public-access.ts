import type { FastifyRequest } from 'fastify';
import { hashApiKey } from '../keys/api-key.js';
import { matchesStoredHash } from '../keys/key-service.js';
import type { ContentModel, Project } from '../store/store.js';
import { ApiError } from './transport/api-error.js';
import type { AppContext } from './app-context.js';
import { bearerToken, foundOr404 } from './project-param.js';

/**
 * Applies docs/contract.md §2 "Access": unknown project 404; a key that is sent must be a live key of this
 * project (on a public project too); a private project needs one. The project and the key are
 * read together, fresh for every request (one round trip on PostgreSQL): a key revoked or a
 * project changed by any process counts at once.
 */
export async function openPublicProject(ctx: AppContext, request: FastifyRequest, alias: string): Promise<Project> {
  const key = bearerToken(request.headers.authorization);
  const found = await ctx.store.getProjectAccess(alias, key ? hashApiKey(key) : undefined);
  return checkAccess(foundOr404(found?.project, alias), key, found?.keyHash ?? null);
}

/**
 * `openPublicProject` for a model's route, with the project's model `modelKey` (undefined: none)
 * read together with the project and the key: one round trip on PostgreSQL, not two.
 */
export async function openPublicProjectModel(
  ctx: AppContext,
  request: FastifyRequest,
  alias: string,
  modelKey: string,
): Promise<{ project: Project; model: ContentModel | undefined }> {
  const key = bearerToken(request.headers.authorization);
  const found = await ctx.store.getProjectModelAccess(alias, key ? hashApiKey(key) : undefined, modelKey);
  return { project: checkAccess(foundOr404(found?.project, alias), key, found?.keyHash ?? null), model: found?.model };
}

/**
 * The checks of `openPublicProject` for a project and the key sent (`bearerToken`'s), given the
 * stored hash that the store found for that key with the project (null: none).
 */
export function checkAccess(project: Project, key: string | undefined, storedHash: string | null): Project {
  if (key !== undefined) {
    if (key === '' || !matchesStoredHash(storedHash, key)) throw invalidKey();
  } else if (project.visibility === 'private') {
    throw keyRequired();
  }
  return project;
}

function invalidKey(): ApiError {
  return new ApiError('invalid_api_key', 'the API key is not a live key of this project');
}

function keyRequired(): ApiError {
  return new ApiError('api_key_required', 'this project is private: send an API key as "Authorization: Bearer <key>"');
}
