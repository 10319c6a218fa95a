import { describe, expect, it } from 'vitest';
import { cameraTarget, cssColor, direction, fields, finite, httpUrl, maybe, position, time } from './arg-schemas.js';
import { checkArgs } from './check-args.js';
import type { ArgDecl } from './host-ops.js';

describe('checkArgs: one declarative check for every host operation', () => {
  const args: ArgDecl[] = [
    ['direction', direction],
    ['amount', maybe(finite)],
    ['box', fields({ west: finite, north: maybe(finite) })],
    ['options', maybe(fields({ duration: maybe(finite) }))],
  ];

  it('passes good arguments, with optional ones absent as null or undefined', () => {
    expect(() => checkArgs('op', args, ['up', 3, { west: 1 }, undefined])).not.toThrow();
    expect(() => checkArgs('op', args, ['up', null, { west: 1, north: null }, { duration: 2 }])).not.toThrow();
  });

  it('names the first wrong argument, nested fields by their path', () => {
    const cases: [unknown[], string][] = [
      [['sideways'], 'op: direction must be one of forward, backward, up, down, left, right, not "sideways"'],
      [['up', '3'], 'op: amount must be a finite number, not "3"'],
      [['up', Number.NaN], 'op: amount must be a finite number, not NaN'],
      [['up', 1, []], 'op: box must be an object, not []'],
      [['up', 1, {}], 'op: box.west is missing; it must be a finite number'],
      [['up', 1, { west: 1, north: 'n' }], 'op: box.north must be a finite number, not "n"'],
      [['up', 1, { west: 1 }, 5], 'op: options must be an object, not 5'],
      [['up', 1, { west: 1 }, { duration: true }], 'op: options.duration must be a finite number, not true'],
    ];
    for (const [values, message] of cases) expect(() => checkArgs('op', args, values)).toThrow(new TypeError(message));
  });

  it('checks each schema as the kind it replaced did', () => {
    const ok = (schema: ArgDecl[1], value: unknown) => {
      try {
        checkArgs('op', [['v', schema]], [value]);
        return true;
      } catch {
        return false;
      }
    };
    expect(ok(position, [1, 2, 3])).toBe(true);
    expect(ok(position, [1, 2])).toBe(false);
    expect(ok(httpUrl, 'HTTPS://example.com')).toBe(true);
    expect(ok(httpUrl, 'javascript:alert(1)')).toBe(false);
    expect(ok(cameraTarget, { lng: 1, pitch: null })).toBe(true);
    expect(ok(cameraTarget, 'layer-1')).toBe(true);
    expect(ok(cameraTarget, { lng: 'x' })).toBe(false);
    expect(ok(cssColor, 'red')).toBe(true);
    expect(ok(cssColor, 'reddish')).toBe(false);
    expect(ok(time, '2024-01-02T03:04:05Z')).toBe(true);
    expect(ok(time, 1_700_000_000_000)).toBe(true);
    expect(ok(time, '2024-13-45')).toBe(false);
  });
});
