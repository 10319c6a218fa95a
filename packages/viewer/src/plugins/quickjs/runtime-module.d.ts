/** The plugin runtime (runtime/index.ts) bundled into one script at build time (build/sandbox-runtime-build.js). */
declare module 'virtual:orbis-sandbox-runtime' {
  /** A script whose completion value is the runtime's `start(host)`. */
  const script: string;
  export default script;
}
