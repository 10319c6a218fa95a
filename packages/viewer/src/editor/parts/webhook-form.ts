import { Plus } from 'lucide';
import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@orbis/content-model';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { CopyField } from '../../ui/copy-field.js';
import { errorText } from '../../ui/error-text.js';
import { Checkbox, Field } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import type { Permissions } from '../state/permissions.js';
import type { ContentApi } from '../api/content-api.js';

/** A webhook just registered: its secret, shown this once, to copy into the receiver. */
function Secret({ url, secret }: { url: string; secret: string }) {
  return h(
    'div',
    { 'data-testid': 'webhook-secret' },
    h('p', {}, t('workflow.webhookSecret', { url })),
    h(CopyField, { value: secret, label: t('workflow.webhookSecretLabel'), copyLabel: t('tokens.copy'), copied: t('tokens.copied'), testid: 'webhook-secret-value' }),
  );
}

/**
 * Registering a webhook (docs/content-workflow.md, "Webhooks"): its address and the events it is
 * told of. A refused address (a private one, unless the operator allows them) is said as the
 * server says it, and what was typed stays. `added` is told once it is registered.
 */
export function WebhookForm({ api, can, added }: { api: ContentApi; can: Permissions; added: () => void }) {
  const [url, setUrl] = useState('');
  const [triggers, setTriggers] = useState<ReadonlySet<WebhookTrigger>>(new Set(['item.publish', 'item.unpublish']));
  const [message, setMessage] = useState('');
  const [made, setMade] = useState<{ url: string; secret: string } | undefined>(undefined);
  const guard = can.guardProps('webhook.create', t('workflow.addingWebhook'));
  const add = async (e: Event) => {
    e.preventDefault();
    setMessage('');
    try {
      const hook = await api.createWebhook(url.trim(), WEBHOOK_TRIGGERS.filter((trigger) => triggers.has(trigger)));
      setMade({ url: hook.url, secret: hook.secret });
      setUrl('');
      added();
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const toggle = (trigger: WebhookTrigger) => (on: boolean) => setTriggers((was) => new Set(on ? [...was, trigger] : [...was].filter((x) => x !== trigger)));
  return h(
    'form',
    { class: 'webhook-form', 'data-testid': 'webhook-form', onSubmit: (e: Event) => void add(e) },
    h(Field, { label: t('workflow.webhookUrl') }, h('input', { class: 'input', type: 'url', required: true, value: url, placeholder: 'https://hooks.example.org/orbis', 'data-testid': 'webhook-url', ...guard, onInput: (e: Event) => setUrl((e.currentTarget as HTMLInputElement).value) })),
    h(
      'fieldset',
      { class: 'token-projects' },
      h('legend', {}, t('workflow.webhookTriggers')),
      WEBHOOK_TRIGGERS.map((trigger) => h(Checkbox, { key: trigger, label: trigger, checked: triggers.has(trigger), onChange: toggle(trigger), testid: `webhook-trigger-${trigger}`, ...guard })),
    ),
    h(Button, { label: t('workflow.addWebhook'), icon: Plus, type: 'submit', testid: 'add-webhook', ...guard }),
    h('p', { class: 'hint', role: 'alert', 'data-testid': 'webhook-message' }, message),
    made && h(Secret, made),
  );
}
