import { Check, type IconNode, Plus, X } from 'lucide';
import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@orbis/content-model';
import { h, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { CopyField } from '../../ui/copy-field.js';
import { errorText } from '../../ui/error-text.js';
import { Checkbox, Field } from '../../ui/field.js';
import { t } from '../../ui/i18n.js';
import type { Permissions } from '../state/permissions.js';
import type { ContentApi, WebhookRecord } from '../api/content-api.js';

/** A webhook just registered: its secret, shown this once, to copy into the receiver. */
function Secret({ url, secret }: { url: string; secret: string }) {
  return h(
    'div',
    { 'data-testid': 'webhook-secret' },
    h('p', {}, t('workflow.webhookSecret', { url })),
    h(CopyField, {
      value: secret,
      label: t('workflow.webhookSecretLabel'),
      copyLabel: t('tokens.copy'),
      copied: t('tokens.copied'),
      testid: 'webhook-secret-value',
    }),
  );
}

/** What a webhook form sends: the address and the events, in the order the contract lists them. */
export interface WebhookChange {
  url: string;
  triggers: WebhookTrigger[];
}

interface FormProps {
  /** What the form starts with: a new webhook's defaults, or the webhook being changed. */
  start: WebhookChange;
  /** Sends the change; what it throws is said under the form, and what was typed stays. */
  send: (change: WebhookChange) => Promise<void>;
  /** The submit button: its label, icon and test id. */
  submit: { label: string; icon: IconNode; testid: string };
  guard: Record<string, unknown>;
  /** Empties the address once sent (a new webhook's form). */
  clearOnSend?: boolean;
  /** The edit form's own test ids are prefixed, so that the new webhook's form keeps its own. */
  testid?: string;
  children?: ComponentChildren;
}

/** A webhook's address and the events it is told of, for a new webhook or a change of one. */
function WebhookFields({ start, send, submit, guard, clearOnSend, testid = 'webhook', children }: FormProps) {
  const [url, setUrl] = useState(start.url);
  const [triggers, setTriggers] = useState<ReadonlySet<WebhookTrigger>>(new Set(start.triggers));
  const [message, setMessage] = useState('');
  const go = async (e: Event) => {
    e.preventDefault();
    setMessage('');
    try {
      await send({ url: url.trim(), triggers: WEBHOOK_TRIGGERS.filter((trigger) => triggers.has(trigger)) });
      if (clearOnSend) setUrl('');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const toggle = (trigger: WebhookTrigger) => (on: boolean) => setTriggers((was) => new Set(on ? [...was, trigger] : [...was].filter((x) => x !== trigger)));
  return h(
    'form',
    { class: 'webhook-form', 'data-testid': `${testid}-form`, onSubmit: (e: Event) => void go(e) },
    h(
      Field,
      { label: t('workflow.webhookUrl') },
      h('input', {
        class: 'input',
        type: 'url',
        required: true,
        value: url,
        placeholder: 'https://hooks.example.org/orbis',
        'data-testid': `${testid}-url`,
        ...guard,
        onInput: (e: Event) => setUrl((e.currentTarget as HTMLInputElement).value),
      }),
    ),
    h(
      'fieldset',
      { class: 'token-projects' },
      h('legend', {}, t('workflow.webhookTriggers')),
      WEBHOOK_TRIGGERS.map((trigger) =>
        h(Checkbox, {
          key: trigger,
          label: trigger,
          checked: triggers.has(trigger),
          onChange: toggle(trigger),
          testid: `${testid}-trigger-${trigger}`,
          ...guard,
        }),
      ),
    ),
    h('div', { class: 'row' }, h(Button, { ...submit, type: 'submit', ...guard }), children),
    h('p', { class: 'hint', role: 'alert', 'data-testid': `${testid}-message` }, message),
  );
}

/**
 * Registering a webhook (docs/content-workflow.md, "Webhooks"): its address and the events it is
 * told of. A refused address (a private one, unless the operator allows them) is said as the
 * server says it, and what was typed stays. `added` is told once it is registered.
 */
export function WebhookForm({ api, can, added }: { api: ContentApi; can: Permissions; added: () => void }) {
  const [made, setMade] = useState<{ url: string; secret: string } | undefined>(undefined);
  const send = async ({ url, triggers }: WebhookChange) => {
    const hook = await api.createWebhook(url, triggers);
    setMade({ url: hook.url, secret: hook.secret });
    added();
  };
  return h(
    'div',
    {},
    h(WebhookFields, {
      start: { url: '', triggers: ['item.publish', 'item.unpublish'] },
      send,
      submit: { label: t('workflow.addWebhook'), icon: Plus, testid: 'add-webhook' },
      guard: can.guardProps('webhook.create', t('workflow.addingWebhook')),
      clearOnSend: true,
    }),
    made && h(Secret, made),
  );
}

/**
 * Changing a webhook in place: its address and events (its secret, state and deliveries stay).
 * The same rules as a new one's; `done` is told once it is changed or given up.
 */
export function WebhookEditForm({ api, can, hook, done }: { api: ContentApi; can: Permissions; hook: WebhookRecord; done: (changed: boolean) => void }) {
  const send = async (change: WebhookChange) => {
    await api.changeWebhook(hook.id, change);
    done(true);
  };
  return h(
    WebhookFields,
    {
      start: { url: hook.url, triggers: WEBHOOK_TRIGGERS.filter((trigger) => hook.triggers.includes(trigger)) },
      send,
      submit: { label: t('workflow.saveWebhook'), icon: Check, testid: 'webhook-edit-save' },
      guard: can.guardProps('webhook.update', t('workflow.changingWebhook')),
      testid: 'webhook-edit',
    },
    h(Button, { label: t('workflow.cancelWebhookEdit'), icon: X, variant: 'ghost', testid: 'webhook-edit-cancel', onClick: () => done(false) }),
  );
}
