import type { Field } from './field.js';

/** A content model as the management API answers it. */
export interface ModelRecord {
  id: string;
  key: string;
  name: string;
  public: boolean;
  /** Whether item writes are drafts that a request publishes (docs/content-workflow.md, "Review"). */
  review: boolean;
  fields: Field[];
  itemCount: number;
  publicItemCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An item as the management API answers it: its id, its values by field key, its flag and timestamps. */
export type ItemRecord = { id: string; public: boolean; createdAt: string; updatedAt: string; status?: ItemStatus } & Record<string, unknown>;

/**
 * Where an item of a model that requires review stands: `draft` (never published), `review` (its
 * draft is in an open request), `published`, or `changed` (published, with a newer draft).
 */
export type ItemStatus = 'draft' | 'review' | 'published' | 'changed';

/** A page of items (docs/contract.md §2's envelope, page mode). */
export interface ItemPage {
  results: ItemRecord[];
  totalCount: number;
  hasMore: boolean;
  page: number;
  limit: number;
}
