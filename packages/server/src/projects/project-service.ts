import { ALIAS_PATTERN, ALIAS_RULE } from '@orbis/scene/checks';
import { newId } from '../records/ids.js';
import { checkDisplayText } from '../display-text.js';
import { InputError } from '../input-error.js';
import type { Storage } from '../storage/storage.js';
import type { ProjectRecord, Visibility } from '@orbis/contract';
import type { Project, Store } from '../store/store.js';

const MAX_PROJECT_NAME = 200;
const MAX_DESCRIPTION = 1000;

/** The JSON shape of a project (@orbis/contract's), keys in a fixed order. */
export function projectRecord(p: Project): ProjectRecord {
  return {
    id: p.id,
    alias: p.alias,
    name: p.name,
    visibility: p.visibility,
    description: p.description,
    assetCount: p.assetCount,
    publicAssetCount: p.publicAssetCount,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export function checkAlias(alias: unknown): string {
  if (typeof alias !== 'string' || !ALIAS_PATTERN.test(alias)) {
    throw new InputError('alias', `alias must be ${ALIAS_RULE}`);
  }
  return alias;
}

export function checkVisibility(value: unknown): Visibility {
  if (value !== 'public' && value !== 'private') {
    throw new InputError('visibility', 'visibility must be "public" or "private"');
  }
  return value;
}

export function checkProjectName(value: unknown): string {
  return checkDisplayText(value, 'name', { max: MAX_PROJECT_NAME });
}

/** A project's description: any text up to 1000 characters, the empty string for none. */
export function checkDescription(value: unknown): string {
  return checkDisplayText(value, 'description', { max: MAX_DESCRIPTION, allowEmpty: true, multiline: true });
}

/** Creates, changes and deletes projects; deleting removes every asset's bytes too. */
export class ProjectService {
  constructor(
    private readonly store: Store,
    private readonly storage: Storage,
  ) {}

  async create(input: { alias: unknown; name?: unknown; visibility?: unknown; description?: unknown }): Promise<Project> {
    const alias = checkAlias(input.alias);
    const name = input.name === undefined ? alias : checkProjectName(input.name);
    const visibility = input.visibility === undefined ? 'public' : checkVisibility(input.visibility);
    const description = input.description === undefined ? '' : checkDescription(input.description);
    return this.store.createProject({ id: newId(), alias, name, visibility, description, createdAt: new Date().toISOString() });
  }

  async update(project: Project, patch: { name?: unknown; visibility?: unknown; description?: unknown }): Promise<Project> {
    const name = patch.name === undefined ? undefined : checkProjectName(patch.name);
    const visibility = patch.visibility === undefined ? undefined : checkVisibility(patch.visibility);
    const description = patch.description === undefined ? undefined : checkDescription(patch.description);
    const updated = await this.store.updateProject(project.id, { name, visibility, description }, new Date().toISOString());
    return updated ?? project;
  }

  async remove(project: Project): Promise<void> {
    await this.store.deleteProject(project.id);
    await this.storage.deletePrefix(project.id);
  }
}
