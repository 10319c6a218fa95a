import type Database from 'better-sqlite3';
import type { WriteGate } from './write-gate.js';

/** How many items a model's or a project's delete removes between two turns of the event loop. */
export const ITEM_DELETE_BATCH = 5000;

/**
 * The SQLite store's deletes of models and projects. A model goes at once, without its items (the
 * foreign key's cascade would delete them all in one statement, holding the server: 400,000 items
 * of one model); its items go after, a batch at a time, with a turn of the event loop between two
 * batches. Items left by a stop in between belong to no model, and the next start sweeps them.
 */
export class SqliteDeletes {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly gate: WriteGate,
  ) {
    this.s = {
      modelIdByKey: db.prepare('SELECT id FROM models WHERE project_id = ? AND key = ?'),
      modelIdsOf: db.prepare('SELECT id FROM models WHERE project_id = ?'),
      deleteModelById: db.prepare('DELETE FROM models WHERE id = ?'),
      deleteCheckpoints: db.prepare('DELETE FROM item_checkpoints WHERE model_id = ?'),
      deleteDrafts: db.prepare('DELETE FROM item_drafts WHERE model_id = ?'),
      deleteProject: db.prepare('DELETE FROM projects WHERE id = ?'),
      deleteItemBatch: db.prepare('DELETE FROM items WHERE rowid IN (SELECT rowid FROM items WHERE model_id = ? LIMIT ?)'),
      deleteVersionBatch: db.prepare('DELETE FROM item_versions WHERE rowid IN (SELECT rowid FROM item_versions WHERE model_id = ? LIMIT ?)'),
      orphanModelIds: db.prepare(
        'SELECT DISTINCT model_id AS id FROM items WHERE model_id NOT IN (SELECT id FROM models) UNION SELECT DISTINCT model_id FROM item_versions WHERE model_id NOT IN (SELECT id FROM models)',
      ),
    };
  }

  /** Deletes a model, then its items; whether it existed. */
  async deleteModel(projectId: string, key: string): Promise<boolean> {
    const id = await this.gate.write(() => {
      const row = this.s.modelIdByKey.get(projectId, key) as { id: string } | undefined;
      if (row) this.detach([row.id]);
      return row?.id;
    });
    if (id === undefined) return false;
    await this.deleteItemsOf([id]);
    return true;
  }

  /**
   * Deletes a project: its models first, without their items; the project's own cascade (assets,
   * keys, scene, …) then; the items last. Whether it existed.
   */
  async deleteProject(projectId: string): Promise<boolean> {
    const { models, deleted } = await this.gate.write(() => {
      const models = (this.s.modelIdsOf.all(projectId) as { id: string }[]).map((row) => row.id);
      this.detach(models);
      return { models, deleted: this.s.deleteProject.run(projectId).changes > 0 };
    });
    await this.deleteItemsOf(models);
    return deleted;
  }

  /** Deletes the items of models that are gone (a stop while a model's items were being deleted). */
  sweepOrphanItems(): void {
    for (const { id } of this.s.orphanModelIds.all() as { id: string }[]) while (this.deleteItemBatch(id) > 0);
  }

  /** Deletes models with their checkpoints and drafts in one transaction, leaving their items. */
  private detach(modelIds: string[]): void {
    if (modelIds.length === 0) return;
    // Not the cascade: that would delete every item in this one statement.
    this.db.pragma('foreign_keys = OFF');
    try {
      this.db
        .transaction(() => {
          for (const id of modelIds) {
            this.s.deleteCheckpoints.run(id);
            this.s.deleteDrafts.run(id);
            this.s.deleteModelById.run(id);
          }
        })
        .immediate();
    } finally {
      this.db.pragma('foreign_keys = ON');
    }
  }

  /**
   * Deletes the items of detached models a batch at a time; other requests (and imports' commits)
   * run between the batches. A batch waits for an import as long as it takes: the models are gone already.
   */
  private async deleteItemsOf(modelIds: string[]): Promise<void> {
    const batch = (id: string) => this.gate.write(() => this.deleteItemBatch(id), Infinity);
    for (const id of modelIds) while ((await batch(id)) > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Deletes up to ITEM_DELETE_BATCH items of a detached model, or when none is left, of their versions; how many it deleted. */
  private deleteItemBatch(modelId: string): number {
    const items = this.s.deleteItemBatch.run(modelId, ITEM_DELETE_BATCH).changes;
    return items > 0 ? items : this.s.deleteVersionBatch.run(modelId, ITEM_DELETE_BATCH).changes;
  }
}
