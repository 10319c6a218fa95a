import { h } from 'preact';
import { useState } from 'preact/hooks';
import { FIELD_TYPES } from '@orbis/content-model';
import { Button } from '../../ui/button.js';
import { Checkbox, Field, Select } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import { toast } from '../../ui/toast.js';
import type { ContentApi, Field as ModelField, ModelRecord } from '../api/content-api.js';

/** A field of the model being defined, as typed: its key, type, flag and options (a comma-separated list, or a model key). */
export interface FieldRow {
  id: number;
  key: string;
  type: ModelField['type'];
  required: boolean;
  options: string;
}

/** The model's field from its row: select and tag take a list, reference a model key; `undefined` for a row with no key. */
export function fieldOf(row: FieldRow): ModelField | undefined {
  const key = row.key.trim();
  if (key === '') return undefined;
  const list = row.options
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    key,
    type: row.type,
    ...(row.required ? { required: true } : {}),
    ...(row.type === 'select' ? { options: list } : row.type === 'tag' ? { values: list } : {}),
    ...(row.type === 'reference' ? { model: row.options.trim() } : {}),
  };
}

const typed = (e: Event) => (e.currentTarget as HTMLInputElement).value;
const newRow = (id: number): FieldRow => ({ id, key: '', type: 'text', required: false, options: '' });
const TYPE_OPTIONS = () => FIELD_TYPES.map((ft) => [ft, t(`content.fieldTypes.${ft}`)] as const);

function FieldRowView({ row, change }: { row: FieldRow; change: (patch: Partial<FieldRow>) => void }) {
  return h(
    'div',
    { class: 'row field-row' },
    h('input', {
      class: 'input',
      type: 'text',
      value: row.key,
      placeholder: t('content.fieldKeyPlaceholder'),
      'aria-label': t('content.fieldKey'),
      'data-testid': 'field-key',
      onInput: (e: Event) => change({ key: typed(e) }),
    }),
    h(Select, {
      options: TYPE_OPTIONS(),
      value: row.type,
      onChange: (type) => change({ type: type as ModelField['type'] }),
      label: t('content.fieldType'),
      testid: 'field-type',
    }),
    h(Checkbox, { label: t('content.required'), checked: row.required, onChange: (required) => change({ required }) }),
    h('input', {
      class: 'input',
      type: 'text',
      value: row.options,
      placeholder: t('content.optionsPlaceholder'),
      'aria-label': t('content.options'),
      'data-testid': 'field-options',
      onInput: (e: Event) => change({ options: typed(e) }),
    }),
  );
}

/** The form that defines a new model: its key, name, flags and fields, one row per field. */
export function NewModelForm({ api, created }: { api: ContentApi; created: (model: ModelRecord) => void }) {
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [review, setReview] = useState(false);
  const [rows, setRows] = useState<FieldRow[]>([newRow(0)]);
  const [message, setMessage] = useState('');
  const change = (id: number) => (patch: Partial<FieldRow>) => setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const create = async () => {
    const fields = rows.map(fieldOf).filter((f) => f !== undefined);
    try {
      const model = await api.createModel({ key: key.trim(), name: name.trim() || key.trim(), public: isPublic, review, fields });
      toast('success', t('content.modelCreated', { key: model.key }));
      created(model);
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  return h(
    'details',
    { class: 'new-model', 'data-testid': 'new-model' },
    h('summary', {}, t('content.newModel')),
    h(
      Field,
      { label: t('content.key'), hint: t('content.keyHint') },
      h('input', {
        class: 'input',
        type: 'text',
        value: key,
        placeholder: 'shelters',
        'aria-label': t('content.modelKey'),
        'data-testid': 'model-key',
        onInput: (e: Event) => setKey(typed(e)),
      }),
    ),
    h(
      Field,
      { label: t('common.name') },
      h('input', {
        class: 'input',
        type: 'text',
        value: name,
        placeholder: t('content.modelNamePlaceholder'),
        'aria-label': t('content.modelName'),
        'data-testid': 'model-name',
        onInput: (e: Event) => setName(typed(e)),
      }),
    ),
    h(Checkbox, { label: t('content.public'), checked: isPublic, onChange: setPublic }),
    h(Checkbox, { label: t('content.requiresReview'), checked: review, onChange: setReview, testid: 'model-review' }),
    h('h3', {}, t('content.fields')),
    h(
      'div',
      { class: 'field-rows', 'data-testid': 'field-rows' },
      rows.map((row) => h(FieldRowView, { key: row.id, row, change: change(row.id) })),
    ),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('content.addField'), onClick: () => setRows((all) => [...all, newRow(all.length)]) }),
      h(Button, { label: t('content.createModel'), variant: 'primary', onClick: () => void create(), testid: 'create-model' }),
    ),
    h('p', { class: 'hint', role: 'alert', 'data-testid': 'model-message' }, message),
  );
}
