/** A schema step. Versions only grow; a shipped step is never edited, a new one is added. */
export interface Migration<Db = never> {
  version: number;
  name: string;
  sql: string;
  /** Rewrites existing rows in code after `sql`, in the same transaction (what SQL cannot compute). */
  fill?: (db: Db) => void | Promise<void>;
}
