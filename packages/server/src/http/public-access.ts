import type { FastifyRequest } from 'fastify';
import type { Project } from '../store/store.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { bearerToken, projectOr404 } from './project-param.js';

/**
 * Applies SPEC §2 "Access": unknown project 404; a key that is sent must be a live key of this
 * project (on a public project too); a private project needs one.
 */
export async function openPublicProject(ctx: AppContext, request: FastifyRequest, alias: string): Promise<Project> {
  return checkPublicAccess(ctx, request, await projectOr404(ctx, alias));
}

/** The access checks of `openPublicProject` for a project already read (by alias). */
export async function checkPublicAccess(ctx: AppContext, request: FastifyRequest, project: Project): Promise<Project> {
  const key = bearerToken(request.headers.authorization);
  if (key !== undefined) {
    if (key === '' || !(await ctx.keys.isLiveKey(project, key))) {
      throw new ApiError('invalid_api_key', 'the API key is not a live key of this project');
    }
  } else if (project.visibility === 'private') {
    throw new ApiError('api_key_required', 'this project is private: send an API key as "Authorization: Bearer <key>"');
  }
  return project;
}
