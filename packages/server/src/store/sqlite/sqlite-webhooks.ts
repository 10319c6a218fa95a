import type Database from 'better-sqlite3';
import type { WebhookEvent } from '../webhook-event.js';
import { DELIVERY_COLUMNS, type DeliveryRow, toDelivery, toWebhook, type WebhookRow } from '../webhook-rows.js';
import type { ClaimedDelivery, DeliveryOutcome, Webhook, WebhookDelivery, WebhookPatch, WebhookStore } from '../webhook-store.js';
import type { WriteGate } from './write-gate.js';

type Row = WebhookRow<string, number>;
type Delivery = DeliveryRow<string>;
const time = (t: string) => t;
const asWebhook = (row: Row) => toWebhook(row, time, (b: number) => b === 1);
const asDelivery = (row: Delivery) => toDelivery(row, time);

/** The SQLite store's webhooks and outbox (docs/content-workflow.md, "Webhooks"). */
export class SqliteWebhooks implements WebhookStore {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly gate: WriteGate,
  ) {
    this.s = {
      insert: db.prepare('INSERT INTO webhooks (id, project_id, url, triggers, active, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      list: db.prepare('SELECT * FROM webhooks WHERE project_id = ? ORDER BY created_at, id'),
      get: db.prepare('SELECT * FROM webhooks WHERE project_id = ? AND id = ?'),
      update: db.prepare('UPDATE webhooks SET url = ?, triggers = ?, active = ?, updated_at = ? WHERE project_id = ? AND id = ?'),
      delete: db.prepare('DELETE FROM webhooks WHERE project_id = ? AND id = ?'),
      active: db.prepare('SELECT id, triggers FROM webhooks WHERE project_id = ? AND active = 1'),
      enqueue: db.prepare(
        "INSERT INTO webhook_deliveries (id, webhook_id, type, payload, status, attempts, next_at, created_at) VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)",
      ),
      deliveries: db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`),
      due: db.prepare(
        `SELECT d.webhook_id, d.id, w.url, w.secret FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.status = 'pending' AND d.next_at <= ? AND w.active = 1 ORDER BY d.next_at LIMIT ?`,
      ),
      claim: db.prepare(`UPDATE webhook_deliveries SET attempts = attempts + 1, next_at = ? WHERE webhook_id = ? AND id = ? RETURNING ${DELIVERY_COLUMNS}`),
      prune: db.prepare("DELETE FROM webhook_deliveries WHERE status != 'pending' AND created_at < ?"),
      finish: db.prepare('UPDATE webhook_deliveries SET status = ?, last_code = ?, last_error = ?, last_at = ?, next_at = ? WHERE webhook_id = ? AND id = ?'),
    };
  }

  /** Adds the outbox rows of events of a project; call inside the change's transaction. */
  enqueue(projectId: string, events: WebhookEvent[], at: string): void {
    if (events.length === 0) return;
    // The project's active webhooks read once, not once per event: an approval tells thousands.
    const hooks = (this.s.active.all(projectId) as { id: string; triggers: string }[]).map((h) => ({ id: h.id, triggers: JSON.parse(h.triggers) as string[] }));
    // One row per active webhook of the project whose triggers name the event.
    for (const e of events) for (const hook of hooks) if (hook.triggers.includes(e.type)) this.s.enqueue.run(e.id, hook.id, e.type, e.payload, at, at);
  }

  async create(hook: Webhook): Promise<Webhook> {
    await this.gate.write(() =>
      this.s.insert.run(hook.id, hook.projectId, hook.url, JSON.stringify(hook.triggers), hook.active ? 1 : 0, hook.secret, hook.createdAt, hook.updatedAt),
    );
    return hook;
  }

  async list(projectId: string): Promise<Webhook[]> {
    return (this.s.list.all(projectId) as Row[]).map(asWebhook);
  }

  async get(projectId: string, id: string): Promise<Webhook | undefined> {
    const row = this.s.get.get(projectId, id) as Row | undefined;
    return row && asWebhook(row);
  }

  async update(projectId: string, id: string, patch: WebhookPatch): Promise<Webhook | undefined> {
    return this.gate.write(() =>
      this.db
        .transaction(() => {
          const row = this.s.get.get(projectId, id) as Row | undefined;
          if (!row) return undefined;
          const before = asWebhook(row);
          const after: Webhook = {
            ...before,
            url: patch.url ?? before.url,
            triggers: patch.triggers ?? before.triggers,
            active: patch.active ?? before.active,
            updatedAt: patch.updatedAt,
          };
          this.s.update.run(after.url, JSON.stringify(after.triggers), after.active ? 1 : 0, after.updatedAt, projectId, id);
          return after;
        })
        .immediate(),
    );
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return this.gate.write(() => this.s.delete.run(projectId, id).changes > 0);
  }

  async listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    return (this.s.deliveries.all(webhookId, limit) as Delivery[]).map(asDelivery);
  }

  async claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    // Nothing due (most polls): answered by a read, which takes no lock, so a long write elsewhere
    // (an import's commit on the import worker's connection) neither holds the poll nor fails it.
    if (this.s.due.all(now, 1).length === 0) return [];
    return this.gate.write(() =>
      this.db
        .transaction(() => {
          const due = this.s.due.all(now, limit) as { webhook_id: string; id: string; url: string; secret: string }[];
          return due.map((d) => ({ ...asDelivery(this.s.claim.get(leaseUntil, d.webhook_id, d.id) as Delivery), url: d.url, secret: d.secret }));
        })
        .immediate(),
    );
  }

  async finish(webhookId: string, id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.gate.write(() =>
      this.s.finish.run(outcome.nextAt ? 'pending' : outcome.status, outcome.code, outcome.error, outcome.at, outcome.nextAt, webhookId, id),
    );
  }

  async prune(before: string): Promise<number> {
    return this.gate.write(() => this.s.prune.run(before).changes);
  }
}
