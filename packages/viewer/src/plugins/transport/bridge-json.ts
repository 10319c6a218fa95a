/** The longest JSON a plugin may hand to the host in one call (console lines are cut instead). */
export const MAX_BRIDGE_CHARS = 1024 * 1024;
/** The deepest nesting a plugin may hand to the host: property objects are a few levels deep. */
export const MAX_BRIDGE_DEPTH = 64;

/**
 * Parses the JSON a plugin handed to the host. The host's code recurses over these values and
 * pushes them to every other plugin, so size and depth are bounded here, once, for every
 * operation; `__proto__` keys are dropped so no merge can set a prototype.
 * Throws RangeError (which the plugin receives) on a value out of bounds.
 */
export function parseBridgeJson(op: string, text: string, limitSize = true): unknown {
  if (limitSize && text.length > MAX_BRIDGE_CHARS) {
    throw new RangeError(`${op}: the value is ${text.length} characters as JSON; at most ${MAX_BRIDGE_CHARS}`);
  }
  const depth = jsonDepth(text);
  if (depth > MAX_BRIDGE_DEPTH) throw new RangeError(`${op}: the value nests ${depth} levels deep; at most ${MAX_BRIDGE_DEPTH}`);
  return JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value));
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}
