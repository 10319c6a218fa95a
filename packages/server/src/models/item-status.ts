import type { ItemStatus } from '@orbis/content-model';
import type { ItemDraft } from '../store/review-store.js';
import type { Item } from '../store/store.js';

/** Where an item of a model that requires review stands, by its draft (docs/content-workflow.md, "Review"). */
export function itemStatus(draft: ItemDraft | undefined): ItemStatus {
  if (!draft) return 'published';
  if (draft.requestId) return 'review';
  return draft.published ? 'changed' : 'draft';
}

/** An item with its draft's values: what writers see of it. */
export function withDraft(item: Item, draft: ItemDraft | undefined): Item {
  return draft ? { ...item, public: draft.public, fields: draft.fields, updatedAt: draft.at } : item;
}
