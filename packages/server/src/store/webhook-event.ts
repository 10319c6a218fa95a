import { newId } from '../records/ids.js';
import type { Asset, Item } from './store.js';
import type { WebhookTrigger } from '@orbis/contract';

/** An event the outbox holds (docs/content-workflow.md, "Webhooks"): its id and the body every webhook gets. */
export interface WebhookEvent {
  id: string;
  type: WebhookTrigger;
  payload: string;
}

/** A new event: `{"type","timestamp","data"}` (Standard Webhooks' body), with an id `msg_…`. */
export function webhookEvent(type: WebhookTrigger, timestamp: string, data: unknown): WebhookEvent {
  return { id: `msg_${newId()}`, type, payload: JSON.stringify({ type, timestamp, data }) };
}

/** What an item event says: the model's key and the item as it is after the change (before a delete). */
export function itemEventData(modelKey: string, item: Pick<Item, 'id' | 'public' | 'fields' | 'createdAt' | 'updatedAt'>): unknown {
  return { model: modelKey, item: { id: item.id, public: item.public, fields: item.fields, createdAt: item.createdAt, updatedAt: item.updatedAt } };
}

/** What an asset event says: the asset's record, without where its bytes are stored. */
export function assetEventData(asset: Asset): unknown {
  return {
    asset: {
      id: asset.id,
      name: asset.name,
      contentType: asset.contentType,
      size: asset.size,
      public: asset.public,
      createdAt: asset.createdAt,
      updatedAt: asset.updatedAt,
    },
  };
}

/** The events of an item's update: `item.update`, and `item.publish` or `item.unpublish` when its flag turned. */
export function itemUpdateEvents(modelKey: string, before: Pick<Item, 'public'>, after: Item): WebhookEvent[] {
  const data = itemEventData(modelKey, after);
  const events = [webhookEvent('item.update', after.updatedAt, data)];
  if (before.public !== after.public) events.push(webhookEvent(after.public ? 'item.publish' : 'item.unpublish', after.updatedAt, data));
  return events;
}
