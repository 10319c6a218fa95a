import { h } from 'preact';
import { Button } from '../../ui/button.js';
import { t } from '../../ui/i18n.js';
import type { ItemPage, ModelRecord } from '../api/content-api.js';

/** A value in one cell of the table: a geometry by its type, other objects as the start of their JSON. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return (value as { type?: string }).type ?? JSON.stringify(value).slice(0, 40);
  return String(value).slice(0, 60);
}

interface Props {
  model: ModelRecord;
  list: ItemPage;
  /** Makes an item public or not. */
  setPublic: (id: string, on: boolean) => void;
  edit: (id: string) => void;
}

/** A page of a model's items, one row per item (keyed by id): its first fields, public flag, review state and an edit button. */
export function ItemsTable({ model, list, setPublic, edit }: Props) {
  const columns = model.fields.slice(0, 3);
  return h(
    'table',
    { class: 'items', 'data-testid': 'items-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        columns.map((c) => h('th', { key: c.key }, c.name ?? c.key)),
        h('th', {}, t('content.public')),
        model.review && h('th', {}, t('workflow.state')),
        h('th', {}, ''),
      ),
    ),
    h(
      'tbody',
      {},
      list.results.map((item) =>
        h(
          'tr',
          { key: item.id, 'data-testid': 'item-row' },
          columns.map((c) => h('td', { key: c.key }, cell(item[c.key]))),
          h(
            'td',
            {},
            h('input', {
              type: 'checkbox',
              checked: item.public,
              'aria-label': t('assets.public'),
              'data-testid': 'row-public',
              onChange: (e: Event) => setPublic(item.id, (e.currentTarget as HTMLInputElement).checked),
            }),
          ),
          // A model that requires review: each item's status (docs/content-workflow.md, "Review").
          item.status && h('td', { 'data-testid': 'row-status', 'data-status': item.status }, t(`workflow.statuses.${item.status}`)),
          h('td', {}, h(Button, { label: t('content.edit'), variant: 'ghost', onClick: () => edit(item.id), testid: 'edit-item' })),
        ),
      ),
    ),
  );
}
