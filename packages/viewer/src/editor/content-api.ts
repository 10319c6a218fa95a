import type { Field, ItemPage, ItemRecord, ItemVersionRecord, ModelRecord, ReviewRequestRecord, WebhookDeliveryRecord, WebhookRecord } from '@orbis/content-model';
import { vectorFormatOf } from '@orbis/scene/checks';
import { ApiError } from './management-api.js';
import { t } from '../ui/i18n.js';

export type { Field, ItemPage, ItemRecord, ItemVersionRecord, ModelRecord, ReviewRequestRecord, WebhookDeliveryRecord, WebhookRecord };

/**
 * The content routes of the management API (docs/contract.md §10 and §16): models, items, their
 * versions, review requests and webhooks, with the editor's credentials.
 */
export class ContentApi {
  constructor(
    readonly project: string,
    private readonly authHeader: Record<string, string>,
  ) {}

  private get base(): string {
    return `/api/projects/${encodeURIComponent(this.project)}/models`;
  }

  /** A call to a path under the models (`/…`), or with `project`, under the project. */
  private async call<T>(method: string, path: string, body?: unknown, project = false): Promise<T> {
    const res = await fetch((project ? `/api/projects/${encodeURIComponent(this.project)}` : this.base) + path, {
      method,
      headers: { ...this.authHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 204) return undefined as T;
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return json as T;
  }

  models(): Promise<ModelRecord[]> {
    return this.call('GET', '');
  }

  createModel(model: { key: string; name: string; public: boolean; review?: boolean; fields: Field[] }): Promise<ModelRecord> {
    return this.call('POST', '', model);
  }

  changeModel(key: string, patch: { name?: string; public?: boolean; fields?: Field[] }): Promise<ModelRecord> {
    return this.call('PATCH', `/${key}`, patch);
  }

  deleteModel(key: string): Promise<void> {
    return this.call('DELETE', `/${key}`);
  }

  items(key: string, page: number, limit: number): Promise<ItemPage> {
    return this.call('GET', `/${key}/items?page=${page}&limit=${limit}`);
  }

  createItem(key: string, fields: Record<string, unknown>, isPublic: boolean): Promise<ItemRecord> {
    return this.call('POST', `/${key}/items`, { fields, public: isPublic });
  }

  changeItem(key: string, id: string, patch: { fields?: Record<string, unknown>; public?: boolean }): Promise<ItemRecord> {
    return this.call('PATCH', `/${key}/items/${id}`, patch);
  }

  deleteItem(key: string, id: string): Promise<void> {
    return this.call('DELETE', `/${key}/items/${id}`);
  }

  /**
   * One item as this user sees it, and its version (`ETag`) to save over (docs/collaboration.md,
   * "No lost update"): a writer sees its draft, with its `status` in a model that requires review.
   */
  async itemVersion(key: string, id: string): Promise<{ item: ItemRecord; etag: string }> {
    const res = await fetch(`${this.base}/${key}/items/${id}`, { headers: this.authHeader });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return { item: json as ItemRecord, etag: res.headers.get('etag') ?? '*' };
  }

  /** Changes an item only over version `etag` (If-Match): an ApiError `precondition_failed` when someone saved it since. */
  async changeItemOver(key: string, id: string, patch: { fields?: Record<string, unknown>; public?: boolean }, etag: string): Promise<ItemRecord> {
    const res = await fetch(`${this.base}/${key}/items/${id}`, { method: 'PATCH', headers: { ...this.authHeader, 'content-type': 'application/json', 'if-match': etag }, body: JSON.stringify(patch) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
    return json as ItemRecord;
  }


  /** The item's most recent versions, newest first. */
  async versions(key: string, id: string, limit = 20): Promise<ItemVersionRecord[]> {
    return (await this.call<{ results: ItemVersionRecord[] }>('GET', `/${key}/items/${id}/versions?limit=${limit}`)).results;
  }

  restoreVersion(key: string, id: string, version: number): Promise<ItemRecord> {
    return this.call('POST', `/${key}/items/${id}/versions/${version}/restore`);
  }

  requests(state?: ReviewRequestRecord['state']): Promise<ReviewRequestRecord[]> {
    return this.call('GET', `/requests${state ? `?state=${state}` : ''}`, undefined, true);
  }

  openRequest(body: { title: string; items: { model: string; id: string }[]; reviewers: string[] }): Promise<ReviewRequestRecord> {
    return this.call('POST', '/requests', body, true);
  }

  closeRequest(id: string, verb: 'approve' | 'decline', comment: string): Promise<ReviewRequestRecord> {
    return this.call('POST', `/requests/${id}/${verb}`, comment ? { comment } : {}, true);
  }

  webhooks(): Promise<WebhookRecord[]> {
    return this.call('GET', '/webhooks', undefined, true);
  }

  deliveries(webhookId: string): Promise<WebhookDeliveryRecord[]> {
    return this.call('GET', `/webhooks/${webhookId}/deliveries`, undefined, true);
  }

  /** Imports a file into a model (its type from its name), with upload progress (XHR: fetch has none). */
  importFile(key: string, file: File, isPublic: boolean, onProgress: (fraction: number) => void): Promise<{ created: number }> {
    // A GIS file (shapefile zip, GeoPackage, FlatGeobuf, GeoJSON sequence) goes by its name.
    const gis = vectorFormatOf(file.name) !== undefined;
    const type = gis ? 'application/octet-stream' : /\.csv$/i.test(file.name) ? 'text/csv' : /\.geojson$/i.test(file.name) ? 'application/geo+json' : 'application/json';
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${this.base}/${key}/import?public=${isPublic}`);
      for (const [name, value] of Object.entries(this.authHeader)) xhr.setRequestHeader(name, value);
      xhr.setRequestHeader('content-type', type);
      if (gis) xhr.setRequestHeader('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        const json = JSON.parse(xhr.responseText || '{}');
        if (xhr.status >= 200 && xhr.status < 300) resolve(json);
        else reject(new ApiError(xhr.status, json?.error?.code ?? 'unknown', json?.error?.message ?? t('content.importFailed')));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network', t('errors.network')));
      xhr.send(file);
    });
  }
}
