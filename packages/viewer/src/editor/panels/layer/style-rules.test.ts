import { styleExpressionError } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { defaultScene } from '@orbis/scene';
import { validateScene } from '../../../../../server/src/scenes/scene-validator.js';
import { paletteOf, PALETTES } from './palettes.js';
import { StyleEvaluator, styleFeature } from '../../../engine/cesium/layers/cesium-style-evaluator.js';
import { legendLabel } from '../../../layers-ui/legend-label.js';
import {
  categoricalConditions,
  classBreaks,
  graduatedConditions,
  OTHER_COLOUR,
  parseBreaks,
  pointSizeExpression,
  propertyOfRef,
  propertyRef,
} from './style-rules.js';

const allValid = (rows: [string, string][]) => rows.flat().every((e) => styleExpressionError(e) === undefined);
const okabe = PALETTES[0]!.colours;
const viridis = paletteOf('Viridis', 'sequential').colours;

describe('categoricalConditions', () => {
  it('gives each value a colour, most frequent first, quoting text, and the rest grey', () => {
    const rows = categoricalConditions('kind', ['park', 'shop', 'park', "o'clock", 3, null, '', `"both'`]);
    expect(rows).toEqual([
      ["${kind} === 'park'", `color('${okabe[0]}')`],
      ["${kind} === 'shop'", `color('${okabe[1]}')`],
      ['${kind} === "o\'clock"', `color('${okabe[2]}')`],
      ['${kind} === 3', `color('${okabe[3]}')`],
      ['true', `color('${OTHER_COLOUR}')`],
    ]);
    expect(allValid(rows)).toBe(true);
  });

  it('takes the chosen palette and opacity', () => {
    const tableau = paletteOf('Tableau 10', 'qualitative');
    expect(categoricalConditions('kind', ['a'], { palette: tableau, opacity: 0.5 })).toEqual([
      ["${kind} === 'a'", `color('${tableau.colours[0]}', 0.5)`],
      ['true', `color('${OTHER_COLOUR}', 0.5)`],
    ]);
  });
});

describe('classBreaks', () => {
  const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('breaks at quantiles, values of the data', () => expect(classBreaks(ten, 5, 'quantile')).toEqual([3, 5, 7, 9]));
  it('breaks at equal intervals, rounded to read well', () => {
    expect(classBreaks(ten, 3, 'equal')).toEqual([4, 7]);
    expect(classBreaks([0, 0.1, 1], 3, 'equal')).toEqual([0.33, 0.67]);
    expect(classBreaks([1000, 5000000], 4, 'equal')).toEqual([1250750, 2500500, 3750250]);
  });
  it('drops breaks that coincide or hold nothing below them', () => {
    expect(classBreaks([5, 5, 5], 3)).toEqual([]);
    expect(classBreaks([1, 1, 1, 1, 2], 5)).toEqual([2]);
  });
});

describe('graduatedConditions', () => {
  it('gives classes that do not overlap, lowest first, each a colour of the ramp', () => {
    const rows = graduatedConditions('pop', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], {
      palette: paletteOf('Viridis', 'sequential'),
      classes: 3,
      method: 'equal',
      opacity: 0.8,
    });
    expect(rows).toEqual([
      ['${pop} < 4', `color('${viridis[0]}', 0.8)`],
      ['${pop} >= 4 && ${pop} < 7', `color('${viridis[3]}', 0.8)`],
      ['${pop} >= 7', `color('${viridis[6]}', 0.8)`],
    ]);
    expect(allValid(rows)).toBe(true);
  });

  it('copes with few or no numbers', () => {
    expect(graduatedConditions('x', ['a', null, true])).toEqual([['true', `color('${OTHER_COLOUR}')`]]);
    expect(graduatedConditions('x', [5, 5, 5])).toHaveLength(1);
  });

  it('stays a valid CesiumJS style in a scene, by the scene validator', () => {
    const scene = defaultScene();
    const conditions = graduatedConditions('fill-opacity', [0.1, 0.5, 0.9, 2], { opacity: 0.3 });
    scene.layers.push({
      id: 'a',
      title: 'A',
      type: 'geojson',
      url: '/a.geojson',
      visible: true,
      appearance: { polygon: { fillColor: { conditions }, strokeColor: '#112233', strokeWidth: 2, stroke: true } },
    } as never);
    expect(() => validateScene(scene)).not.toThrow();
    scene.layers[0]!.appearance = { polygon: { fillColor: { conditions: [['${x} <', "color('red')"]] } } };
    expect(() => validateScene(scene)).toThrow(/conditions/);
  });
});

describe('chosen breaks (issue 29)', () => {
  it('reads the breaks a map maker types, in order and each once, or says what is wrong', () => {
    expect(parseBreaks(' 4, 3;3  10.5 -1 ')).toEqual({ breaks: [-1, 3, 4, 10.5] });
    expect(parseBreaks('')).toEqual({ error: expect.stringMatching(/^Type where classes begin/) });
    expect(parseBreaks('3, four')).toEqual({ error: expect.stringMatching(/^"four" is not a number/) });
  });

  it('writes one §7 condition per class between the breaks, whatever the data, read by the legend as "rating < 3", "rating 3–4", "rating ≥ 4"', () => {
    const rows = graduatedConditions('rating', [1, 2, 5], { palette: paletteOf('Viridis', 'sequential'), method: 'breaks', breaks: [3, 4], classes: 7 });
    expect(rows).toEqual([
      ['${rating} < 3', `color('${viridis[0]}')`],
      ['${rating} >= 3 && ${rating} < 4', `color('${viridis[3]}')`],
      ['${rating} >= 4', `color('${viridis[6]}')`],
    ]);
    expect(allValid(rows)).toBe(true);
    expect(rows.map(([c], i) => legendLabel(c, i === rows.length - 1))).toEqual(['rating < 3', 'rating 3–4', 'rating ≥ 4']);
    // A value on a break starts the class above it.
    const ev = new StyleEvaluator();
    expect([2.9, 3, 4, 9].map((rating) => ev.color({ conditions: rows }, styleFeature({ rating }))?.toCssHexString())).toEqual(
      [viridis[0], viridis[3], viridis[6], viridis[6]].map((c) => c!.toLowerCase()),
    );
  });
});

describe('pointSizeExpression (issue 29)', () => {
  const sizeOf = (expression: string, properties: Record<string, unknown>) => new StyleEvaluator().number({ expression }, styleFeature(properties));

  it('maps the least value to the least size and the greatest to the greatest, linearly, clamped, as a §7 expression', () => {
    const e = pointSizeExpression('rating', [2, 4, 'n/a', 6], { minPixels: 5, maxPixels: 25 });
    expect(styleExpressionError(e)).toBeUndefined();
    expect([2, 3, 4, 6, 10, 0].map((rating) => sizeOf(e, { rating }))).toEqual([5, 10, 15, 25, 25, 5]);
    expect(sizeOf(e, {})).toBe(5);
    expect(sizeOf(e, { rating: 'n/a' })).toBe(5);
  });

  it('works for names that are not identifiers, one value, and sizes given the other way round', () => {
    const e = pointSizeExpression('人口', [100, 300], { minPixels: 20, maxPixels: 4 });
    expect([100, 200, 300].map((v) => sizeOf(e, { 人口: v }))).toEqual([20, 12, 4]);
    expect(sizeOf(pointSizeExpression('x', [7, 7], { minPixels: 4, maxPixels: 30 }), { x: 7 })).toBe(30);
  });
});

describe('propertyRef and propertyOfRef', () => {
  it('reads a property by name, quoting a name that is not an identifier, and back', () => {
    expect(propertyRef('population')).toBe('${population}');
    expect(propertyRef('fill-opacity')).toBe('${feature["fill-opacity"]}');
    expect(propertyRef('人口 "2020"')).toBe(`\${feature['人口 "2020"']}`);
    for (const name of ['population', 'fill-opacity', '人口 "2020"']) {
      expect(styleExpressionError(propertyRef(name))).toBeUndefined();
      expect(propertyOfRef(propertyRef(name))).toBe(name);
    }
    expect(propertyOfRef('${a} + 1')).toBeUndefined();
  });
});
