import type { VersionActor } from './version-actor.js';

/**
 * An item's unpublished values in a model that requires review (docs/content-workflow.md,
 * "Review"): the item's row keeps what the public API serves; the draft keeps what writers see.
 */
export interface ItemDraft {
  public: boolean;
  fields: Record<string, unknown>;
  at: string;
  actor: VersionActor;
  /** The open request it is in, if any. */
  requestId: string | null;
  /** Whether the item was published before this draft (its status is then `changed`, else `draft`). */
  published: boolean;
}

/** A draft an approval publishes: the item's values and flag from now on. */
export interface DraftToPublish {
  itemId: string;
  public: boolean;
  fields: Record<string, unknown>;
}

export type RequestState = 'open' | 'approved' | 'declined';

export interface RequestItem {
  modelId: string;
  itemId: string;
}

/** A request to review and publish items' drafts. */
export interface ReviewRequest {
  id: string;
  projectId: string;
  title: string;
  items: RequestItem[];
  /** User ids of the members asked to review it. */
  reviewers: string[];
  state: RequestState;
  createdBy: VersionActor;
  createdAt: string;
  closedBy: VersionActor | null;
  closedAt: string | null;
  comment: string | null;
}

/** How a request is closed. */
export interface RequestClose {
  state: 'approved' | 'declined';
  by: VersionActor;
  at: string;
  comment: string | null;
}

/**
 * Drafts and review requests. A model with `review` keeps its items' writes as drafts:
 * `insertItems` records a new item hidden (not public) with a draft; `putDraft` keeps a later write.
 */
export interface ReviewStore {
  getDraft(modelId: string, itemId: string): Promise<ItemDraft | undefined>;
  /** Which of these items of a model exist: a request's check, one query for the lot. */
  existing(modelId: string, itemIds: string[]): Promise<Set<string>>;
  /**
   * The items of a model whose draft is in no open request, in id order, at most `limit`: what a
   * request's `{"model","drafts":"all"}` stands for.
   */
  freeDrafts(modelId: string, limit: number): Promise<string[]>;
  /** The drafts of some items of a model, by item id (a listing's statuses). */
  draftsOf(modelId: string, itemIds: string[]): Promise<Map<string, ItemDraft>>;
  /**
   * Keeps a write of an item as its draft, and a version of it, in one transaction; the draft stays
   * in the request it was in. Undefined when the item is gone.
   */
  putDraft(
    modelId: string,
    itemId: string,
    values: { public: boolean; fields: Record<string, unknown> },
    at: string,
    actor: VersionActor,
  ): Promise<ItemDraft | undefined>;
  /**
   * Opens a request over items with drafts, checked and marked a model at a time (not an item per
   * round trip). Throws StoreConflictError naming an item that has no draft or is in another open request.
   */
  openRequest(request: ReviewRequest): Promise<ReviewRequest>;
  getRequest(projectId: string, id: string): Promise<ReviewRequest | undefined>;
  /** A project's requests, newest first; of one state when given. */
  listRequests(projectId: string, state: RequestState | undefined, limit: number): Promise<ReviewRequest[]>;
  /**
   * Closes an open request. Approved: every item's draft becomes its published values at once (one
   * transaction; each a write of the item, with its version and webhook events); declined: the
   * drafts leave the request. Throws StoreConflictError when the request is not open; undefined when
   * there is none.
   */
  closeRequest(projectId: string, id: string, close: RequestClose): Promise<ReviewRequest | undefined>;
  /**
   * Writes drafts and requests as a project import carries them (docs/operations.md), as they are
   * (no version, no check of state), in one transaction.
   */
  restore(drafts: RestoredDraft[], requests: ReviewRequest[]): Promise<void>;
}

/** A draft as a project import writes it. */
export interface RestoredDraft {
  modelId: string;
  itemId: string;
  draft: ItemDraft;
}
