import { button } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import type { ContentApi, ItemRecord, ItemVersionRecord, ModelRecord } from './content-api.js';

/** A value as one cell of the diff: JSON for lists, objects and geometries, '' for none. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A version against the current item, field by field: each field's value in the version and now,
 * the rows that differ marked (`data-changed`). Fields are few and flat, so a table says it all.
 */
export function versionDiff(model: ModelRecord, version: ItemVersionRecord, current: ItemRecord): HTMLElement {
  const rows = [...model.fields.map((f) => [f.name ?? f.key, shown(version.fields[f.key]), shown(current[f.key])] as const), [t('content.public'), String(version.public), String(current.public)] as const];
  return h('table', { class: 'items version-diff', 'data-testid': 'version-diff' },
    h('thead', {}, h('tr', {}, h('th', {}, t('workflow.field')), h('th', {}, t('workflow.version', { version: version.version })), h('th', {}, t('workflow.current')))),
    h('tbody', {}, ...rows.map(([name, then, now]) => h('tr', { 'data-changed': then !== now ? 'true' : undefined }, h('td', {}, name), h('td', {}, then), h('td', {}, now)))),
  );
}

/**
 * An item's versions (docs/content-workflow.md, "Versions"), newest first: who and when, a diff of
 * one against the current item, and restoring one (a new version; in a model that requires review,
 * a draft). `restored` is told once a restore is made.
 */
export function itemHistory(api: ContentApi, model: ModelRecord, current: ItemRecord, restored: () => void, canWrite: boolean): HTMLElement {
  const list = h('ol', { class: 'versions', 'data-testid': 'versions' });
  const diff = h('div', {});
  const root = h('details', { class: 'item-history', 'data-testid': 'item-history' }, h('summary', {}, t('workflow.history')), list, diff);
  root.addEventListener('toggle', () => {
    if (!root.open || list.childElementCount > 0) return;
    void api.versions(model.key, current.id).then((versions) => {
      list.replaceChildren(...versions.map((v) => h('li', { 'data-testid': 'version-row' },
        h('span', {}, `v${v.version} · ${new Date(v.at).toLocaleString()} · ${v.actor.email ?? v.actor.type} `),
        button({ label: t('workflow.compare'), variant: 'ghost', testid: 'compare-version', onClick: () => diff.replaceChildren(versionDiff(model, v, current)) }),
        canWrite ? button({ label: t('workflow.restore'), variant: 'ghost', testid: 'restore-version', onClick: () => void api.restoreVersion(model.key, current.id, v.version).then(restored) }) : undefined,
      )));
    });
  });
  return root;
}
