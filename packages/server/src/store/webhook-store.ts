import type { WebhookTrigger } from '@orbis/content-model';

/** A registered webhook. `secret` (`whsec_…`) signs its deliveries; the API shows it once. */
export interface Webhook {
  id: string;
  projectId: string;
  url: string;
  triggers: WebhookTrigger[];
  active: boolean;
  secret: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookPatch {
  url?: string;
  triggers?: WebhookTrigger[];
  active?: boolean;
  updatedAt: string;
}

/** Where a delivery stands: waiting (first try or a retry), answered with a 2xx, or given up. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event to send to one webhook: a row of the outbox, written in the transaction of the change
 * it tells of. `id` is the event's (`msg_…`), the same for every webhook told of it, and is sent as
 * `webhook-id`: a receiver that sees it twice has seen one event.
 */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  type: WebhookTrigger;
  /** The body sent, `{"type","timestamp","data"}`, as JSON text. */
  payload: string;
  status: DeliveryStatus;
  /** How many tries were started, the one under way included. */
  attempts: number;
  /** When it is tried next (pending), or until when a try under way holds it. */
  nextAt: string | null;
  /** The HTTP status of the last answer; null when none came. */
  lastCode: number | null;
  /** Why the last try failed, when no answer came (a refused address, a timeout). */
  lastError: string | null;
  lastAt: string | null;
  createdAt: string;
}

/** A due delivery handed to the one process that sends it, with where and how. */
export interface ClaimedDelivery extends WebhookDelivery {
  url: string;
  secret: string;
}

/** What a try ended with. `nextAt` set: pending again, tried then; else `status`. */
export interface DeliveryOutcome {
  status: DeliveryStatus;
  code: number | null;
  error: string | null;
  at: string;
  nextAt: string | null;
}

/**
 * Webhooks and their outbox (docs/content-workflow.md, "Webhooks"). The store's item and asset
 * writes add the outbox rows themselves, in their own transactions, one per active webhook of the
 * project whose triggers name the event.
 */
export interface WebhookStore {
  create(hook: Webhook): Promise<Webhook>;
  /** The project's webhooks, oldest first. */
  list(projectId: string): Promise<Webhook[]>;
  get(projectId: string, id: string): Promise<Webhook | undefined>;
  update(projectId: string, id: string, patch: WebhookPatch): Promise<Webhook | undefined>;
  /** Deletes a webhook with its deliveries. */
  delete(projectId: string, id: string): Promise<boolean>;
  /** A webhook's most recent deliveries, newest first. */
  listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]>;
  /**
   * Takes up to `limit` pending deliveries of active webhooks due at `now`, counting a try for each
   * and holding them until `leaseUntil` (their `nextAt`): no other process takes them meanwhile, and
   * one whose sender died is due again then.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Records how a claimed try ended. */
  finish(webhookId: string, id: string, outcome: DeliveryOutcome): Promise<void>;
  /** Deletes the deliveries made before `before` that are done (delivered or given up); how many. */
  prune(before: string): Promise<number>;
}
