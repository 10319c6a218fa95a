import type pg from 'pg';
import type { WebhookEvent } from '../webhook-event.js';
import { DELIVERY_COLUMNS, type DeliveryRow, toDelivery, toWebhook, type WebhookRow } from '../webhook-rows.js';
import type { ClaimedDelivery, DeliveryOutcome, Webhook, WebhookDelivery, WebhookPatch, WebhookStore } from '../webhook-store.js';
import type { Transaction } from './transaction.js';

type Row = WebhookRow<Date, boolean>;
type Delivery = DeliveryRow<Date>;
const time = (t: Date) => t.toISOString();
const asWebhook = (row: Row) => toWebhook(row, time, (b: boolean) => b);
const asDelivery = (row: Delivery) => toDelivery(row, time);

/** The PostgreSQL store's webhooks and outbox (docs/content-workflow.md, "Webhooks"), shared by every process. */
export class PostgresWebhooks implements WebhookStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
  ) {}

  /** Adds the outbox rows of events of a project, one per active webhook whose triggers name it; call inside the change's transaction. */
  async enqueue(client: pg.PoolClient, projectId: string, events: WebhookEvent[], at: string): Promise<void> {
    if (events.length === 0) return;
    await client.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, type, payload, status, attempts, next_at, created_at)
       SELECT e.id, w.id, e.type, e.payload, 'pending', 0, $2, $2
       FROM unnest($3::text[], $4::text[], $5::text[]) AS e(id, type, payload)
       JOIN webhooks w ON w.project_id = $1 AND w.active AND position(('"' || e.type || '"') IN w.triggers) > 0`,
      [projectId, at, events.map((e) => e.id), events.map((e) => e.type), events.map((e) => e.payload)],
    );
  }

  async create(hook: Webhook): Promise<Webhook> {
    await this.pool.query(
      'INSERT INTO webhooks (id, project_id, url, triggers, active, secret, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [hook.id, hook.projectId, hook.url, JSON.stringify(hook.triggers), hook.active, hook.secret, hook.createdAt, hook.updatedAt],
    );
    return hook;
  }

  async list(projectId: string): Promise<Webhook[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM webhooks WHERE project_id = $1 ORDER BY created_at, id', [projectId]);
    return rows.map(asWebhook);
  }

  async get(projectId: string, id: string): Promise<Webhook | undefined> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM webhooks WHERE project_id = $1 AND id = $2', [projectId, id]);
    return rows[0] && asWebhook(rows[0]);
  }

  async update(projectId: string, id: string, patch: WebhookPatch): Promise<Webhook | undefined> {
    const { rows } = await this.pool.query<Row>(
      'UPDATE webhooks SET url = coalesce($3, url), triggers = coalesce($4, triggers), active = coalesce($5, active), updated_at = $6 WHERE project_id = $1 AND id = $2 RETURNING *',
      [projectId, id, patch.url ?? null, patch.triggers ? JSON.stringify(patch.triggers) : null, patch.active ?? null, patch.updatedAt],
    );
    return rows[0] && asWebhook(rows[0]);
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM webhooks WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }

  async listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    const { rows } = await this.pool.query<Delivery>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [webhookId, limit],
    );
    return rows.map(asDelivery);
  }

  /** Rows another process is claiming are skipped (SKIP LOCKED): each due delivery goes to one process. */
  async claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<Delivery & { url: string; secret: string }>(
        `WITH due AS (
           SELECT d.webhook_id, d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
           WHERE d.status = 'pending' AND d.next_at <= $1 AND w.active ORDER BY d.next_at LIMIT $3 FOR UPDATE OF d SKIP LOCKED
         )
         UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_at = $2 FROM due, webhooks w
         WHERE d.webhook_id = due.webhook_id AND d.id = due.id AND w.id = d.webhook_id
         RETURNING d.id, d.webhook_id, d.type, d.payload, d.status, d.attempts, d.next_at, d.last_code, d.last_error, d.last_at, d.created_at, w.url, w.secret`,
        [now, leaseUntil, limit],
      );
      return rows.map((r) => ({ ...asDelivery(r), url: r.url, secret: r.secret }));
    });
  }

  async finish(webhookId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.pool.query(
      'UPDATE webhook_deliveries SET status = $3, last_code = $4, last_error = $5, last_at = $6, next_at = $7 WHERE webhook_id = $1 AND id = $2',
      [webhookId, id, outcome.nextAt ? 'pending' : outcome.status, outcome.code, outcome.error, outcome.at, outcome.nextAt],
    );
  }

  async prune(before: string): Promise<number> {
    const { rowCount } = await this.pool.query("DELETE FROM webhook_deliveries WHERE status != 'pending' AND created_at < $1", [before]);
    return rowCount ?? 0;
  }
}
