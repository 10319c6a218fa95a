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

/** Who wrote a version or opened a request: the audit log's actor. */
export interface ActorRecord {
  type: 'admin' | 'user' | 'token' | 'system';
  id?: string;
  email?: string;
}

/** One kept version of an item (docs/content-workflow.md, "Versions"). */
export interface ItemVersionRecord {
  version: number;
  at: string;
  actor: ActorRecord;
  public: boolean;
  fields: Record<string, unknown>;
}

/** A review request as the management API answers it (docs/content-workflow.md, "Review"). */
export interface ReviewRequestRecord {
  id: string;
  title: string;
  state: 'open' | 'approved' | 'declined';
  items: { model: string | null; id: string }[];
  reviewers: string[];
  createdBy: ActorRecord;
  createdAt: string;
  closedBy: ActorRecord | null;
  closedAt: string | null;
  comment: string | null;
}

/** The events a webhook may be told of (docs/contract.md §16), Re:Earth CMS's triggers. */
export const WEBHOOK_TRIGGERS = ['item.create', 'item.update', 'item.delete', 'item.publish', 'item.unpublish', 'asset.upload', 'asset.delete'] as const;

export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

/** A webhook as the management API answers it; `secret` only when it is created (docs/content-workflow.md, "Webhooks"). */
export interface WebhookRecord {
  id: string;
  url: string;
  triggers: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
  secret?: string;
}

/** One delivery of a webhook, and how its receiver answered the last try. */
export interface WebhookDeliveryRecord {
  id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  statusCode: number | null;
  error: string | null;
  attemptedAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}
