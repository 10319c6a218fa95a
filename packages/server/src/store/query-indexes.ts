import { createHash } from 'node:crypto';
import type { QueryIndexShape } from './item-query.js';

/** One index a model's queries are served from: its name and the statement that makes it. */
export interface QueryIndex {
  name: string;
  sql: string;
}

/** The statements a store runs to keep its query indexes. */
export interface QueryIndexRunner {
  /** The names of every query index (`iq_…`) the items table has. */
  indexNames(): Promise<string[]>;
  /** The ids of the models that exist. */
  modelIds(): Promise<string[]>;
  exec(sql: string): Promise<void>;
  /** Refreshes the planner's figures after indexes were made (PostgreSQL has none for a new expression until then). */
  analyze(): Promise<void>;
}

const PREFIX = 'iq_';

/**
 * A model id as it is written into a statement (a partial index's WHERE, and the query's, which
 * must name the same constant for the planner to use the index): ids are ULIDs, so anything
 * else is refused rather than quoted.
 */
export function modelIdLiteral(modelId: string): string {
  if (!/^[0-9A-Za-z]{1,40}$/.test(modelId)) throw new Error(`a model id of unexpected form: ${JSON.stringify(modelId.slice(0, 60))}`);
  return `'${modelId}'`;
}

/** An index's name: the model's id and a digest of what it holds, so a changed field makes a new name. */
export function queryIndexName(modelId: string, holds: string): string {
  return `${PREFIX}${modelId}_${createHash('sha256').update(holds).digest('hex').slice(0, 10)}`;
}

const modelOf = (name: string) => name.slice(PREFIX.length, name.lastIndexOf('_'));

/**
 * Keeps each queried model's indexes as its fields are now (docs/content-workflow.md, "Which
 * indexes"): before a model's first query in this process, and again after its fields changed,
 * it makes the indexes it lacks and drops those of its fields as they were. Made when queried
 * rather than when the model is written, so that every way items arrive (a migrate, a restore,
 * an import, an older release's database) gets them. The first call also drops the indexes of
 * models deleted since.
 */
export class QueryIndexes {
  private readonly ready = new Map<string, string>();
  private swept = false;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly make: (modelId: string, shape: QueryIndexShape) => QueryIndex[],
    private readonly run: QueryIndexRunner,
  ) {}

  async ensure(modelId: string, shape: QueryIndexShape): Promise<QueryIndex[]> {
    const wanted = this.make(modelId, shape);
    const names = wanted.map((w) => w.name).join(',');
    if (this.ready.get(modelId) === names) return wanted;
    // One at a time: two first queries of a model must not both make its indexes.
    const next = this.running.then(() => this.bring(modelId, wanted, names));
    this.running = next.catch(() => undefined);
    await next;
    return wanted;
  }

  private async bring(modelId: string, wanted: QueryIndex[], names: string): Promise<void> {
    if (this.ready.get(modelId) === names) return;
    const existing = await this.run.indexNames();
    const drop = existing.filter((n) => modelOf(n) === modelId && !wanted.some((w) => w.name === n));
    if (!this.swept) {
      const models = new Set(await this.run.modelIds());
      drop.push(...existing.filter((n) => !models.has(modelOf(n))));
      this.swept = true;
    }
    for (const name of drop) await this.run.exec(`DROP INDEX IF EXISTS "${name}"`);
    const missing = wanted.filter((w) => !existing.includes(w.name));
    for (const index of missing) {
      try {
        await this.run.exec(index.sql);
      } catch (error) {
        // Another process made it meanwhile (PostgreSQL): what counts is that it is there.
        if (!(await this.run.indexNames()).includes(index.name)) throw error;
      }
    }
    if (missing.length > 0) await this.run.analyze();
    this.ready.set(modelId, names);
  }
}
