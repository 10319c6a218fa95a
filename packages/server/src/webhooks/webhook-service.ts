import { randomBytes } from 'node:crypto';
import type { WebhookDeliveryRecord, WebhookRecord } from '@orbis/content-model';
import { InputError } from '../input-error.js';
import { newId } from '../records/ids.js';
import type { Project } from '../store/store.js';
import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@orbis/contract';
import type { Webhook, WebhookDelivery, WebhookStore } from '../store/webhook-store.js';
import { checkWebhookUrl } from './webhook-url.js';

/** A webhook as the API answers it: never its secret. */
export function webhookRecord(hook: Webhook): WebhookRecord {
  return { id: hook.id, url: hook.url, triggers: hook.triggers, active: hook.active, createdAt: hook.createdAt, updatedAt: hook.updatedAt };
}

/** A delivery as the API answers it: what was sent, and how the receiver answered its last try. */
export function deliveryRecord(d: WebhookDelivery): WebhookDeliveryRecord {
  return {
    id: d.id,
    type: d.type,
    status: d.status,
    attempts: d.attempts,
    statusCode: d.lastCode,
    error: d.lastError,
    attemptedAt: d.lastAt,
    nextAttemptAt: d.status === 'pending' ? d.nextAt : null,
    createdAt: d.createdAt,
  };
}

function checkTriggers(raw: unknown): WebhookTrigger[] {
  const known: readonly string[] = WEBHOOK_TRIGGERS;
  if (!Array.isArray(raw) || raw.length === 0) throw new InputError('triggers', `"triggers" must be a non-empty list of ${WEBHOOK_TRIGGERS.join(', ')}`);
  for (const t of raw)
    if (typeof t !== 'string' || !known.includes(t))
      throw new InputError('triggers', `"${String(t).slice(0, 40)}" is not a trigger; triggers are ${WEBHOOK_TRIGGERS.join(', ')}`);
  return [...new Set(raw as WebhookTrigger[])];
}

function checkActive(raw: unknown): boolean | undefined {
  if (raw !== undefined && typeof raw !== 'boolean') throw new InputError('active', '"active" must be true or false');
  return raw;
}

/** Webhooks of a project (docs/contract.md §16): their rules, and a new one's secret. */
export class WebhookService {
  constructor(
    private readonly store: WebhookStore,
    /** `ORBIS_WEBHOOK_ALLOW_PRIVATE`: receivers inside the server's network are allowed. */
    readonly allowPrivate: boolean,
  ) {}

  /** Registers a webhook; the answer's `secret` (`whsec_` and 32 random bytes in base64) is the only time it is shown. */
  async create(project: Project, body: Record<string, unknown>): Promise<Webhook> {
    const triggers = checkTriggers(body.triggers);
    const url = await checkWebhookUrl(body.url, this.allowPrivate);
    const now = new Date().toISOString();
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    return this.store.create({
      id: newId(),
      projectId: project.id,
      url,
      triggers,
      active: checkActive(body.active) ?? true,
      secret,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(project: Project, id: string, body: Record<string, unknown>): Promise<Webhook | undefined> {
    const triggers = body.triggers === undefined ? undefined : checkTriggers(body.triggers);
    const url = body.url === undefined ? undefined : await checkWebhookUrl(body.url, this.allowPrivate);
    return this.store.update(project.id, id, { url, triggers, active: checkActive(body.active), updatedAt: new Date().toISOString() });
  }
}
