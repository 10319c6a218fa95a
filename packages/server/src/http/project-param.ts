import type { Project } from '../store/store.js';
import { ApiError } from './transport/api-error.js';
import type { AppContext } from './app-context.js';

/** The project a route's `{project}` names, or a 404 `not_found`. */
export async function projectOr404(ctx: AppContext, alias: string): Promise<Project> {
  return foundOr404(await ctx.store.getProjectByAlias(alias), alias);
}

/** The project read for `alias`, or a 404 `not_found` when there was none. */
export function foundOr404(project: Project | undefined, alias: string): Project {
  if (!project) throw new ApiError('not_found', `project "${alias.slice(0, 80)}" does not exist`);
  return project;
}

/** The bearer token of an Authorization header; undefined when none was sent, '' when malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}
