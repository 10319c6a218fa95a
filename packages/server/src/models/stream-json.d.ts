/** The parts of stream-json (no bundled types) that the importer uses. */
declare module 'stream-json/Parser.js' {
  import type { Duplex } from 'node:stream';
  const Parser: { make(options?: object): Duplex };
  export default Parser;
}
declare module 'stream-json/filters/Pick.js' {
  import type { Duplex } from 'node:stream';
  const Pick: { make(options: { filter: string }): Duplex };
  export default Pick;
}
declare module 'stream-json/streamers/StreamArray.js' {
  import type { Duplex } from 'node:stream';
  const StreamArray: { make(options?: object): Duplex };
  export default StreamArray;
}
