import type {
  Field,
  ItemPage,
  ItemRecord,
  ItemVersionRecord,
  ModelRecord,
  ReviewRequestRecord,
  WebhookDeliveryRecord,
  WebhookRecord,
  WebhookTrigger,
} from '@orbis/content-model';
import { itemRoutes, modelRoutes, type RequestEntry, requestRoutes, webhookRoutes } from '@orbis/contract';
import { vectorFormatOf } from '@orbis/scene/checks';
import { ApiClient } from './api-client.js';
import { t } from '../../ui/i18n.js';

export type { Field, ItemPage, ItemRecord, ItemVersionRecord, ModelRecord, ReviewRequestRecord, WebhookDeliveryRecord, WebhookRecord };

/**
 * The content routes of the management API (docs/contract.md §10 and §16): models, items, their
 * versions, review requests and webhooks, with the editor's credentials.
 */
export class ContentApi {
  private readonly client: ApiClient;

  constructor(
    readonly project: string,
    authHeader: Record<string, string>,
  ) {
    this.client = new ApiClient(authHeader);
  }

  /** The route parameters that name this project, and with `model` one of its models. */
  private at(): { project: string };
  private at(model: string): { project: string; model: string };
  private at(model?: string) {
    return model === undefined ? { project: this.project } : { project: this.project, model };
  }

  models(): Promise<ModelRecord[]> {
    return this.client.call(modelRoutes.list, { params: this.at() });
  }

  createModel(model: { key: string; name: string; public: boolean; review?: boolean; fields: Field[] }): Promise<ModelRecord> {
    return this.client.call(modelRoutes.create, { params: this.at(), body: model });
  }

  changeModel(key: string, patch: { name?: string; public?: boolean; fields?: Field[] }): Promise<ModelRecord> {
    return this.client.call(modelRoutes.update, { params: this.at(key), body: patch });
  }

  async deleteModel(key: string): Promise<void> {
    await this.client.call(modelRoutes.remove, { params: this.at(key) });
  }

  items(key: string, page: number, limit: number): Promise<ItemPage> {
    return this.client.call(itemRoutes.list, { params: this.at(key), query: { page: String(page), limit: String(limit) } });
  }

  createItem(key: string, fields: Record<string, unknown>, isPublic: boolean): Promise<ItemRecord> {
    return this.client.call(itemRoutes.create, { params: this.at(key), body: { fields, public: isPublic } });
  }

  changeItem(key: string, id: string, patch: { fields?: Record<string, unknown>; public?: boolean }): Promise<ItemRecord> {
    return this.client.call(itemRoutes.update, { params: { ...this.at(key), id }, body: patch });
  }

  async deleteItem(key: string, id: string): Promise<void> {
    await this.client.call(itemRoutes.remove, { params: { ...this.at(key), id } });
  }

  /**
   * One item as this user sees it, and its version (`ETag`) to save over (docs/collaboration.md,
   * "No lost update"): a writer sees its draft, with its `status` in a model that requires review.
   */
  async itemVersion(key: string, id: string): Promise<{ item: ItemRecord; etag: string }> {
    const answer = (await this.client.send(itemRoutes.get, { params: { ...this.at(key), id } }))!;
    return { item: answer.body, etag: answer.etag ?? '*' };
  }

  /** Changes an item only over version `etag` (If-Match): an ApiError `precondition_failed` when someone saved it since. */
  changeItemOver(key: string, id: string, patch: { fields?: Record<string, unknown>; public?: boolean }, etag: string): Promise<ItemRecord> {
    return this.client.call(itemRoutes.update, { params: { ...this.at(key), id }, body: patch, ifMatch: etag });
  }

  /** The item's most recent versions, newest first. */
  async versions(key: string, id: string, limit = 20): Promise<ItemVersionRecord[]> {
    return (await this.client.call(itemRoutes.versions, { params: { ...this.at(key), id }, query: { limit: String(limit) } })).results;
  }

  restoreVersion(key: string, id: string, version: number): Promise<ItemRecord> {
    return this.client.call(itemRoutes.restore, { params: { ...this.at(key), id, version: String(version) } });
  }

  requests(state?: ReviewRequestRecord['state']): Promise<ReviewRequestRecord[]> {
    return this.client.call(requestRoutes.list, { params: this.at(), query: { state } });
  }

  /** Opens a request over items, or every draft of a model (`{model, drafts: 'all'}`) in no open request. */
  openRequest(body: { title: string; items: RequestEntry[]; reviewers: string[] }): Promise<ReviewRequestRecord> {
    return this.client.call(requestRoutes.open, { params: this.at(), body });
  }

  closeRequest(id: string, verb: 'approve' | 'decline', comment: string): Promise<ReviewRequestRecord> {
    return this.client.call(requestRoutes[verb], { params: { ...this.at(), id }, body: comment ? { comment } : {} });
  }

  webhooks(): Promise<WebhookRecord[]> {
    return this.client.call(webhookRoutes.list, { params: this.at() });
  }

  deliveries(webhookId: string): Promise<WebhookDeliveryRecord[]> {
    return this.client.call(webhookRoutes.deliveries, { params: { ...this.at(), id: webhookId } });
  }

  /** Registers a webhook: the answer is the only one that shows its secret. */
  async createWebhook(url: string, triggers: WebhookTrigger[]): Promise<WebhookRecord & { secret: string }> {
    const made = await this.client.call(webhookRoutes.create, { params: this.at(), body: { url, triggers } });
    // The answer that creates a webhook is the one that holds its secret (docs/content-workflow.md).
    return { ...made, secret: made.secret ?? '' };
  }

  /** Pauses a webhook (an inactive one is told nothing) or starts it again. */
  setWebhookActive(id: string, active: boolean): Promise<WebhookRecord> {
    return this.client.call(webhookRoutes.update, { params: { ...this.at(), id }, body: { active } });
  }

  /** Changes a webhook's address and events; its secret and deliveries stay. */
  changeWebhook(id: string, change: { url: string; triggers: WebhookTrigger[] }): Promise<WebhookRecord> {
    return this.client.call(webhookRoutes.update, { params: { ...this.at(), id }, body: change });
  }

  /** Deletes a webhook with its deliveries, sent or not. */
  async removeWebhook(id: string): Promise<void> {
    await this.client.call(webhookRoutes.remove, { params: { ...this.at(), id } });
  }

  /** Imports a file into a model (its type from its name), with upload progress. */
  importFile(key: string, file: File, isPublic: boolean, onProgress: (fraction: number) => void): Promise<{ created: number }> {
    // A GIS file (shapefile zip, GeoPackage, FlatGeobuf, GeoJSON sequence) goes by its name.
    const gis = vectorFormatOf(file.name) !== undefined;
    const type = gis
      ? 'application/octet-stream'
      : /\.csv$/i.test(file.name)
        ? 'text/csv'
        : /\.geojson$/i.test(file.name)
          ? 'application/geo+json'
          : 'application/json';
    const headers: Record<string, string> = { 'content-type': type };
    if (gis) headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`;
    return this.client.upload(
      modelRoutes.import,
      { params: this.at(key), query: { public: isPublic ? 'true' : 'false' }, body: file, headers },
      onProgress,
      t('content.importFailed'),
    );
  }
}
