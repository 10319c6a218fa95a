import { h } from 'preact';
import { useState } from 'preact/hooks';
import { formatDate, t } from '../ui/i18n.js';
import type { ContentApi, WebhookDeliveryRecord, WebhookRecord } from './content-api.js';

/** How many of a webhook's recent deliveries are shown. */
const SHOWN = 5;

/** A delivery in one line: its event, its state, the answer (a status code or an error), and when. */
export function deliveryText(d: WebhookDeliveryRecord): string {
  const answer = d.statusCode !== null ? String(d.statusCode) : (d.error ?? '—');
  return `${d.type} · ${d.status} · ${answer} · ${d.attemptedAt ? formatDate(d.attemptedAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('workflow.notTried')}`;
}

type Hook = WebhookRecord & { deliveries: WebhookDeliveryRecord[] };

/**
 * The project's webhooks and each one's recent deliveries with their answers (docs/content-workflow.md,
 * "Webhooks"), read each time it is opened. Registering one is an API call (its secret is shown once there).
 */
export function WebhookList({ api }: { api: ContentApi }) {
  const [hooks, setHooks] = useState<Hook[] | undefined>(undefined);
  const onToggle = (e: Event) => {
    if (!(e.currentTarget as HTMLDetailsElement).open) return;
    void api
      .webhooks()
      .then((list) => Promise.all(list.map(async (hook) => ({ ...hook, deliveries: (await api.deliveries(hook.id)).slice(0, SHOWN) }))))
      .then(setHooks, () => undefined);
  };
  return h(
    'details',
    { class: 'webhook-list', 'data-testid': 'webhook-list', onToggle },
    h('summary', {}, t('workflow.webhooks')),
    h(
      'ul',
      { class: 'webhooks', 'data-testid': 'webhooks' },
      hooks?.length === 0 && h('li', { class: 'hint' }, t('workflow.noWebhooks')),
      hooks?.map((hook) =>
        h(
          'li',
          { key: hook.id, 'data-testid': 'webhook-row' },
          h('div', {}, `${hook.active ? '' : `${t('workflow.inactive')} `}${hook.url} — ${hook.triggers.join(', ')}`),
          h('ul', {}, hook.deliveries.map((d) => h('li', { key: d.id, 'data-testid': 'delivery-row', 'data-status': d.status }, deliveryText(d)))),
        ),
      ),
    ),
  );
}
