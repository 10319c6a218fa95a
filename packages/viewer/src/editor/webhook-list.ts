import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import type { ContentApi, WebhookDeliveryRecord, WebhookRecord } from './content-api.js';

/** How many of a webhook's recent deliveries are shown. */
const SHOWN = 5;

function delivery(d: WebhookDeliveryRecord): HTMLElement {
  const answer = d.statusCode !== null ? String(d.statusCode) : (d.error ?? '—');
  return h('li', { 'data-testid': 'delivery-row', 'data-status': d.status }, `${d.type} · ${d.status} · ${answer} · ${d.attemptedAt ? new Date(d.attemptedAt).toLocaleString() : t('workflow.notTried')}`);
}

/**
 * The project's webhooks and each one's recent deliveries with their answers (docs/content-workflow.md,
 * "Webhooks"), read when opened. Registering one is an API call (its secret is shown once there).
 */
export function webhookList(api: ContentApi): HTMLElement {
  const list = h('ul', { class: 'webhooks', 'data-testid': 'webhooks' });
  const root = h('details', { class: 'webhook-list', 'data-testid': 'webhook-list' }, h('summary', {}, t('workflow.webhooks')), list);
  const row = async (hook: WebhookRecord) =>
    h('li', { 'data-testid': 'webhook-row' }, h('div', {}, `${hook.active ? '' : `${t('workflow.inactive')} `}${hook.url} — ${hook.triggers.join(', ')}`), h('ul', {}, ...(await api.deliveries(hook.id)).slice(0, SHOWN).map(delivery)));
  root.addEventListener('toggle', () => {
    if (!root.open) return;
    void api.webhooks().then(async (hooks) => list.replaceChildren(...(hooks.length === 0 ? [h('li', { class: 'hint' }, t('workflow.noWebhooks'))] : await Promise.all(hooks.map(row)))), () => undefined);
  });
  return root;
}
