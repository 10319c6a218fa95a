/** A value as it should appear in an error message: strings quoted, everything else as written. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Throws a TypeError unless `value` is of type number (NaN and the infinities pass: they are numbers). */
export function requireNumber(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${show(value)}`);
}

/** Throws a TypeError unless `value` is a number, then a RangeError unless it is finite. */
export function requireFinite(name: string, value: unknown): asserts value is number {
  requireNumber(name, value);
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${show(value)}`);
}

/** Throws unless `value` is an integer from `min` to `max` inclusive. */
export function requireInteger(name: string, value: unknown, min: number, max: number): asserts value is number {
  requireNumber(name, value);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(value)}`);
  }
}

/** Throws a TypeError unless `value` is an array of three numbers (not necessarily finite). */
export function requireTriple(name: string, value: unknown): asserts value is readonly [number, number, number] {
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'number')) {
    throw new TypeError(`${name} must be an array of three numbers [x, y, z], got ${show(value)}`);
  }
}

/** Throws a TypeError unless `result` is absent or an array that can receive the answer. */
export function requireResult(result: unknown): void {
  if (result !== undefined && !Array.isArray(result)) {
    throw new TypeError(`result must be an array or undefined, got ${show(result)}`);
  }
}
