import type { ReviewRequestRecord } from '@orbis/content-model';
import { REQUEST_ITEMS_MAX } from '@orbis/contract';
import { roleAtLeast } from '@orbis/scene/roles';
import { checkDisplayText } from '../display-text.js';
import { InputError } from '../input-error.js';
import { isId, newId } from '../records/ids.js';
import type { RequestItem, ReviewRequest } from '../store/review-store.js';
import type { ContentModel, Project, Store, VersionActor } from '../store/store.js';

/** The most reviewers one request names. */
const MAX_REVIEWERS = 20;

/** A request as the API answers it: its items by model key and id. */
export function requestRecord(request: ReviewRequest, keys: Map<string, string>): ReviewRequestRecord {
  return {
    id: request.id,
    title: request.title,
    state: request.state,
    items: request.items.map((i) => ({ model: keys.get(i.modelId) ?? null, id: i.itemId })),
    reviewers: request.reviewers,
    createdBy: request.createdBy,
    createdAt: request.createdAt,
    closedBy: request.closedBy,
    closedAt: request.closedAt,
    comment: request.comment,
  };
}

/**
 * Review requests (docs/contract.md §16; docs/content-workflow.md, "Review"): a writer asks
 * maintainers to review items' drafts; a maintainer approves (publishing them all at once) or
 * declines, with a comment.
 */
export class ReviewService {
  constructor(private readonly store: Store) {}

  /** Model keys by id, for answers. */
  async modelKeys(project: Project): Promise<Map<string, string>> {
    return new Map((await this.store.listModels(project.id)).map((m) => [m.id, m.key]));
  }

  async open(project: Project, body: Record<string, unknown>, actor: VersionActor): Promise<ReviewRequest> {
    const title = checkDisplayText(body.title, 'title', { max: 200 });
    const items = await this.checkItems(project, body.items);
    const reviewers = await this.checkReviewers(project, body.reviewers);
    const request: ReviewRequest = {
      id: newId(),
      projectId: project.id,
      title,
      items,
      reviewers,
      state: 'open',
      createdBy: actor,
      createdAt: new Date().toISOString(),
      closedBy: null,
      closedAt: null,
      comment: null,
    };
    return this.store.reviews.openRequest(request);
  }

  /** Approves (publishing every item) or declines an open request. */
  async close(
    project: Project,
    id: string,
    state: 'approved' | 'declined',
    body: Record<string, unknown> | undefined,
    actor: VersionActor,
  ): Promise<ReviewRequest | undefined> {
    const comment = body?.comment === undefined ? null : checkDisplayText(body.comment, 'comment', { max: 2000, allowEmpty: true, multiline: true });
    if (!isId(id)) return undefined;
    return this.store.reviews.closeRequest(project.id, id, { state, by: actor, at: new Date().toISOString(), comment });
  }

  /**
   * A request's items: each `{"model","id"}` an item of a model that requires review, each
   * `{"model","drafts":"all"}` that model's drafts in no open request now; duplicates collapse, at
   * most REQUEST_ITEMS_MAX in all. Checked a model at a time, not an item per query; whether each
   * has a draft in no other open request is the store's check, in the transaction that opens it.
   */
  private async checkItems(project: Project, raw: unknown): Promise<RequestItem[]> {
    const shape = `"items" must be a list of 1 to ${REQUEST_ITEMS_MAX} {"model","id"} or {"model","drafts":"all"}`;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > REQUEST_ITEMS_MAX) throw new InputError('items', shape);
    const models = new Map((await this.store.listModels(project.id)).map((m) => [m.key, m]));
    // Each entry, read: an item's id, or `all` for a model's drafts.
    const entries: { model: ContentModel; id: string | 'all' }[] = [];
    const named = new Map<ContentModel, string[]>();
    for (const entry of raw as unknown[]) {
      const { model: key, id, drafts } = (entry ?? {}) as { model?: unknown; id?: unknown; drafts?: unknown };
      const model = typeof key === 'string' ? models.get(key) : undefined;
      if (!model) throw new InputError('items', `"items": model "${String(key).slice(0, 80)}" does not exist`);
      if (!model.review) throw new InputError('items', `"items": model "${model.key}" does not require review: its items are published as they are written`);
      if (drafts !== undefined) {
        if (drafts !== 'all' || id !== undefined)
          throw new InputError('items', `"items": an entry of model "${model.key}" is {"model","id"} or {"model","drafts":"all"}`);
        entries.push({ model, id: 'all' });
      } else if (typeof id === 'string' && isId(id)) {
        entries.push({ model, id });
        if (!named.has(model)) named.set(model, []);
        named.get(model)!.push(id);
      } else throw new InputError('items', `"items": item "${String(id).slice(0, 80)}" of model "${model.key}" does not exist`);
    }
    for (const [model, ids] of named) {
      const found = await this.store.reviews.existing(model.id, ids);
      const unknown = ids.find((id) => !found.has(id));
      if (unknown) throw new InputError('items', `"items": item "${unknown}" of model "${model.key}" does not exist`);
    }
    const drafts = new Map<ContentModel, string[]>();
    for (const { model, id } of entries) {
      if (id !== 'all' || drafts.has(model)) continue;
      const ids = await this.store.reviews.freeDrafts(model.id, REQUEST_ITEMS_MAX + 1);
      if (ids.length === 0) throw new InputError('items', `"items": model "${model.key}" has no draft outside an open request`);
      drafts.set(model, ids);
    }
    const seen = new Set<string>();
    const items: RequestItem[] = [];
    for (const { model, id } of entries) {
      for (const itemId of id === 'all' ? drafts.get(model)! : [id]) {
        if (seen.has(`${model.id}/${itemId}`)) continue;
        seen.add(`${model.id}/${itemId}`);
        items.push({ modelId: model.id, itemId });
      }
      if (items.length > REQUEST_ITEMS_MAX)
        throw new InputError('items', `"items": more than ${REQUEST_ITEMS_MAX} items in all (with model "${model.key}"); ask for the rest in another request`);
    }
    return items;
  }

  /** Reviewers are user ids of members who may approve: maintainers and owners. */
  private async checkReviewers(project: Project, raw: unknown): Promise<string[]> {
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_REVIEWERS)
      throw new InputError('reviewers', `"reviewers" must be a list of 1 to ${MAX_REVIEWERS} user ids`);
    for (const id of raw as unknown[]) {
      const role = typeof id === 'string' ? await this.store.accounts.getRole(project.id, id) : undefined;
      if (!role || !roleAtLeast(role, 'maintainer'))
        throw new InputError('reviewers', `"reviewers": "${String(id).slice(0, 80)}" is not a maintainer or owner of this project`);
    }
    return [...new Set(raw as string[])];
  }
}
