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
/** The longest name of a member of the top object: a longer one is not a name a document means. */
const MAX_KEY_BYTES = 64 * 1024;
/** The byte order mark a document may begin with (UTF-8's), which JSON does not read. */
const BOM = [0xef, 0xbb, 0xbf];

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
 * "Tiles"). The document around the elements is checked by `JSON.parse` at the end. A leading byte
 * order mark is skipped. A document that is not JSON, is empty or ends early throws, and so does one
 * with an object at `path` or without the array.
 */
export async function* jsonElements(
  bytes: AsyncIterable<Uint8Array | string>,
  path: string,
  options: JsonElementsOptions = {},
): AsyncGenerator<{ key: number; value: unknown }> {
  const scanner = new ElementScanner(path === '$' ? undefined : path.replace(/^\$\./, ''), options);
  for await (const chunk of bytes) {
    const text = scanner.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    for (const run of text) for (const value of JSON.parse(`[${run}]`) as unknown[]) yield { key: scanner.yielded++, value };
  }
  scanner.end();
}

/**
 * The array at `path` of a document already parsed (JSON.parse reads a file that fits in one string
 * many times faster), under jsonElements' rules and with its errors: an object at `path`, or no
 * array there, throws.
 */
export function elementsOf(doc: unknown, path: string): unknown[] {
  const member = path === '$' ? undefined : path.replace(/^\$\./, '');
  if (member === undefined) {
    if (!Array.isArray(doc)) throw new Error('the document is not an array');
    return doc;
  }
  const value = doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>)[member] : undefined;
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') throw new Error(`${member} is not an array`);
  throw new Error(`the document has no "${member}" array`);
}

/** Where the elements of one array lie in a document's bytes, chunk by chunk (see jsonElements). */
class ElementScanner {
  yielded = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The depth of the array's elements while the scan is inside it, else -1. */
  private arrayDepth = -1;
  private foundArray = false;
  /** A value begins after the member named `member` (the next byte that is not space). */
  private memberValue = false;
  /** The top object's next string is a member's name (after its `{` or a `,`). */
  private keyNext = false;
  /** The document is an object, whose members' names are read (only when the array is a member's). */
  private topObject = false;
  private lastKey: string | undefined;
  private started = false;
  /** How many bytes of a byte order mark the document began with; 3 once its start is past. */
  private bom = 0;
  /**
   * What the array's next byte may be: its first element or its end (`first`), an element after a
   * comma (`element`), a comma or its end after an element (`comma`); or the element now being
   * read ends at a space, comma or bracket (`scalar`), or at its own bracket or quote (`nested`).
   */
  private expect: 'first' | 'element' | 'comma' | 'scalar' | 'nested' = 'first';
  private elements = 0;
  /** The document's bytes before the chunk being scanned. */
  private offset = 0;
  /**
   * The bytes before the chunk not yet scanned to an end (an element's or a name's beginning),
   * each chunk's copied once and all joined once when it ends: an element of E bytes in chunks of
   * C costs E, not E²/C.
   */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Where the element or member name being read began in the document, else -1. */
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
  write(input: Uint8Array): string[] {
    const buf = this.bom < 3 ? this.skipBom(input) : input;
    const offset = this.offset;
    const runs: Run[] = [];
    let run: Run | undefined;
    const finishElement = (end: number) => {
      if (offset + end - this.elementStart > (this.options.maxElementBytes ?? Infinity)) this.refuse();
      if (!run) runs.push((run = { from: this.elementStart, to: offset + end }));
      run.to = offset + end;
      this.elementStart = -1;
      this.elements++;
      this.expect = 'comma';
    };
    /** Reads a string from `from` on: the index of its closing quote, or the chunk's end. */
    const string = (from: number): number => {
      const end = this.stringEnd(buf, from);
      if (end < 0) return buf.length;
      this.inString = false;
      if (this.keyStart >= 0) this.keyEnded(offset + end + 1, buf);
      if (this.depth === this.arrayDepth && this.elementStart >= 0) finishElement(end + 1);
      return end;
    };
    for (let i = this.inString ? string(0) + 1 : 0; i < buf.length; i++) {
      const c = buf[i]!;
      if (isSpace(c)) {
        if (this.expect === 'scalar') finishElement(i);
        continue;
      }
      const keyNext = this.keyNext;
      this.keyNext = false;
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
          this.elementStart = offset + i;
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
        // Only a name is kept to be read whole; a string value of the top object passes as it arrives.
        if (keyNext && this.depth === 1) this.keyStart = offset + i;
        this.inString = true;
        this.escaped = false;
        i = string(i + 1);
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        this.depth++;
        if (this.depth === 1) this.topObject = c === OPEN_OBJECT && this.member !== undefined;
        this.keyNext = this.depth === 1 && this.topObject;
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
        if (this.depth === this.arrayDepth && this.elementStart >= 0) finishElement(i + 1);
      } else if (this.depth === 1 && this.topObject && this.arrayDepth < 0) {
        if (c === COLON) this.memberValue = this.lastKey === this.member;
        else if (c === COMMA) this.keyNext = true;
      }
    }
    const end = offset + buf.length;
    if (this.elementStart >= 0 && end - this.elementStart > (this.options.maxElementBytes ?? Infinity)) this.refuse();
    if (this.keyStart >= 0 && end - this.keyStart > MAX_KEY_BYTES) this.keyTooLong();
    // What lies outside the runs is kept to be checked at the end, each run standing as one 0.
    let from = offset - this.pendingBytes;
    for (const r of runs) {
      this.keepOutside(from, r.from, buf);
      this.keepOutside(-1, -1, buf);
      from = r.to;
    }
    const cut = this.elementStart >= 0 ? this.elementStart : this.keyStart >= 0 ? this.keyStart : end;
    this.keepOutside(from, cut, buf);
    const texts = runs.map((r) => this.decoder.decode(this.bytes(r.from, r.to, buf)));
    if (cut >= offset) {
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (cut < end) {
      this.pending.push(Buffer.from(buf.subarray(Math.max(cut - offset, 0))));
      this.pendingBytes += end - Math.max(cut, offset);
    }
    this.offset = end;
    return texts;
  }

  /** The chunk without the byte order mark the document may begin with (it may be cut across chunks). */
  private skipBom(chunk: Uint8Array): Uint8Array {
    let at = 0;
    while (this.bom < 3 && at < chunk.length) {
      if (chunk[at] === BOM[this.bom]) {
        this.bom++;
        at++;
      } else if (this.bom > 0) throw new SyntaxError('the document is not valid JSON: it begins with part of a byte order mark');
      else this.bom = 3;
    }
    return chunk.subarray(at);
  }

  /** The document's bytes from `from` to `to`, the pending ones and the chunk's: joined only when they span both. */
  private bytes(from: number, to: number, chunk: Uint8Array): Uint8Array {
    if (from >= this.offset) return chunk.subarray(from - this.offset, to - this.offset);
    const start = from - (this.offset - this.pendingBytes);
    return Buffer.concat(to <= this.offset ? this.pending : [...this.pending, chunk.subarray(0, to - this.offset)]).subarray(start, start + to - from);
  }

  /** The index of the quote ending a string in `buf` from `from` on (the string has begun before), or -1. */
  private stringEnd(buf: Uint8Array, from: number): number {
    let start = from;
    if (this.escaped) {
      if (start >= buf.length) return -1;
      this.escaped = false;
      start++;
    }
    // Found natively: a quote after an even number of backslashes.
    let end = buf.indexOf(QUOTE, start);
    while (end >= 0 && backslashesBefore(buf, end, start) % 2 === 1) end = buf.indexOf(QUOTE, end + 1);
    if (end < 0) this.escaped = backslashesBefore(buf, buf.length, start) % 2 === 1;
    return end;
  }

  private openArray(): void {
    this.depth++;
    this.arrayDepth = this.depth;
    this.foundArray = true;
    this.expect = 'first';
  }

  /** A member's name has ended at `end` (in the document; `chunk` is the one being scanned). */
  private keyEnded(end: number, chunk: Uint8Array): void {
    if (end - this.keyStart > MAX_KEY_BYTES) this.keyTooLong();
    this.lastKey = JSON.parse(this.decoder.decode(this.bytes(this.keyStart, end, chunk))) as string;
    this.keyStart = -1;
  }

  private keyTooLong(): never {
    throw new Error(`a member name of the document spans more than ${MAX_KEY_BYTES} bytes`);
  }

  private refuse(): never {
    throw this.options.tooLarge?.(this.elements) ?? new Error(`element ${this.elements + 1} spans more than ${this.options.maxElementBytes} bytes`);
  }

  /** Keeps the document's bytes from `from` to `to` (or a run's 0 for -1) to check them at the end. */
  private keepOutside(from: number, to: number, chunk: Uint8Array): void {
    if ((from >= 0 && to === from) || this.outsideBytes > MAX_OUTSIDE_BYTES) return;
    const bytes = from < 0 ? ZERO : this.bytes(from, to, chunk);
    this.outsideBytes += bytes.length;
    // Past the limit (a document with other large members) its outside is no longer checked.
    if (this.outsideBytes > MAX_OUTSIDE_BYTES) this.outside = [];
    else this.outside.push(Buffer.from(bytes));
  }

  /** The document has ended: throws when it is empty, cut short, without the array, or not JSON around the elements. */
  end(): void {
    if (!this.started) throw new Error('the document is empty');
    if (this.inString || this.depth !== 0 || this.pendingBytes > 0) throw new SyntaxError('the document ended in mid-parsing: it is cut short');
    if (this.outsideBytes <= MAX_OUTSIDE_BYTES) JSON.parse(Buffer.concat(this.outside).toString('utf8'));
    if (!this.foundArray) throw new Error(this.member === undefined ? 'the document is not an array' : `the document has no "${this.member}" array`);
  }
}

/** How many backslashes stand right before `at` in `buf`, from `start` on. */
function backslashesBefore(buf: Uint8Array, at: number, start: number): number {
  let k = at - 1;
  while (k >= start && buf[k] === BACKSLASH) k--;
  return at - 1 - k;
}
