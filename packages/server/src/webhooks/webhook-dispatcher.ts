import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { checkedLookup, isInside } from '../net/inside-addresses.js';
import type { ClaimedDelivery, DeliveryOutcome, WebhookStore } from '../store/webhook-store.js';
import { nextTryAt } from './retry-schedule.js';
import { insideAddressMessage } from './webhook-url.js';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../config/serve-config.js';

/** How many due deliveries one claim takes; they are sent at once. */
const BATCH = 16;
/** How long a claimed delivery is held, in receivers' time limits: well past one, so a try still under way is never taken twice. */
const LEASE_TIMEOUTS = 6;
/** How often the outbox is read for due deliveries (a publish is delivered well within 2 s). */
const POLL_MS = 500;
/** How long a delivery that is done (delivered or given up) is kept for its webhook's listing. */
export const KEEP_DONE_MS = 30 * 24 * 3_600_000;
/** How often the deliveries kept past KEEP_DONE_MS are deleted. */
const PRUNE_EVERY_MS = 3_600_000;

/** How a try ended, as the metrics count it. */
export type TryOutcome = 'delivered' | 'retry' | 'failed';

export interface DispatcherOptions {
  /** Whether receivers inside the server's network may be told (`ORBIS_WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  /** How long a receiver has to answer a try (`ORBIS_WEBHOOK_TIMEOUT`; default DEFAULT_WEBHOOK_TIMEOUT_MS, 10 s). A claimed delivery is held six times that (60 s). */
  timeoutMs?: number;
  /** The clock that stamps and schedules tries; the real one unless a test moves its own. */
  now?: () => Date;
  /** Told of each try's end (the deliveries counter of /metrics). */
  onTry?: (outcome: TryOutcome) => void;
  /** Told of a failure of the loop itself (the outbox could not be read, say). */
  onError?: (err: unknown) => void;
}

/** The answer's status, or why none came. */
type Answer = { code: number; error: null } | { code: null; error: string };

/** POSTs one signed body and reads the answer's status only (its body is cut off: a receiver cannot hold the sender); never follows a redirect. */
function post(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ code: null, error: 'not a URL' });
    }
    // A literal address is never looked up, so it is checked here; a name, by `lookup` as it connects.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isInside(literal)) return resolve({ code: null, error: insideAddressMessage(url, literal) });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const lookup = checkedLookup(allowPrivate, (address) => new Error(insideAddressMessage(url, address)));
    const req = send(
      target,
      { method: 'POST', lookup: lookup as never, timeout: timeoutMs, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        resolve({ code: res.statusCode ?? 0, error: null });
        res.destroy();
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (err) => resolve({ code: null, error: err.message.slice(0, 500) }));
    req.end(body);
  });
}

/**
 * Sends the outbox's due deliveries (docs/content-workflow.md, "Webhooks"), each signed as
 * Standard Webhooks specify with its webhook's secret. A 2xx answer delivers it; anything else is
 * tried again on the retry schedule, then given up. Deliveries are claimed through the store, so
 * processes sharing a database never send one twice at once, and a delivery due while the server
 * was stopped is sent once it runs again.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  /** The claim under way (one at a time). */
  private claiming: Promise<unknown> | undefined;
  /** The tries under way, at most BATCH: each ends on its own, so a slow receiver holds only its own delivery. */
  private readonly trying = new Set<Promise<void>>();
  /** Whether the last claim took all it had room for: more may be due, so a try's end claims again. */
  private backlog = false;
  private prunedAt = 0;
  private readonly now: () => Date;

  constructor(
    private readonly store: WebhookStore,
    private readonly options: DispatcherOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  }

  private readonly timeoutMs: number;

  /**
   * Sends every delivery due now, a batch at a time, and waits for each try; resolves with how many
   * tries it made. Once an hour, first deletes the deliveries done more than KEEP_DONE_MS ago.
   */
  async deliverDue(): Promise<number> {
    let tries = 0;
    for (;;) {
      const claimed = await this.claim(BATCH);
      await Promise.all(claimed.map((d) => this.attempt(d)));
      tries += claimed.length;
      if (claimed.length < BATCH) return tries;
    }
  }

  /** Reads the outbox every POLL_MS until `stop`. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), POLL_MS);
    this.timer.unref();
    this.tick();
  }

  /** Stops reading the outbox, after the claim and the tries under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.all(this.trying);
  }

  /** Takes up to `limit` due deliveries (pruning first, once an hour). */
  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.now();
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now.getTime();
      await this.store.prune(new Date(now.getTime() - KEEP_DONE_MS).toISOString());
    }
    return this.store.claimDue(now.toISOString(), new Date(now.getTime() + LEASE_TIMEOUTS * this.timeoutMs).toISOString(), limit);
  }

  /**
   * Claims what is due, as much as the tries under way leave room for, and starts each try without
   * waiting for it: a receiver that answers late (up to its time limit) delays no other delivery.
   */
  private tick(): void {
    const room = BATCH - this.trying.size;
    if (this.claiming || room <= 0 || !this.timer) return;
    this.claiming = this.claim(room)
      .then((claimed) => {
        this.backlog = claimed.length === room;
        for (const d of claimed) {
          const trying: Promise<void> = this.attempt(d)
            .catch((err: unknown) => this.options.onError?.(err))
            .finally(() => {
              this.trying.delete(trying);
              if (this.backlog) this.tick();
            });
          this.trying.add(trying);
        }
      })
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => (this.claiming = undefined));
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const sentAt = this.now();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Orbis webhooks',
      'webhook-id': d.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(d.secret).sign(d.id, sentAt, d.payload),
    };
    const answer = await post(d.url, headers, d.payload, this.options.allowPrivate, this.timeoutMs);
    const at = this.now();
    const delivered = answer.code !== null && answer.code >= 200 && answer.code < 300;
    const next = delivered ? null : nextTryAt(d.attempts, at);
    const outcome: DeliveryOutcome = {
      status: delivered ? 'delivered' : 'failed',
      code: answer.code,
      error: answer.error,
      at: at.toISOString(),
      nextAt: next && next.toISOString(),
    };
    await this.store.finish(d.webhookId, d.id, outcome);
    this.options.onTry?.(delivered ? 'delivered' : next ? 'retry' : 'failed');
  }
}
