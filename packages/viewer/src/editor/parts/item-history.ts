import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { formatDate, t } from '../../ui/i18n.js';
import type { ContentApi, ItemRecord, ItemVersionRecord, ModelRecord } from '../api/content-api.js';

/** A value as one cell of the diff: JSON for lists, objects and geometries, '' for none. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A version against the current item, field by field: each field's name, its value in the version and now. */
export function diffRows(model: ModelRecord, version: ItemVersionRecord, current: ItemRecord): (readonly [string, string, string])[] {
  return [
    ...model.fields.map((f) => [f.name ?? f.key, shown(version.fields[f.key]), shown(current[f.key])] as const),
    [t('content.public'), String(version.public), String(current.public)] as const,
  ];
}

/**
 * A version against the current item, the rows that differ marked (`data-changed`). Fields are
 * few and flat, so a table says it all.
 */
function VersionDiff({ model, version, current }: { model: ModelRecord; version: ItemVersionRecord; current: ItemRecord }) {
  return h(
    'table',
    { class: 'items version-diff', 'data-testid': 'version-diff' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, t('workflow.field')), h('th', {}, t('workflow.version', { version: version.version })), h('th', {}, t('workflow.current'))),
    ),
    h(
      'tbody',
      {},
      diffRows(model, version, current).map(([name, then, now]) =>
        h('tr', { key: name, 'data-changed': then !== now ? 'true' : undefined }, h('td', {}, name), h('td', {}, then), h('td', {}, now)),
      ),
    ),
  );
}

interface Props {
  api: ContentApi;
  model: ModelRecord;
  current: ItemRecord;
  /** Told once a restore is made. */
  restored: () => void;
  canWrite: boolean;
}

/**
 * An item's versions (docs/content-workflow.md, "Versions"), newest first, read when opened: who
 * and when, a diff of one against the current item, and restoring one (a new version; in a model
 * that requires review, a draft).
 */
export function ItemHistory({ api, model, current, restored, canWrite }: Props) {
  const [versions, setVersions] = useState<ItemVersionRecord[] | undefined>(undefined);
  const [compared, setCompared] = useState<ItemVersionRecord | undefined>(undefined);
  const onToggle = (e: Event) => {
    if ((e.currentTarget as HTMLDetailsElement).open && !versions) void api.versions(model.key, current.id).then(setVersions);
  };
  return h(
    'details',
    { class: 'item-history', 'data-testid': 'item-history', onToggle },
    h('summary', {}, t('workflow.history')),
    h(
      'ol',
      { class: 'versions', 'data-testid': 'versions' },
      versions?.map((v) =>
        h(
          'li',
          { key: v.version, 'data-testid': 'version-row' },
          h('span', {}, `v${v.version} · ${formatDate(v.at, { dateStyle: 'medium', timeStyle: 'short' })} · ${v.actor.email ?? v.actor.type} `),
          h(Button, { label: t('workflow.compare'), variant: 'ghost', testid: 'compare-version', onClick: () => setCompared(v) }),
          canWrite &&
            h(Button, {
              label: t('workflow.restore'),
              variant: 'ghost',
              testid: 'restore-version',
              onClick: () => void api.restoreVersion(model.key, current.id, v.version).then(restored),
            }),
        ),
      ),
    ),
    h('div', {}, compared && h(VersionDiff, { model, version: compared, current })),
  );
}
