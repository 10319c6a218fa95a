/** The eleven field types of docs/contract.md §10. */
export const FIELD_TYPES = ['text', 'textArea', 'markdown', 'integer', 'number', 'bool', 'date', 'select', 'url', 'asset', 'geometry'] as const;
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
}
