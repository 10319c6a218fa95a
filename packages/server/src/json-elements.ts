// Runs in the tile worker too: no imports of this package's own files, so that Node can run it from
// its TypeScript source there (tiles/tile-worker.ts).

export interface JsonElementsOptions {
  /**
   * The most bytes one element may span: past it the element is refused as its bytes arrive,
   * before it is assembled (one element of 450 MB took 1.6 GB before an item check refused it).
   */
  maxElementBytes?: number;
  /** The error for element `index` (0-based) spanning more than `maxElementBytes`. */
  tooLarge?: (index: number) => Error;
}

/** The document outside the array's elements, kept to be checked whole at the end, up to this size. */
const MAX_OUTSIDE_BYTES = 16 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const ZERO = Buffer.from('0');
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A run of whole elements in one buffer: from the first's first byte to the last's end. */
interface Run {
  from: number;
  to: number;
}

/**
 * The elements of the array at `path` in a JSON document (`'$'`: the document itself;
 * `'$.features'`: a member of the top object, a FeatureCollection's features), one at a time as the
 * bytes arrive, each with its index: a file too large for one string (V8 stops near 512 MiB) is
 * read whole, in flat memory. The bytes are scanned for where each element starts and ends (its
 * brackets and strings), and each chunk's whole elements are read at once by `JSON.parse`: about 4×
 * faster than @streamparser/json's tokenizer, which read every value in JavaScript (docs/viewer.md,
 * "Tiles"). The document around the elements is checked by `JSON.parse` at the end. A document that
 * is not JSON, is empty or ends early throws, and so does one with an object at `path`.
 */
export async function* jsonElements(bytes: AsyncIterable<Uint8Array | string>, path: string, options: JsonElementsOptions = {}): AsyncGenerator<{ key: number; value: unknown }> {
  const scanner = new ElementScanner(path === '$' ? undefined : path.replace(/^\$\./, ''), options);
  for await (const chunk of bytes) {
    const text = scanner.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    for (const run of text) for (const value of JSON.parse(`[${run}]`) as unknown[]) yield { key: scanner.yielded++, value };
  }
  scanner.end();
}

/** Where the elements of one array lie in a document's bytes, chunk by chunk (see jsonElements). */
class ElementScanner {
  yielded = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The depth of the array's elements while the scan is inside it, else -1. */
  private arrayDepth = -1;
  /** A value begins after the member named `member` (the next byte that is not space). */
  private memberValue = false;
  private lastKey: string | undefined;
  private started = false;
  /**
   * What the array's next byte may be: its first element or its end (`first`), an element after a
   * comma (`element`), a comma or its end after an element (`comma`); or the element now being
   * read ends at a space, comma or bracket (`scalar`), or at its own bracket or quote (`nested`).
   */
  private expect: 'first' | 'element' | 'comma' | 'scalar' | 'nested' = 'first';
  private elements = 0;
  /** Bytes of the last chunk not yet scanned to an end: an element's or a key's beginning. */
  private carry: Uint8Array = new Uint8Array(0);
  private elementStart = -1;
  private keyStart = -1;
  private outside: Buffer[] = [];
  private outsideBytes = 0;
  private readonly decoder = new TextDecoder();
  // Fields, not parameter properties: Node's type stripping runs this file in the tile worker.
  private readonly member: string | undefined;
  private readonly options: JsonElementsOptions;

  constructor(member: string | undefined, options: JsonElementsOptions) {
    this.member = member;
    this.options = options;
  }

  private get name(): string {
    return this.member ?? 'the document';
  }

  /** Scans a chunk; the text of each run of whole elements in it, comma-separated. */
  write(chunk: Uint8Array): string[] {
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const runs: Run[] = [];
    let run: Run | undefined;
    const finishElement = (end: number) => {
      if (end - this.elementStart > (this.options.maxElementBytes ?? Infinity)) this.refuse();
      if (!run) runs.push((run = { from: this.elementStart, to: end }));
      run.to = end;
      this.elementStart = -1;
      this.elements++;
      this.expect = 'comma';
    };
    for (let i = this.carry.length; i < buf.length; i++) {
      const c = buf[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.stringEnded(buf, i);
          if (this.depth === this.arrayDepth && this.elementStart >= 0) finishElement(i + 1);
        }
        continue;
      }
      if (isSpace(c)) {
        if (this.expect === 'scalar') finishElement(i);
        continue;
      }
      if (!this.started) {
        this.started = true;
        if (this.member === undefined && c === OPEN_OBJECT) throw new Error('the document is not an array');
        if (this.member === undefined && c === OPEN_ARRAY) {
          this.openArray();
          continue;
        }
      }
      if (this.depth === this.arrayDepth) {
        // Between the array's elements: a comma after each, the bracket after the last.
        if (this.expect === 'scalar' && (c === COMMA || c === CLOSE_ARRAY)) finishElement(i);
        if (this.expect === 'comma' || this.expect === 'first' || this.expect === 'element') {
          if (c === COMMA && this.expect === 'comma') {
            this.expect = 'element';
            continue;
          }
          if (c === CLOSE_ARRAY && this.expect !== 'element') {
            run = undefined;
            this.depth--;
            this.arrayDepth = -1;
            continue;
          }
          if (this.expect === 'comma' || c === COMMA || c === CLOSE_ARRAY) throw new SyntaxError(`Unexpected "${String.fromCharCode(c)}" in ${this.name}`);
          // An element begins: an object or array ends at its bracket, a string at its quote, anything else at what follows it.
          this.elementStart = i;
          this.expect = c === OPEN_OBJECT || c === OPEN_ARRAY || c === QUOTE ? 'nested' : 'scalar';
        }
      }
      if (this.memberValue) {
        this.memberValue = false;
        if (c === OPEN_OBJECT) throw new Error(`${this.name} is not an array`);
        if (c === OPEN_ARRAY) {
          this.openArray();
          continue;
        }
      }
      if (c === QUOTE) {
        if (this.depth === 1 && this.arrayDepth < 0 && this.member !== undefined) this.keyStart = i;
        // The string's end, found natively: a quote after an even number of backslashes.
        let end = buf.indexOf(QUOTE, i + 1);
        while (end > 0) {
          let k = end - 1;
          while (buf[k] === BACKSLASH) k--;
          if ((end - 1 - k) % 2 === 0) break;
          end = buf.indexOf(QUOTE, end + 1);
        }
        if (end < 0) this.inString = true;
        else {
          this.stringEnded(buf, end);
          if (this.depth === this.arrayDepth && this.elementStart >= 0) finishElement(end + 1);
          i = end;
        }
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
        if (this.depth === this.arrayDepth && this.elementStart >= 0) finishElement(i + 1);
      } else if (c === COLON && this.depth === 1 && this.arrayDepth < 0) this.memberValue = this.lastKey === this.member;
    }
    if (this.elementStart >= 0 && buf.length - this.elementStart > (this.options.maxElementBytes ?? Infinity)) this.refuse();
    // What lies outside the runs is kept to be checked at the end, each run standing as one 0.
    let from = 0;
    for (const r of runs) {
      this.keepOutside(buf.subarray(from, r.from));
      this.keepOutside(ZERO);
      from = r.to;
    }
    const cut = this.elementStart >= 0 ? this.elementStart : this.keyStart >= 0 ? this.keyStart : buf.length;
    this.keepOutside(buf.subarray(from, cut));
    this.carry = Uint8Array.from(buf.subarray(cut));
    if (this.elementStart >= 0) this.elementStart -= cut;
    if (this.keyStart >= 0) this.keyStart -= cut;
    return runs.map((r) => this.decoder.decode(buf.subarray(r.from, r.to)));
  }

  private openArray(): void {
    this.depth++;
    this.arrayDepth = this.depth;
    this.expect = 'first';
  }

  private stringEnded(buf: Uint8Array, end: number): void {
    this.inString = false;
    if (this.keyStart < 0) return;
    this.lastKey = JSON.parse(this.decoder.decode(buf.subarray(this.keyStart, end + 1))) as string;
    this.keyStart = -1;
  }

  private refuse(): never {
    throw this.options.tooLarge?.(this.elements) ?? new Error(`element ${this.elements + 1} spans more than ${this.options.maxElementBytes} bytes`);
  }

  private keepOutside(bytes: Uint8Array): void {
    if (bytes.length === 0 || this.outsideBytes > MAX_OUTSIDE_BYTES) return;
    this.outsideBytes += bytes.length;
    // Past the limit (a document with other large members) its outside is no longer checked.
    if (this.outsideBytes > MAX_OUTSIDE_BYTES) this.outside = [];
    else this.outside.push(Buffer.from(bytes));
  }

  /** The document has ended: throws when it is empty, cut short, or not JSON around the elements. */
  end(): void {
    if (!this.started) throw new Error('the document is empty');
    if (this.inString || this.depth !== 0 || this.carry.length > 0) throw new SyntaxError('the document ended in mid-parsing: it is cut short');
    if (this.outsideBytes <= MAX_OUTSIDE_BYTES) JSON.parse(Buffer.concat(this.outside).toString('utf8'));
  }
}
