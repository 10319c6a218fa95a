/** The field types of docs/contract.md §10, and those §16 adds (`checkbox`, `tag`, `reference`, `richtext`, `group`). */
export const FIELD_TYPES = [
  'text',
  'textArea',
  'markdown',
  'integer',
  'number',
  'bool',
  'date',
  'select',
  'url',
  'asset',
  'geometry',
  'checkbox',
  'tag',
  'reference',
  'richtext',
  'group',
] as const;

/** The types a `group`'s own fields may have: values kept as they are (no asset, reference, geometry or group inside). */
export const GROUP_MEMBER_TYPES: readonly FieldType[] = [
  'text',
  'textArea',
  'markdown',
  'integer',
  'number',
  'bool',
  'date',
  'select',
  'url',
  'checkbox',
  'tag',
  'richtext',
];
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
  /** A `group`'s own fields (of GROUP_MEMBER_TYPES): its value is an object of theirs (with `multiple`, a list of them). */
  fields?: Field[];
}
