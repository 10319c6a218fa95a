import type { WebhookRecord, WebhookTrigger } from '@orbis/content-model';
import { ApiError } from './management-api.js';

/**
 * Registering, pausing and deleting a project's webhooks (docs/content-workflow.md, "Webhooks"),
 * with the editor's credentials. Reading them and their deliveries is `ContentApi`'s.
 */
export class WebhookApi {
  constructor(
    readonly project: string,
    private readonly authHeader: Record<string, string>,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`/api/projects/${encodeURIComponent(this.project)}/webhooks${path}`, {
      method,
      headers: { ...this.authHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 204) return undefined as T;
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return json as T;
  }

  /** Registers a webhook: the answer is the only one that shows its secret. */
  create(url: string, triggers: WebhookTrigger[]): Promise<WebhookRecord & { secret: string }> {
    return this.call('POST', '', { url, triggers });
  }

  /** Pauses a webhook (an inactive one is told nothing) or starts it again. */
  setActive(id: string, active: boolean): Promise<WebhookRecord> {
    return this.call('PATCH', `/${encodeURIComponent(id)}`, { active });
  }

  /** Deletes a webhook with its deliveries, sent or not. */
  async remove(id: string): Promise<void> {
    await this.call('DELETE', `/${encodeURIComponent(id)}`);
  }
}
