import { describe, expect, it } from 'vitest';
import { StyleEvaluator, styleFeature } from './cesium-style-evaluator.js';

const css = (ev: StyleEvaluator, field: Parameters<StyleEvaluator['color']>[0], properties: Record<string, unknown>) =>
  ev.color(field, styleFeature(properties))?.toCssHexString();

describe('StyleEvaluator memoises by the properties an expression reads', () => {
  it('gives each feature its own result when results are vectors CesiumJS reuses', () => {
    const ev = new StyleEvaluator();
    const field = { expression: 'color(${c})' };
    expect(['red', 'blue', 'red', 'lime', 'blue'].map((c) => css(ev, field, { c }))).toEqual(['#ff0000', '#0000ff', '#ff0000', '#00ff00', '#0000ff']);
  });

  it('keys on every property read, in conditions too', () => {
    const ev = new StyleEvaluator();
    const field = {
      conditions: [
        ['${a} === 1 && ${b} === 1', "color('red')"],
        ['${a} === 1', "color('blue')"],
        ['true', "color('white')"],
      ] as [string, string][],
    };
    expect(
      [
        { a: 1, b: 1 },
        { a: 1, b: 2 },
        { a: 2, b: 1 },
        { a: 1, b: 1 },
      ].map((p) => css(ev, field, p)),
    ).toEqual(['#ff0000', '#0000ff', '#ffffff', '#ff0000']);
  });

  it('still evaluates right past the memo limit and for expressions it cannot key', () => {
    const ev = new StyleEvaluator();
    const field = { expression: '${v} * 2' };
    for (let v = 0; v < 10_000; v++) expect(ev.number(field, styleFeature({ v }))).toBe(v * 2);
    const byFeature = { expression: "${feature['v']} + 1" };
    expect([1, 2, 1].map((v) => ev.number(byFeature, styleFeature({ v })))).toEqual([2, 3, 2]);
  });
});
