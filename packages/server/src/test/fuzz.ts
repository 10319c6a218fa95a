import fc from 'fast-check';
import { checkJsonDepth, MAX_JSON_DEPTH } from '../json-depth.js';
import { expect } from 'vitest';
import { ERROR_STATUS } from '@orbis/contract';
import { TEST_BACKEND } from './harness.js';

/**
 * How many cases a fuzz property runs: `n` on SQLite, fewer on PostgreSQL and S3 (the same code
 * above the store, at several times the cost per request), times `ORBIS_FUZZ_SCALE` (default 1)
 * for a longer hunt: `ORBIS_FUZZ_SCALE=20 npx vitest run --project sqlite fuzz`.
 */
export function fuzzRuns(n: number): number {
  return Math.max(1, Math.round(n * (TEST_BACKEND === 'postgres-s3' ? 0.3 : 1) * fuzzScale()));
}

/** A test timeout that grows with `ORBIS_FUZZ_SCALE`, for the properties that take long. */
export function fuzzTimeout(ms: number): number {
  return ms * fuzzScale();
}

function fuzzScale(): number {
  const scale = Number(process.env.ORBIS_FUZZ_SCALE ?? 1);
  return scale > 0 ? scale : 1;
}

/** The part of an answer the fuzz checks read (from `inject`, `fetch` or a raw socket). */
export interface Answer {
  status: number;
  body: string;
}

/**
 * The invariants every fuzzed answer keeps: no 5xx, and an error is the envelope of docs/contract.md §2 with a
 * known code that agrees with the status. Returns the parsed body.
 */
export function expectSane(answer: Answer, what: string): unknown {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status === 204 || answer.status === 304) return undefined;
  let body: unknown;
  expect(() => (body = JSON.parse(answer.body)), `${what}: body is JSON: ${answer.body.slice(0, 200)}`).not.toThrow();
  if (answer.status >= 400) {
    const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
    expect(typeof error?.message, what).toBe('string');
    // Every 4xx code of docs/contract.md §2 with its own status; `internal` never comes here (no 5xx).
    expect(ERROR_STATUS[String(error?.code) as keyof typeof ERROR_STATUS], `${what}: ${String(error?.code)}`).toBe(answer.status);
  }
  return body;
}

/** Counts cases per fuzz target and prints them once, for docs/reliability.md. */
export class CaseCounter {
  private readonly counts = new Map<string, number>();

  add(target: string, n = 1): void {
    this.counts.set(target, (this.counts.get(target) ?? 0) + n);
  }

  get(target: string): number {
    return this.counts.get(target) ?? 0;
  }

  /** One line per target, e.g. `fuzz listing query: 2400 cases`. */
  report(): void {
    for (const [target, n] of this.counts) console.info(`fuzz ${target}: ${n} cases`);
  }
}

/** Integers as text across every size: small, around 2^31/2^53/2^63, and far past them, signed. */
export const integerText = fc.oneof(
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom('2147483647', '2147483648', '-2147483649', '9007199254740991', '9007199254740993', '9223372036854775807', '18446744073709551616'),
  fc.bigInt({ min: -(10n ** 400n), max: 10n ** 400n }).map(String),
  fc.nat({ max: 200 }).map((n) => '0'.repeat(n % 40) + String(n)),
);

/** Text that is not a plain integer: decimals, exponents, words, spaces, signs, special numbers. */
export const junkText = fc.oneof(
  fc.constantFrom(
    '1.5',
    '1e3',
    '1E400',
    '-1e-9',
    'abc',
    ' 7',
    '7 ',
    '+',
    '-',
    '--1',
    '0x10',
    '0b1',
    '0o7',
    'Infinity',
    '-Infinity',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '١٢',
    '７',
    '\u00a01',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

/** Percent-encodes every byte of a string, so that any text survives a query string. */
export function encodeAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** A raw query value as it may appear on the wire: plain, fully encoded, broken escapes, invalid UTF-8. */
export const wireValue = fc.oneof(
  integerText,
  junkText.map(encodeURIComponent),
  junkText.map(encodeAll),
  fc.constantFrom('', '%', '%%', '%zz', '%2', '%C3%28', '%FF%FE', '%00', '%E2%80%AE', '+', '1+2', '%2B5', '%2D5', '%20%31', '1%00'),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
);

/**
 * A value wrapped in levels of arrays, objects or GeoJSON GeometryCollections: the depth dimension
 * of the body fuzzers, around MAX_JSON_DEPTH and far past it (a 400 `invalid_body` naming the
 * limit, never a 500 from an overflowed stack).
 */
export function nestedIn(leaf: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const depths = fc.constantFrom(2, MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 1_000);
  return fc.tuple(leaf, depths, fc.constantFrom('array', 'object', 'geometry')).map(([value, depth, kind]) => {
    let out = value;
    for (let i = 0; i < depth; i++) out = kind === 'array' ? [out] : kind === 'object' ? { a: out } : { type: 'GeometryCollection', geometries: [out] };
    return out;
  });
}

/** Whether a JSON text nests deeper than the server accepts (measured without recursion). */
export function tooDeep(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  try {
    checkJsonDepth(value, 'body');
    return false;
  } catch {
    return true;
  }
}
