export { FIELD_TYPES, type Field, type FieldType } from './field.js';
export type { ItemPage, ItemRecord, ItemStatus, ModelRecord } from './records.js';
