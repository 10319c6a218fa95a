import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where `ServerMetrics.watch` reads what the server holds now. */
export interface HeldNow {
  live: () => { documents: number; connections: number };
  tiles: () => { indexes: number; cutting: number; found: Readonly<Record<'stored' | 'empty' | 'cut', number>> };
  reads: () => { running: number; waiting: number };
}

/** What a timed call ended with: `ok`, or `error` when it threw or rejected. */
export type Outcome = 'ok' | 'error';

/**
 * Buckets of the request histogram, in seconds: from a cached listing page (about a millisecond)
 * to an upload of several minutes.
 */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
/** Buckets of the store's and the storage's calls: a SQLite read takes tens of microseconds. */
const CALL_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/**
 * The figures `GET /metrics` shows (docs/operations.md, "Watch"), in a registry of their own: one
 * per server, so that servers in one process (the tests') do not share figures.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly storeCalls: Counter<'operation' | 'outcome'>;
  private readonly storeSeconds: Histogram<'operation'>;
  private readonly storageCalls: Counter<'operation' | 'outcome'>;
  private readonly storageSeconds: Histogram<'operation'>;
  private readonly webhookTries: Counter<'outcome'>;

  constructor() {
    // The process's figures (CPU, memory, heap, event loop delay, handles, GC), with prom-client's names.
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    // Counts by outcome, durations without it: a status multiplies a histogram's series by 16 buckets.
    this.requests = new Counter({
      name: 'orbis_http_requests_total',
      help: 'Requests answered, by method, route (its pattern; "unmatched" when none) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'orbis_http_request_duration_seconds',
      help: 'How long requests took, by method and route',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.storeCalls = new Counter({
      name: 'orbis_store_calls_total',
      help: 'Calls to the database store, by operation and outcome (ok, error)',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.storeSeconds = new Histogram({
      name: 'orbis_store_call_duration_seconds',
      help: 'How long calls to the database store took, by operation',
      labelNames: ['operation'],
      buckets: CALL_BUCKETS,
      registers,
    });
    this.storageCalls = new Counter({
      name: 'orbis_storage_calls_total',
      help: 'Calls to the file storage, by operation and outcome (ok, error)',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    this.webhookTries = new Counter({
      name: 'orbis_webhook_deliveries_total',
      help: 'Webhook delivery tries, by outcome (delivered, retry: failed and tried again later, failed: given up)',
      labelNames: ['outcome'],
      registers,
    });
    this.storageSeconds = new Histogram({
      name: 'orbis_storage_call_duration_seconds',
      help: 'How long calls to the file storage took, by operation (a read until its stream is open)',
      labelNames: ['operation'],
      buckets: CALL_BUCKETS,
      registers,
    });
  }

  /**
   * Shows what the server holds now, read at each scrape (nothing is counted between scrapes):
   * live documents and sockets, the tiles' indexes, cuts and how tiles were found, and the GIS
   * file reads in workers.
   */
  watch(now: HeldNow): void {
    const registers = [this.registry];
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('orbis_live_documents', 'Live scene documents this process holds open', () => now.live().documents);
    gauge('orbis_live_connections', 'Live scene sockets (editors) connected to this process', () => now.live().connections);
    gauge('orbis_tile_indexes', 'GeoJSON files whose tile index this process holds in memory', () => now.tiles().indexes);
    gauge('orbis_tiles_cutting', 'Vector tiles being cut now', () => now.tiles().cutting);
    gauge('orbis_file_reads_running', 'GIS file reads running in worker threads now', () => now.reads().running);
    gauge('orbis_file_reads_waiting', 'GIS file reads waiting for a worker thread', () => now.reads().waiting);
    new Counter({
      name: 'orbis_tiles_total',
      help: 'Vector tiles asked for, by how they were found: stored (read from storage), empty (known to hold nothing), cut (made now)',
      labelNames: ['found'],
      registers,
      collect() {
        this.reset();
        for (const [found, count] of Object.entries(now.tiles().found)) this.inc({ found }, count);
      },
    });
  }

  /** Records one answered request; `route` is the route's pattern, never the raw URL (bounded labels). */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  /** Records how one webhook delivery try ended. */
  webhookTry(outcome: 'delivered' | 'retry' | 'failed'): void {
    this.webhookTries.inc({ outcome });
  }

  /** Records one call to the store. */
  readonly storeCall = callRecorder(
    () => this.storeCalls,
    () => this.storeSeconds,
  );

  /** Records one call to the storage. */
  readonly storageCall = callRecorder(
    () => this.storageCalls,
    () => this.storageSeconds,
  );

  /** Prometheus's text format, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}

/**
 * Records calls by operation and outcome through label-bound children, made once per operation:
 * prom-client otherwise hashes the labels of every observation (about 5 µs a call, docs/operations.md).
 */
function callRecorder(calls: () => Counter<'operation' | 'outcome'>, seconds: () => Histogram<'operation'>) {
  const bound = new Map<string, { ok: Counter.Internal; error: Counter.Internal; seconds: Histogram.Internal<'operation'> }>();
  return (operation: string, outcome: Outcome, elapsed: number): void => {
    let children = bound.get(operation);
    if (!children) {
      children = { ok: calls().labels(operation, 'ok'), error: calls().labels(operation, 'error'), seconds: seconds().labels(operation) };
      bound.set(operation, children);
    }
    children[outcome].inc();
    children.seconds.observe(elapsed);
  };
}
