/** The field types of docs/contract.md §10, and those §16 adds (`checkbox`, `tag`, `reference`). */
export const FIELD_TYPES = ['text', 'textArea', 'markdown', 'integer', 'number', 'bool', 'date', 'select', 'url', 'asset', 'geometry', 'checkbox', 'tag', 'reference'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One typed field of a content model. */
export interface Field {
  key: string;
  type: FieldType;
  name?: string;
  required?: boolean;
  multiple?: boolean;
  /** The allowed values of a `select` field. */
  options?: string[];
  /** The tags a `tag` field may hold (one, or with `multiple` several). */
  values?: string[];
  /** The key of the model (of the same project) whose items a `reference` field names. */
  model?: string;
}
