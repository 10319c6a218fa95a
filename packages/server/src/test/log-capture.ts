import { PassThrough } from 'node:stream';

/** A log stream for a test server (startHarness's `logStream`), and everything written to it so far. */
export function logCapture(): { stream: PassThrough; text: () => Promise<string> } {
  const stream = new PassThrough();
  let lines = '';
  stream.on('data', (chunk: Buffer) => (lines += chunk.toString()));
  // Pino writes asynchronously: give the last lines a moment before reading.
  const text = async () => {
    await new Promise((r) => setTimeout(r, 100));
    return lines;
  };
  return { stream, text };
}
