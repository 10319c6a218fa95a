// Runs in the tile worker (see tile-maker.ts): no imports of this package's own files.

type Values = Float64Array | Uint32Array;
type ValuesType = typeof Float64Array | typeof Uint32Array;

/**
 * Numbers gathered one at a time, as a file is read, into a typed array that grows by half: not a
 * JavaScript array of numbers beside a typed copy of it (docs/viewer.md "Memory").
 */
export class GrowingArray {
  private values: Values;
  private readonly Type: ValuesType;
  length = 0;

  constructor(Type: ValuesType) {
    this.Type = Type;
    this.values = new Type(1024);
  }

  push(value: number): void {
    let values = this.values;
    if (this.length === values.length) {
      const grown = new this.Type(Math.ceil(values.length * 1.5));
      grown.set(values);
      this.values = values = grown;
    }
    values[this.length++] = value;
  }

  /** A row's value. */
  at(row: number): number {
    return this.values[row]!;
  }

  /** The bytes it keeps. */
  get byteLength(): number {
    return this.values.byteLength;
  }

  /** The values, in an array of their length (the grown array's unused end let go). */
  finish(): Values {
    if (this.values.length !== this.length) this.values = this.values.slice(0, this.length);
    return this.values;
  }
}

/**
 * A column whose rows each have an *implied* value (a feature's id that is its place in the file
 * plus one, a point that is its own row), kept as nothing while every row holds its implied value,
 * and as a typed array from the first row that does not.
 */
export class ImpliedColumn {
  private values: GrowingArray | undefined;
  private readonly Type: ValuesType;
  private readonly implied: (row: number) => number;
  length = 0;

  constructor(Type: ValuesType, implied: (row: number) => number) {
    this.Type = Type;
    this.implied = implied;
  }

  push(value: number): void {
    if (!this.values) {
      if (value === this.implied(this.length)) {
        this.length++;
        return;
      }
      this.values = new GrowingArray(this.Type);
      for (let row = 0; row < this.length; row++) this.values.push(this.implied(row));
    }
    this.values.push(value);
    this.length++;
  }

  /** Ends the gathering: the values are kept in an array of their length, if any are kept. */
  finish(): this {
    this.values?.finish();
    return this;
  }

  /** Whether every row holds its implied value (nothing is kept). */
  get allImplied(): boolean {
    return !this.values;
  }

  /** A row's value. */
  at(row: number): number {
    return this.values ? this.values.at(row) : this.implied(row);
  }

  /** The bytes it keeps. */
  get byteLength(): number {
    return this.values?.byteLength ?? 0;
  }
}
