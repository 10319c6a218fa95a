/**
 * A WMS or mvt layer's `data.layers` as a list of names: an array as it is, or a comma-separated
 * string split (Re:Earth accepts either form for both types, docs/contract.md §8). Undefined when
 * it names none.
 */
export function layerNames(value: unknown): string[] | undefined {
  const names = (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [])
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 ? names : undefined;
}
