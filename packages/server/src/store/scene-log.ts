/** One stored update of a project's live scene (docs/collaboration.md): Yjs's update encoding v1. */
export interface SceneUpdate {
  seq: number;
  update: Uint8Array;
}

/**
 * The live scene's updates, kept as they arrive (docs/collaboration.md, "Durability"): an update
 * is acknowledged to its editor only once `append` has returned, so a kill -9 loses no
 * acknowledged change. A document is the merge of every update of its project, in any order.
 */
export interface SceneLog {
  /** Stores one update of the project's scene; its sequence number. Throws StoreNotFoundError when the project is gone. */
  append(projectId: string, update: Uint8Array): Promise<number>;
  /** Every stored update of the project's scene, in sequence order. */
  read(projectId: string): Promise<SceneUpdate[]>;
  /**
   * Replaces the updates numbered `seqs` by `merged` (their merge, made from what `read` gave), in
   * one transaction, under the largest of those numbers. Only those: on PostgreSQL an update with a
   * smaller number than one read may commit after the read, and it stays.
   */
  compact(projectId: string, seqs: number[], merged: Uint8Array): Promise<void>;
}
