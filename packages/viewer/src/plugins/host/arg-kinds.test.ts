import { describe, expect, it } from 'vitest';
import { type ArgSpec, checkArgs, KINDS } from './arg-kinds.js';

describe('checkArgs: one declarative check for every host operation', () => {
  const specs: ArgSpec[] = [
    ['direction', 'direction'],
    ['amount', 'number?'],
    ['box', { west: 'number', north: 'number?' }],
    ['options', ['object?', { duration: 'number?' }]],
  ];

  it('passes good arguments, with optional ones absent as null or undefined', () => {
    expect(() => checkArgs('op', specs, ['up', 3, { west: 1 }, undefined])).not.toThrow();
    expect(() => checkArgs('op', specs, ['up', null, { west: 1, north: null }, { duration: 2 }])).not.toThrow();
  });

  it('names the first wrong argument, nested fields by their path', () => {
    const cases: [unknown[], string][] = [
      [['sideways'], 'op: direction must be one of forward, backward, up, down, left, right, not "sideways"'],
      [['up', '3'], 'op: amount must be a finite number, not "3"'],
      [['up', 1, []], 'op: box must be an object, not []'],
      [['up', 1, {}], 'op: box.west is missing; it must be a finite number'],
      [['up', 1, { west: 1, north: 'n' }], 'op: box.north must be a finite number, not "n"'],
      [['up', 1, { west: 1 }, 5], 'op: options must be an object, not 5'],
      [['up', 1, { west: 1 }, { duration: true }], 'op: options.duration must be a finite number, not true'],
    ];
    for (const [args, message] of cases) expect(() => checkArgs('op', specs, args)).toThrow(new TypeError(message));
  });

  it('knows each kind it declares', () => {
    for (const [name, [test, wants]] of Object.entries(KINDS)) {
      expect(typeof test, name).toBe('function');
      expect(wants.length, name).toBeGreaterThan(3);
    }
    expect(KINDS.position[0]([1, 2, 3])).toBe(true);
    expect(KINDS.position[0]([1, 2])).toBe(false);
    expect(KINDS.httpUrl[0]('javascript:alert(1)')).toBe(false);
    expect(KINDS.cameraTarget[0]({ lng: 1, pitch: null })).toBe(true);
    expect(KINDS.cameraTarget[0]({ lng: 'x' })).toBe(false);
  });
});
