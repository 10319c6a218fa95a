import jsep from 'jsep';

/**
 * The check of the 3D Tiles styling language that CesiumJS applies when it builds an `Expression`
 * (`@cesium/engine/Source/Scene/Expression.js`), done without CesiumJS so that the server can run
 * it. It takes the same steps in the same order: backslashes are set aside, `${name}` becomes the
 * identifier `czm_name`, the text is parsed by jsep — the parser CesiumJS bundles, at the version
 * its build bundles (1.4.0) and with the same two extra operators `=~` and `!~` — and the tree is
 * walked with CesiumJS's rules (known functions and their argument counts, known identifiers and
 * operators, regular expressions that compile). A viewer test feeds one corpus to this check and
 * to CesiumJS's real `Expression` and requires the same verdict for every entry.
 *
 * One deliberate difference: CesiumJS never returns on a quote left open before a `${…}` (its
 * variable substitution loops forever); this check refuses such text instead.
 */
jsep.addBinaryOp('=~', 0);
jsep.addBinaryOp('!~', 0);

/** Why an expression was refused. */
export class StyleExpressionError extends Error {
  override readonly name = 'StyleExpressionError';
}

/** Returns why CesiumJS would refuse `source` as a style expression, or `undefined` if it would accept it. */
export function styleExpressionError(source: string): string | undefined {
  try {
    checkStyleExpression(source);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Throws a StyleExpressionError saying why CesiumJS would refuse `source`; returns if it would accept it. */
export function checkStyleExpression(source: string): void {
  const text = replaceVariables(source.replace(/\\/g, '@#%'));
  let ast: jsep.Expression;
  try {
    ast = jsep(text);
  } catch (err) {
    throw new StyleExpressionError(err instanceof Error ? err.message : String(err));
  }
  walk(ast);
}

function replaceVariables(expression: string): string {
  let exp = expression;
  let result = '';
  let i = exp.indexOf('${');
  while (i >= 0) {
    const single = exp.indexOf("'");
    const double = exp.indexOf('"');
    const quote = single >= 0 && single < i ? { at: single, mark: "'" } : double >= 0 && double < i ? { at: double, mark: '"' } : undefined;
    if (quote) {
      const close = exp.indexOf(quote.mark, quote.at + 1);
      if (close < 0) throw new StyleExpressionError(`Unclosed quote ${quote.mark} before a \${…}.`);
      result += exp.slice(0, close + 1);
      exp = exp.slice(close + 1);
    } else {
      result += exp.slice(0, i);
      const j = exp.indexOf('}');
      if (j < 0) throw new StyleExpressionError('Unmatched {.');
      result += `czm_${exp.slice(i + 2, j)}`;
      exp = exp.slice(j + 1);
    }
    i = exp.indexOf('${');
  }
  return result + exp;
}

/**
 * What CesiumJS's `createRuntimeAst` would make of a node, as far as a later rule needs it:
 * whether it is one of its literal node types, and that node's value (`regExp` compiles literal
 * arguments at once). `undefined` where CesiumJS makes no node (`Math.foo`).
 */
type Made = { literal: boolean; value?: unknown } | undefined;

const LIT = (value: unknown): Made => ({ literal: true, value });
const NON: Made = { literal: false };
const UNARY_OPERATORS = ['!', '-', '+'];
const BINARY_OPERATORS = ['+', '-', '*', '/', '%', '===', '!==', '>', '>=', '<', '<=', '&&', '||', '!~', '=~'];
/**
 * CesiumJS looks functions up in plain objects, so names inherited from `Object.prototype`
 * (`constructor`, `toString`, …) count as one-argument functions there; these tables are plain
 * objects too, so that both accept the same names.
 */
const table = (names: string[]): Record<string, unknown> => Object.fromEntries(names.map((k) => [k, true]));
const UNARY_FUNCTIONS = table([
  'abs',
  'sqrt',
  'cos',
  'sin',
  'tan',
  'acos',
  'asin',
  'atan',
  'radians',
  'degrees',
  'sign',
  'floor',
  'ceil',
  'round',
  'exp',
  'exp2',
  'log',
  'log2',
  'fract',
  'length',
  'normalize',
]);
const BINARY_FUNCTIONS = table(['atan2', 'pow', 'min', 'max', 'distance', 'dot', 'cross']);
const TERNARY_FUNCTIONS = table(['clamp', 'mix']);
const defined = (value: unknown) => value !== undefined && value !== null;

function fail(message: string): never {
  throw new StyleExpressionError(message);
}

function walk(node: jsep.Expression | null | undefined): Made {
  // CesiumJS reads `.type` of whatever it is given; a hole in an array literal makes it throw.
  if (node === null || node === undefined) fail('Cannot parse expression.');
  const n = node as jsep.Expression & Record<string, any>;
  switch (n.type) {
    case 'Literal': {
      const value = n.value;
      if (typeof value === 'string') return value.includes('${') ? NON_LITERAL_STRING : LIT(value.replace(/@#%/g, '\\'));
      return LIT(value);
    }
    case 'CallExpression':
      return call(n);
    case 'Identifier': {
      const name = String(n.name);
      if (name.startsWith('czm_')) return name.slice(4).startsWith('tiles3d_') ? LIT(name.slice(4)) : NON;
      if (name === 'NaN') return LIT(NaN);
      if (name === 'Infinity') return LIT(Infinity);
      if (name === 'undefined') return LIT(undefined);
      return fail(`${name} is not defined.`);
    }
    case 'UnaryExpression':
      walk(n.argument);
      if (!UNARY_OPERATORS.includes(n.operator)) fail(`Unexpected operator "${n.operator}".`);
      return NON;
    case 'BinaryExpression':
      walk(n.left);
      walk(n.right);
      if (!BINARY_OPERATORS.includes(n.operator)) fail(`Unexpected operator "${n.operator}".`);
      return NON;
    case 'LogicalExpression':
      walk(n.left);
      walk(n.right);
      return BINARY_OPERATORS.includes(n.operator) ? NON : undefined;
    case 'ConditionalExpression':
      walk(n.test);
      walk(n.consequent);
      walk(n.alternate);
      return NON;
    case 'MemberExpression':
      return member(n);
    case 'ArrayExpression':
      for (const element of n.elements as (jsep.Expression | null)[]) walk(element);
      return NON;
    case 'Compound':
      return fail('Provide exactly one expression.');
    default:
      return fail('Cannot parse expression.');
  }
}

const NON_LITERAL_STRING: Made = { literal: false };

function member(n: Record<string, any>): Made {
  if (n.object?.name === 'Math') {
    const name = n.property?.name;
    return name === 'PI' ? LIT(Math.PI) : name === 'E' ? LIT(Math.E) : undefined;
  }
  if (n.object?.name === 'Number') return n.property?.name === 'POSITIVE_INFINITY' ? LIT(Number.POSITIVE_INFINITY) : undefined;
  walk(n.object);
  if (n.computed) walk(n.property);
  return NON;
}

function call(n: Record<string, any>): Made {
  const args = n.arguments as jsep.Expression[];
  const count = args.length;
  if (n.callee.type === 'MemberExpression') {
    const name = n.callee.property.name;
    const object = n.callee.object;
    if (name === 'test' || name === 'exec') {
      if (object.callee === undefined || object.callee.name !== 'regExp') fail(`${name} is not a function.`);
      if (count === 0) return name === 'test' ? LIT(false) : LIT(null);
      walk(object);
      walk(args[0]);
      return NON;
    }
    if (name === 'toString') {
      walk(object);
      return NON;
    }
    return fail(`Unexpected function call "${name}".`);
  }
  const name = n.callee.name;
  const need = (k: number, message: string) => {
    if (count < k) fail(`${name} ${message}`);
    for (let i = 0; i < k; i++) walk(args[i]);
  };
  const exactly = (k: number, message: string) => {
    if (count !== k) fail(`${name} ${message}`);
    for (let i = 0; i < k; i++) walk(args[i]);
  };
  switch (name) {
    case 'color':
      if (count === 0) return LIT(name);
      walk(args[0]);
      if (args[1] !== undefined) walk(args[1]);
      return LIT(name);
    case 'rgb':
    case 'hsl':
      need(3, 'requires three arguments.');
      return LIT(name);
    case 'rgba':
    case 'hsla':
      need(4, 'requires four arguments.');
      return LIT(name);
    case 'vec2':
    case 'vec3':
    case 'vec4':
      for (const arg of args) walk(arg);
      return LIT(name);
    case 'isNaN':
    case 'isFinite':
      if (count === 0) return LIT(name === 'isNaN');
      walk(args[0]);
      return NON;
    case 'isExactClass':
    case 'isClass':
      exactly(1, 'requires exactly one argument.');
      return NON;
    case 'getExactClassName':
      if (count > 0) fail(`${name} does not take any argument.`);
      return NON;
    case 'Boolean':
    case 'Number':
    case 'String':
      if (count === 0) return LIT(name === 'Boolean' ? false : name === 'Number' ? 0 : '');
      walk(args[0]);
      return NON;
    case 'regExp':
      return regExp(args);
  }
  if (defined(UNARY_FUNCTIONS[name])) exactly(1, 'requires exactly one argument.');
  else if (defined(BINARY_FUNCTIONS[name])) exactly(2, 'requires exactly two arguments.');
  else if (defined(TERNARY_FUNCTIONS[name])) exactly(3, 'requires exactly three arguments.');
  else fail(`Unexpected function call "${name}".`);
  return NON;
}

function regExp(args: jsep.Expression[]): Made {
  if (args.length === 0) return LIT(new RegExp(''));
  const pattern = walk(args[0]);
  const flags = args.length > 1 ? walk(args[1]) : undefined;
  // CesiumJS reads `_type` of the nodes it made, in this order; where it made none (`Math.foo`) that throws.
  if (pattern === undefined) fail('Cannot read the pattern of regExp.');
  if (!pattern.literal) return NON;
  if (args.length > 1) {
    if (flags === undefined) fail('Cannot read the flags of regExp.');
    if (!flags.literal) return NON;
  }
  try {
    return LIT(new RegExp(String(pattern.value).replace(/@#%/g, '\\'), args.length > 1 ? (flags!.value as string) : undefined));
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}
