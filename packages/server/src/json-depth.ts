import { InputError } from './input-error.ts';

/**
 * How deep a JSON value a request may send (objects and arrays inside each other). The deepest
 * thing Orbis reads, a scene's layer style or a geometry of an item, is about ten levels; Ajv and
 * the code after it recurse, and a value thousands of levels deep overflowed their stacks.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Throws an InputError (400 `invalid_body`) naming `where` and the limit when `value` nests deeper
 * than {@link MAX_JSON_DEPTH}. Walks without recursion, so that any depth is measured safely.
 */
export function checkJsonDepth(value: unknown, where: string): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth > MAX_JSON_DEPTH) throw new InputError(where, `${where}: nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
    for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push([child, depth + 1]);
  }
}
