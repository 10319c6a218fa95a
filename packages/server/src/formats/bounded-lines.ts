import { vectorFileError } from './vector-features.ts';

/**
 * Splits bytes into lines of UTF-8 text (`\n` or `\r\n`), holding at most `maxLineBytes` of a
 * line: a longer one is an error naming the file and the line as soon as its bytes pass the
 * bound, so that a file of one 300 MB line is never held whole (docs/gis-files.md "Limits").
 * Lines count from 1.
 */
export class LineSplitter {
  private readonly name: string;
  private readonly maxLineBytes: number;
  private parts: Uint8Array[] = [];
  private held = 0;
  /** The number of the line being read. */
  line = 1;

  constructor(name: string, maxLineBytes: number) {
    this.name = name;
    this.maxLineBytes = maxLineBytes;
  }

  /** The lines that `chunk` completes. */
  *push(chunk: Uint8Array): Generator<string> {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline < 0) return this.hold(chunk.subarray(start));
      this.hold(chunk.subarray(start, newline));
      yield this.take();
      start = newline + 1;
    }
  }

  /** The last line, when the bytes do not end with a newline. */
  *end(): Generator<string> {
    if (this.held > 0) yield this.take();
  }

  private hold(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.held += bytes.length;
    if (this.held > this.maxLineBytes)
      throw vectorFileError(this.name, `line ${this.line} is longer than ${this.maxLineBytes} bytes: too long for one feature`);
    this.parts.push(bytes);
  }

  private take(): string {
    const text = Buffer.concat(this.parts, this.held).toString('utf8');
    this.parts = [];
    this.held = 0;
    this.line += 1;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  }
}

/** The lines of a stream, each of at most `maxLineBytes` (see {@link LineSplitter}). */
export async function* boundedLines(name: string, input: AsyncIterable<Uint8Array>, maxLineBytes: number): AsyncGenerator<string> {
  const splitter = new LineSplitter(name, maxLineBytes);
  for await (const chunk of input) yield* splitter.push(chunk);
  yield* splitter.end();
}
