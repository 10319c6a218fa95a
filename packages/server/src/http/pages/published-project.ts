import type { Project } from '../../store/store.js';
import type { AppContext } from '../app-context.js';

/**
 * A project's published snapshot, where it has a public page: a project made private after
 * publishing has none any more (docs/contract.md §9 refuses to publish it).
 */
export async function publishedProject(ctx: AppContext, alias: string): Promise<{ project: Project; publication: { json: string } } | undefined> {
  const project = await ctx.store.getProjectByAlias(alias);
  if (!project || project.visibility === 'private') return undefined;
  const publication = await ctx.store.getPublication(project.id);
  return publication ? { project, publication } : undefined;
}
