/**
 * The blocking call of a sandbox worker (docs/contract.md §11): the worker posts its request, then waits with
 * `Atomics.wait` on a SharedArrayBuffer until the page writes the answer there and wakes it. The
 * answer is two UTF-8 texts (the result, and state updates made during the call); one longer than
 * the buffer is written again into a larger buffer the worker allocates and posts (`grow`).
 */

/** Header words: state, answer kind, result bytes, updates bytes. */
const HEADER_BYTES = 16;
const STATE = 0;
const KIND = 1;
const RESULT = 2;
const EXTRA = 3;
const WAITING = 0;
const ANSWERED = 1;

/** The channel's first size: most answers are a few hundred bytes. */
export const CHANNEL_BYTES = 64 * 1024;

export type AnswerKind = 'none' | 'json' | 'error';
const KINDS: readonly (AnswerKind | 'grow')[] = ['none', 'json', 'error', 'grow'];

export interface Answer {
  kind: AnswerKind;
  /** The result's JSON (kind `json`), or the error's `{name, message}` (kind `error`). */
  result: string;
  /** The updates' JSON, or "" for none. */
  extra: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The worker's side: one call at a time. */
export class BlockingCaller {
  constructor(
    private buffer: SharedArrayBuffer,
    private readonly post: (grow: SharedArrayBuffer) => void,
  ) {}

  /** Sends with `send`, then waits for the answer. */
  call(send: () => void): Answer {
    let header = this.wait(send);
    if (KINDS[header[KIND]!] === 'grow') {
      const bytes = header[RESULT]! + header[EXTRA]!;
      this.buffer = new SharedArrayBuffer(HEADER_BYTES + Math.max(bytes, this.buffer.byteLength * 2));
      const grown = this.buffer;
      header = this.wait(() => this.post(grown));
    }
    const resultBytes = header[RESULT]!;
    const extraBytes = header[EXTRA]!;
    // TextDecoder refuses shared memory: slice() copies into an ordinary buffer first.
    const bytes = new Uint8Array(this.buffer, HEADER_BYTES, resultBytes + extraBytes).slice();
    return {
      kind: KINDS[header[KIND]!] as AnswerKind,
      result: decoder.decode(bytes.subarray(0, resultBytes)),
      extra: extraBytes === 0 ? '' : decoder.decode(bytes.subarray(resultBytes)),
    };
  }

  private wait(send: () => void): Int32Array {
    const header = new Int32Array(this.buffer, 0, 4);
    Atomics.store(header, STATE, WAITING);
    send();
    while (Atomics.load(header, STATE) === WAITING) Atomics.wait(header, STATE, WAITING);
    return header;
  }
}

/** The page's side: answers each call exactly once. */
export class BlockingAnswerer {
  private pending: { kind: number; result: Uint8Array; extra: Uint8Array } | undefined;

  constructor(private buffer: SharedArrayBuffer) {}

  answer(kind: AnswerKind, result = '', extra = ''): void {
    const answer = { kind: KINDS.indexOf(kind), result: encoder.encode(result), extra: encoder.encode(extra) };
    if (HEADER_BYTES + answer.result.length + answer.extra.length > this.buffer.byteLength) {
      this.pending = answer;
      return this.write({ kind: KINDS.indexOf('grow'), result: answer.result, extra: answer.extra }, false);
    }
    this.write(answer, true);
  }

  /** The worker's larger buffer: the pending answer goes there, and so do later ones. */
  grow(buffer: SharedArrayBuffer): void {
    this.buffer = buffer;
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.write(pending, true);
  }

  private write(answer: { kind: number; result: Uint8Array; extra: Uint8Array }, withBody: boolean): void {
    const header = new Int32Array(this.buffer, 0, 4);
    if (withBody) {
      const body = new Uint8Array(this.buffer, HEADER_BYTES);
      body.set(answer.result, 0);
      body.set(answer.extra, answer.result.length);
    }
    header[KIND] = answer.kind;
    header[RESULT] = answer.result.length;
    header[EXTRA] = answer.extra.length;
    Atomics.store(header, STATE, ANSWERED);
    Atomics.notify(header, STATE);
  }
}
