import type { Field } from './field.js';

/** A content model as the management API answers it. */
export interface ModelRecord {
  id: string;
  key: string;
  name: string;
  public: boolean;
  fields: Field[];
  itemCount: number;
  publicItemCount: number;
  createdAt: string;
  updatedAt: string;
}

/** An item as the management API answers it: its id, its values by field key, its flag and timestamps. */
export type ItemRecord = { id: string; public: boolean; createdAt: string; updatedAt: string } & Record<string, unknown>;

/** A page of items (docs/contract.md §2's envelope, page mode). */
export interface ItemPage {
  results: ItemRecord[];
  totalCount: number;
  hasMore: boolean;
  page: number;
  limit: number;
}
