// vt-pbf ships no types: the one function Orbis calls.
declare module 'vt-pbf' {
  const vtpbf: {
    fromGeojsonVt(layers: Record<string, { features: unknown[] }>, options?: { version?: number; extent?: number }): Uint8Array;
  };
  export default vtpbf;
}
