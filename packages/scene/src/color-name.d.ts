/** color-name ships no types: the CSS named colours, each to its `[r, g, b]`. */
declare module 'color-name' {
  const names: Record<string, [number, number, number]>;
  export default names;
}
