/**
 * Every how many entries of a scope (a project's public assets, or all of them) a store keeps the
 * id found there, so that an offset page seeks to the checkpoint at or below its offset and walks
 * fewer than this many index entries instead of all of them. Positions only shift when an asset
 * is deleted or its public flag changes: the store then drops the scope's checkpoints from that
 * id on, and builds them again when an offset read needs them. Inserts only append (ids grow).
 */
export const CHECKPOINT_EVERY = 256;

/** Where an offset starts: after the checkpoint `ordinal` (at position ordinal × CHECKPOINT_EVERY), skip `skip` entries. */
export function checkpointFor(offset: number): { ordinal: number; skip: number } {
  const ordinal = Math.floor(offset / CHECKPOINT_EVERY);
  return { ordinal, skip: offset - ordinal * CHECKPOINT_EVERY };
}
