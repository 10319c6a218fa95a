// Runs in the tile worker (see tile-maker.ts): it imports only its neighbours, by their `.ts` names.
import { Packr } from 'msgpackr';
import type { GeoJsonProperties } from 'geojson';
import { GrowingArray } from './number-column.ts';

/** The most bytes of one block of encoded properties (the first are smaller, each as large as those before it). */
const BLOCK_BYTES = 64 * 1024 * 1024;
const FIRST_BLOCK_BYTES = 64 * 1024;

/**
 * Each point's properties, encoded (MessagePack, by msgpackr, whose records write the keys of each
 * shape of properties once) into blocks of bytes outside the JavaScript heap, and decoded again for
 * the points a tile shows: a JavaScript object of properties per point held about 100 bytes of heap
 * each, 1.5 GB for 15 million points; encoded, the benchmark's three properties take 17 bytes and
 * 4 more for where they start (docs/viewer.md "Memory"). What comes back equals what went in (JSON's
 * values: numbers, strings, booleans, null, arrays and objects).
 */
export class PropertyStore {
  private readonly packr = new Packr({ useRecords: true, structures: [] });
  private readonly blocks: Uint8Array[] = [];
  /** The first row of each block. */
  private readonly firstRows: number[] = [];
  /** Each row's start in its block. */
  private readonly gathering = new GrowingArray(Uint32Array);
  private starts: Uint32Array | undefined;
  private block = new Uint8Array(0);
  private used = 0;
  length = 0;

  push(properties: GeoJsonProperties): void {
    const bytes = this.packr.pack(properties);
    if (this.used + bytes.length > this.block.length) {
      this.sealBlock();
      const before = this.blocks.reduce((sum, block) => sum + block.length, 0);
      this.block = new Uint8Array(Math.max(Math.min(BLOCK_BYTES, Math.max(FIRST_BLOCK_BYTES, before)), bytes.length));
      this.used = 0;
      this.blocks.push(this.block);
      this.firstRows.push(this.length);
    }
    this.block.set(bytes, this.used);
    this.gathering.push(this.used);
    this.used += bytes.length;
    this.length++;
  }

  /** Ends the gathering. */
  finish(): this {
    this.sealBlock();
    this.starts = this.gathering.finish() as Uint32Array;
    return this;
  }

  /** The last block cut to what it holds. */
  private sealBlock(): void {
    if (this.blocks.length === 0) return;
    this.block = this.block.slice(0, this.used);
    this.blocks[this.blocks.length - 1] = this.block;
  }

  /** A row's properties (after `finish`). */
  at(row: number): GeoJsonProperties {
    let b = this.blocks.length - 1;
    while (this.firstRows[b]! > row) b--;
    const block = this.blocks[b]!;
    const start = this.starts![row]!;
    const end = row + 1 < this.length && (b + 1 === this.blocks.length || row + 1 < this.firstRows[b + 1]!) ? this.starts![row + 1]! : block.length;
    // Read in place: msgpackr keeps a DataView on the block it is given, made once a block, not a row.
    return this.packr.unpack(block, { start, end }) as GeoJsonProperties;
  }

  /** The bytes it keeps. */
  get byteLength(): number {
    return this.blocks.reduce((sum, block) => sum + block.byteLength, this.starts?.byteLength ?? 0);
  }
}
