import { createRequire } from 'node:module';
import type * as CesiumModule from 'cesium';
import { CSS_COLOR_NAMES, isCssColor, styleExpressionError } from '@orbis/scene';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/*
 * The server checks style expressions and colours without CesiumJS (@orbis/scene); the viewer
 * hands them to CesiumJS. This test proves both accept and refuse the same set: every entry of a
 * hand-written corpus and thousands of generated ones go to CesiumJS's real `Expression` — from
 * the same prebuilt bundle that the pages load from `/cesium/`, with the jsep it bundles — and to
 * the shared check, and the verdicts must be equal.
 */
const Cesium = createRequire(import.meta.url)('cesium/Build/Cesium/index.cjs') as typeof CesiumModule;

function cesiumAccepts(source: string): boolean {
  try {
    new Cesium.Expression(source);
    return true;
  } catch {
    return false;
  }
}

/** CesiumJS never returns on a quote left open before `${`: such text is not given to it. */
const hangsCesium = (source: string) => styleExpressionError(source)?.startsWith('Unclosed quote') === true;

function verdicts(source: string): { cesium: boolean; shared: boolean } {
  return { cesium: cesiumAccepts(source), shared: styleExpressionError(source) === undefined };
}

const CORPUS = [
  '',
  ' ',
  '1',
  '-1.5e3',
  'true',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'this',
  '"text"',
  "'text'",
  '"${a} b"',
  '${a}',
  '${a.b}',
  '${a[0]}',
  '${feature["x y"]}',
  '${a',
  'a}',
  '${}',
  '${tiles3d_tileset_time}',
  'czm_a',
  '${a} ${b}',
  '${a} + 1',
  '${a} +',
  '${a} - -1',
  '!${a}',
  '~${a}',
  '${a} ** 2',
  '${a} == 1',
  '${a} === 1',
  '${a} !== 1',
  '${a} != 1',
  '${a} & 1',
  '${a} | 1',
  '${a} ^ 1',
  '${a} << 1',
  '${a} >>> 1',
  '${a} && ${b}',
  '${a} || ${b}',
  '${a} =~ regExp("x")',
  '${a} !~ regExp("x")',
  '${a} ? 1 : 2',
  '${a} ? 1',
  '(${a})',
  '((1)',
  '[1, 2, 3]',
  '[1, , 3]',
  '[]',
  '${a}[1]',
  '${a}.b',
  'a.b',
  'Math.PI',
  'Math.E',
  'Math.foo',
  'Math["PI"]',
  'Number.POSITIVE_INFINITY',
  'Number.MAX_VALUE',
  'regExp(Math.foo)',
  'regExp("a", Math.foo)',
  'regExp(${a}, Math.foo)',
  'color()',
  'color("red")',
  'color("red", 0.5)',
  'color(1, 2, 3)',
  'rgb(1, 2)',
  'rgb(1, 2, 3)',
  'rgb(1, 2, 3, 4)',
  'rgba(1, 2, 3)',
  'rgba(1, 2, 3, 0.5)',
  'hsl(0.1, 0.2, 0.3)',
  'hsla(0.1, 0.2, 0.3, 1)',
  'hsla(1)',
  'vec2()',
  'vec4(1, 2, 3, 4, 5)',
  'isNaN()',
  'isNaN(1)',
  'isFinite()',
  'isExactClass()',
  'isExactClass("a")',
  'isClass("a", "b")',
  'getExactClassName()',
  'getExactClassName(1)',
  'abs()',
  'abs(1)',
  'abs(1, 2)',
  'sqrt(4)',
  'length(vec2(1, 2))',
  'normalize()',
  'atan2(1)',
  'atan2(1, 2)',
  'pow(2, 3)',
  'min(1, 2)',
  'max(1)',
  'distance(1, 2)',
  'dot(1, 2)',
  'cross(1, 2)',
  'clamp(1, 2, 3)',
  'clamp(1, 2)',
  'mix(1, 2, 0.5)',
  'Boolean()',
  'Boolean(1)',
  'Number("1")',
  'String()',
  'String(1, 2)',
  'regExp()',
  'regExp("a")',
  'regExp("(")',
  'regExp("a", "g")',
  'regExp("a", "q")',
  'regExp("a", 1)',
  'regExp("a", null)',
  'regExp("a", undefined)',
  'regExp(${a})',
  'regExp(${a}, "x")',
  'regExp("a", ${b})',
  'regExp("\\\\d+")',
  'regExp("a").test("a")',
  'regExp("a").test()',
  'regExp("a").exec()',
  'regExp("a").exec("a")',
  'regExp("a").foo("a")',
  '${a}.test(1)',
  'x.test(1)',
  '${a}.toString()',
  '(1).toString()',
  'foo()',
  'alert(1)',
  'eval("1")',
  'constructor(1)',
  'constructor()',
  'toString(1)',
  'hasOwnProperty(1)',
  'valueOf(1)',
  '__proto__(1)',
  'window',
  'document.cookie',
  'fetch("x")',
  '(1)(2)',
  '"a"(1)',
  '1 2',
  '1; 2',
  '1, 2',
  '(1, 2)',
  '${a} > 1 ? color("red") : color("blue")',
  'regExp("^Chest").test(${County}) && (${YearBuilt} >= 1970)',
  '"\\\\"',
  "'\\''",
  '"a\\nb"',
  '"${a}',
  "'${a}",
  "'${a}'",
  '"a" + \'${b}',
  '`${a}`',
  '${a} = 1',
  '${a}++',
  'new Date()',
  'typeof ${a}',
  '${a} in ${b}',
  'function() {}',
  '() => 1',
  '{}',
  '${a} ?? 1',
  '${a}?.b',
  '1 +\n 2',
  '\t${a}\t',
];

describe('style expressions: the shared check and CesiumJS give the same verdicts', () => {
  it('on the hand-written corpus', () => {
    const differ = CORPUS.filter((s) => !hangsCesium(s)).filter((s) => {
      const v = verdicts(s);
      return v.cesium !== v.shared;
    });
    expect(differ).toEqual([]);
    // Both sides say yes and no: a corpus where one verdict never occurs would prove nothing.
    const accepted = CORPUS.filter((s) => styleExpressionError(s) === undefined).length;
    expect(accepted).toBeGreaterThan(40);
    expect(CORPUS.length - accepted).toBeGreaterThan(40);
  });

  it('refuses the text CesiumJS would hang on', () => {
    expect(hangsCesium("'open ${a}")).toBe(true);
    expect(hangsCesium('"${a}')).toBe(true);
    expect(hangsCesium('"${a}"')).toBe(false);
  });

  it('on generated token soups', () => {
    const tokens = [
      '${a}',
      '${b c}',
      '${',
      '}',
      '1',
      '0.5',
      '"s"',
      "'t'",
      '"',
      "'",
      '(',
      ')',
      '[',
      ']',
      ',',
      '.',
      '?',
      ':',
      '+',
      '-',
      '*',
      '/',
      '%',
      '!',
      '~',
      '===',
      '!==',
      '==',
      '>',
      '>=',
      '<',
      '&&',
      '||',
      '=~',
      '!~',
      '&',
      '**',
      '\\',
      'true',
      'null',
      'NaN',
      'undefined',
      'x',
      'Math',
      'PI',
      'Number',
      'color',
      'rgb',
      'rgba',
      'hsl',
      'vec3',
      'abs',
      'min',
      'clamp',
      'regExp',
      'test',
      'exec',
      'toString',
      'isNaN',
      'String',
      'constructor',
      'czm_q',
      'tiles3d_x',
      'getExactClassName',
      'isClass',
    ];
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 7 }), fc.boolean(), (parts, spaced) => {
        const source = parts.join(spaced ? ' ' : '');
        if (hangsCesium(source)) return;
        const v = verdicts(source);
        expect(v.shared, source).toBe(v.cesium);
        if (v.cesium) accepted++;
      }),
      { numRuns: 4000, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it('on generated expression trees, whole and cut', () => {
    const names = [
      'color',
      'rgb',
      'rgba',
      'hsl',
      'hsla',
      'vec2',
      'vec4',
      'abs',
      'sqrt',
      'atan2',
      'pow',
      'clamp',
      'mix',
      'isNaN',
      'isClass',
      'getExactClassName',
      'Boolean',
      'Number',
      'String',
      'regExp',
      'length',
      'cross',
      'foo',
      'toString',
      'valueOf',
    ];
    const tree = fc.letrec<{ expr: string }>((tie) => ({
      expr: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom('${a}', '${b}', '1', '2.5', '"x"', "'y'", 'true', 'null', 'NaN', 'Math.PI', 'Math.Q', 'zz', '"("', '"g"'),
        fc.tuple(fc.constantFrom('!', '-', '+', '~'), tie('expr')).map(([op, e]) => `${op}${e}`),
        fc
          .tuple(tie('expr'), fc.constantFrom('+', '*', '%', '===', '!==', '<', '&&', '||', '=~', '==', '&', '**'), tie('expr'))
          .map(([l, op, r]) => `(${l} ${op} ${r})`),
        fc.tuple(fc.constantFrom(...names), fc.array(tie('expr'), { maxLength: 4 })).map(([n, args]) => `${n}(${args.join(', ')})`),
        fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([t, l, r]) => `${t} ? ${l} : ${r}`),
        fc.tuple(tie('expr'), fc.constantFrom('.x', '[0]', '.test(1)', '.toString()')).map(([e, m]) => `${e}${m}`),
        fc.tuple(fc.array(tie('expr'), { maxLength: 2 }), fc.constantFrom('test', 'exec', 'foo')).map(([args, m]) => `regExp(${args.join(', ')}).${m}(\${x})`),
        fc.array(tie('expr'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
      ),
    })).expr;
    // Half the trees lose a stretch of text, so that broken syntax is tried as often as broken meaning.
    const source = fc.tuple(tree, fc.nat(), fc.nat({ max: 3 }), fc.boolean()).map(([text, at, n, cut]) => {
      if (!cut) return text;
      const i = at % (text.length + 1);
      return text.slice(0, i) + text.slice(i + n);
    });
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(source, (text) => {
        if (hangsCesium(text)) return;
        const v = verdicts(text);
        expect(v.shared, text).toBe(v.cesium);
        if (v.cesium) accepted++;
        else refused++;
      }),
      { numRuns: 4000, seed: 12 },
    );
    expect(accepted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });
});

describe('colours: isCssColor accepts exactly what CesiumJS reads', () => {
  const cesiumReads = (c: string) => Cesium.Color.fromCssColorString(c) !== undefined;

  it('reads every CSS colour name', () => {
    for (const name of CSS_COLOR_NAMES) {
      expect(isCssColor(name), name).toBe(true);
      expect(cesiumReads(name), name).toBe(true);
    }
  });

  it('on a corpus of colour strings', () => {
    const corpus = [
      'red',
      'RED',
      ' red ',
      'reddish',
      '#f00',
      '#f00a',
      '#ff00',
      '#ff000',
      '#ff0000',
      '#ff000080',
      '#ff00008',
      '#gg0000',
      'f00',
      'rgb(1,2,3)',
      'rgb(1 2 3)',
      'rgba(1,2,3,0.5)',
      'rgba(1, 2, 3 / 0.5)',
      'rgb(10%,20%,30%)',
      'rgb(1,2)',
      'rgb(-1,2,3)',
      'hsl(120,50%,50%)',
      'hsla(120, 50%, 50%, 0.5)',
      'hsl(120,50,50)',
      'hsl(1turn, 50%, 50%)',
      'url(x)',
      '',
      ' ',
      'constructor',
      'toString',
      'fromBytes',
      'packedLength',
      'clone',
      'TRANSPARENT',
      'Transparent',
      'lavenderblush',
      'lavendar_blush',
      'rebeccapurple',
    ];
    expect(corpus.filter((c) => isCssColor(c) !== cesiumReads(c))).toEqual([]);
  });
});
