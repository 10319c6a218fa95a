import type { WebhookTrigger } from '@orbis/contract';
import type { Webhook, WebhookDelivery } from './webhook-store.js';

/** A `webhooks` row as a driver reads it: timestamps as `T` (text on SQLite, Date on PostgreSQL), the flag as `B`. */
export interface WebhookRow<T, B> {
  id: string;
  project_id: string;
  url: string;
  triggers: string;
  active: B;
  secret: string;
  created_at: T;
  updated_at: T;
}

/** A `webhook_deliveries` row as a driver reads it, timestamps as `T`. */
export interface DeliveryRow<T> {
  id: string;
  webhook_id: string;
  type: string;
  payload: string;
  status: string;
  attempts: number;
  next_at: T | null;
  last_code: number | null;
  last_error: string | null;
  last_at: T | null;
  created_at: T;
}

export const DELIVERY_COLUMNS = 'id, webhook_id, type, payload, status, attempts, next_at, last_code, last_error, last_at, created_at';

/** A webhook of a row, given how the driver's timestamps and flags read. */
export function toWebhook<T, B>(row: WebhookRow<T, B>, time: (t: T) => string, flag: (b: B) => boolean): Webhook {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    triggers: JSON.parse(row.triggers) as WebhookTrigger[],
    active: flag(row.active),
    secret: row.secret,
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
  };
}

/** A delivery of a row, given how the driver's timestamps read. */
export function toDelivery<T>(row: DeliveryRow<T>, time: (t: T) => string): WebhookDelivery {
  const maybe = (t: T | null) => (t === null ? null : time(t));
  return {
    id: row.id,
    webhookId: row.webhook_id,
    type: row.type as WebhookTrigger,
    payload: row.payload,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    nextAt: maybe(row.next_at),
    lastCode: row.last_code,
    lastError: row.last_error,
    lastAt: maybe(row.last_at),
    createdAt: time(row.created_at),
  };
}
