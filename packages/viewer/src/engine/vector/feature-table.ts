import type { FeatureBatch } from './vector-protocol.js';
import { batchAt } from './batch-at.js';
import { featureName } from './geojson-features.js';

/** How many batches' properties stay parsed: a click reads one feature, a box selection a few batches. */
const PARSED_BATCHES = 8;

/** One batch's features as the page keeps them: its ids (none when each is its 1-based index) and its properties' JSON. */
interface TableBatch {
  start: number;
  count: number;
  ids: string[] | undefined;
  properties: string;
}

/**
 * The ids, names and properties of a batched layer's features on the page, kept per batch as the
 * worker sent them (docs/viewer.md, "Large layers"): a batch's properties stay one JSON text until
 * a feature of it is read (the infobox, a plugin, the style panel), and ids given by position are
 * not held at all. A million features are then a hundred strings on the page's heap instead of
 * millions of objects that every garbage collection while the layer loads would walk and move.
 */
export class FeatureTable {
  private readonly batches: TableBatch[] = [];
  /** Parsed properties per batch, the most recently read last. */
  private readonly parsed = new Map<TableBatch, Record<string, unknown>[]>();
  /** Explicit ids by feature index, for the batches indexed so far. */
  private readonly byId = new Map<string, number>();
  private indexed = 0;
  /** Every feature's properties once `all()` was asked for (the editor's panels), kept up to date from then. */
  private everything: { list: Record<string, unknown>[]; batches: number } | undefined;

  /** Features held. */
  get length(): number {
    const last = this.batches.at(-1);
    return last ? last.start + last.count : 0;
  }

  /** Takes the next batch (the worker sends them in order, each starting where the last ended). */
  add(batch: FeatureBatch): void {
    this.batches.push({ start: batch.start, count: batch.count, ids: batch.ids, properties: batch.properties });
  }

  clear(): void {
    this.batches.length = 0;
    this.parsed.clear();
    this.byId.clear();
    this.indexed = 0;
    this.everything = undefined;
  }

  id(index: number): string | undefined {
    const batch = this.batchOf(index);
    if (!batch) return undefined;
    return batch.ids ? batch.ids[index - batch.start] : String(index + 1);
  }

  indexOf(id: string): number | undefined {
    for (; this.indexed < this.batches.length; this.indexed++) {
      const { ids, start } = this.batches[this.indexed]!;
      ids?.forEach((fid, i) => this.byId.set(fid, start + i));
    }
    const found = this.byId.get(id);
    if (found !== undefined) return found;
    // An id given by position is the feature's 1-based index (the worker keeps every id unique).
    if (!/^[1-9][0-9]*$/.test(id)) return undefined;
    const index = Number(id) - 1;
    return this.batchOf(index)?.ids === undefined && index < this.length ? index : undefined;
  }

  properties(index: number): Record<string, unknown> | undefined {
    if (this.everything && index < this.everything.list.length) return this.everything.list[index];
    const batch = this.batchOf(index);
    return batch ? this.parse(batch)[index - batch.start] : undefined;
  }

  /** The feature's name, as CesiumJS's GeoJSON reader would give it. */
  name(index: number): string | undefined {
    const properties = this.properties(index);
    return properties ? featureName(properties) : undefined;
  }

  /**
   * Every feature's properties, in order (the editor's style and infobox panels): parsed once
   * asked for, then held and extended as batches come.
   */
  all(): Record<string, unknown>[] {
    this.everything ??= { list: [], batches: 0 };
    const { list } = this.everything;
    for (; this.everything.batches < this.batches.length; this.everything.batches++) {
      for (const p of this.parse(this.batches[this.everything.batches]!)) list.push(p);
    }
    return list;
  }

  private parse(batch: TableBatch): Record<string, unknown>[] {
    let list = this.parsed.get(batch);
    if (list) this.parsed.delete(batch);
    else list = JSON.parse(batch.properties) as Record<string, unknown>[];
    this.parsed.set(batch, list);
    if (this.parsed.size > PARSED_BATCHES) this.parsed.delete(this.parsed.keys().next().value!);
    return list;
  }

  private batchOf(index: number): TableBatch | undefined {
    const batch = batchAt(this.batches, index);
    return batch && index < batch.start + batch.count ? batch : undefined;
  }
}
