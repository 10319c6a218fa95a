import { Pause, Pencil, Play, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { formatDate, t } from '../../ui/i18n.js';
import { toastError } from '../../ui/toast.js';
import type { ContentApi, WebhookDeliveryRecord, WebhookRecord } from '../api/content-api.js';
import type { Permissions } from '../state/permissions.js';
import { WebhookEditForm, WebhookForm } from './webhook-form.js';

/** How many of a webhook's recent deliveries are shown. */
const SHOWN = 5;

/** A delivery in one line: its event, its state, the answer (a status code or an error), and when. */
export function deliveryText(d: WebhookDeliveryRecord): string {
  const answer = d.statusCode !== null ? String(d.statusCode) : (d.error ?? '—');
  return `${d.type} · ${d.status} · ${answer} · ${d.attemptedAt ? formatDate(d.attemptedAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('workflow.notTried')}`;
}

type Hook = WebhookRecord & { deliveries: WebhookDeliveryRecord[] };

interface RowProps {
  hook: Hook;
  api: ContentApi;
  can: Permissions;
  changed: () => void;
}

/** A webhook: its address and events (changed in place), paused or started again, deleted, and its recent deliveries. */
function WebhookRow({ hook, api, can, changed }: RowProps) {
  const [editing, setEditing] = useState(false);
  const pause = () => void api.setWebhookActive(hook.id, !hook.active).then(changed, (err: unknown) => toastError(t('workflow.couldNotChangeWebhook'), err));
  const remove = () => {
    if (!confirm(t('workflow.deleteWebhookConfirm', { url: hook.url }))) return;
    void api.removeWebhook(hook.id).then(changed, (err: unknown) => toastError(t('workflow.couldNotChangeWebhook'), err));
  };
  return h(
    'li',
    { 'data-testid': 'webhook-row', 'data-active': String(hook.active) },
    h('div', {}, `${hook.active ? '' : `${t('workflow.inactive')} `}${hook.url} — ${hook.triggers.join(', ')}`),
    editing &&
      h(WebhookEditForm, {
        api,
        can,
        hook,
        done: (wasChanged) => {
          setEditing(false);
          if (wasChanged) changed();
        },
      }),
    h(
      'div',
      { class: 'row' },
      h(Button, {
        label: t('workflow.editWebhook', { url: hook.url }),
        icon: Pencil,
        iconOnly: true,
        variant: 'ghost',
        testid: 'webhook-edit',
        ...can.guardProps('webhook.update', t('workflow.changingWebhook')),
        onClick: () => setEditing(!editing),
      }),
      h(Button, {
        label: hook.active ? t('workflow.pauseWebhook') : t('workflow.resumeWebhook'),
        icon: hook.active ? Pause : Play,
        variant: 'ghost',
        testid: 'webhook-pause',
        ...can.guardProps('webhook.update', t('workflow.changingWebhook')),
        onClick: pause,
      }),
      h(Button, {
        label: t('workflow.deleteWebhook', { url: hook.url }),
        icon: Trash2,
        iconOnly: true,
        variant: 'ghost',
        testid: 'webhook-delete',
        ...can.guardProps('webhook.delete', t('workflow.changingWebhook')),
        onClick: remove,
      }),
    ),
    h(
      'ul',
      {},
      hook.deliveries.map((d) => h('li', { key: d.id, 'data-testid': 'delivery-row', 'data-status': d.status }, deliveryText(d))),
    ),
  );
}

/**
 * The project's webhooks and each one's recent deliveries with their answers (docs/content-workflow.md,
 * "Webhooks"), read each time it is opened and after each change; a maintainer adds, changes,
 * pauses and deletes them here (the secret of a new one is shown once).
 */
export function WebhookList({ api, can }: { api: ContentApi; can: Permissions }) {
  const [list, setList] = useState<Hook[] | undefined>(undefined);
  const read = () =>
    void api
      .webhooks()
      .then((all) => Promise.all(all.map(async (hook) => ({ ...hook, deliveries: (await api.deliveries(hook.id)).slice(0, SHOWN) }))))
      .then(setList, () => undefined);
  return h(
    'details',
    { class: 'webhook-list', 'data-testid': 'webhook-list', onToggle: (e: Event) => (e.currentTarget as HTMLDetailsElement).open && read() },
    h('summary', {}, t('workflow.webhooks')),
    h(
      'ul',
      { class: 'webhooks', 'data-testid': 'webhooks' },
      list?.length === 0 && h('li', { class: 'hint' }, t('workflow.noWebhooks')),
      list?.map((hook) => h(WebhookRow, { key: hook.id, hook, api, can, changed: read })),
    ),
    h(WebhookForm, { api, can, added: read }),
  );
}
