export { FIELD_TYPES, GROUP_MEMBER_TYPES, type Field, type FieldType } from './field.js';
export type {
  ActorRecord,
  ItemPage,
  ItemRecord,
  ItemStatus,
  ItemVersionRecord,
  ModelRecord,
  ReviewRequestRecord,
  WebhookDeliveryRecord,
  WebhookRecord,
  WebhookTrigger,
} from './records.js';
export { WEBHOOK_TRIGGERS } from './records.js';
