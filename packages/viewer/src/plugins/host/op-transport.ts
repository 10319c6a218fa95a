/**
 * How a call to a host operation crosses from a sandbox that runs in a worker (SPEC §11;
 * docs/plugin-isolation.md). On the main thread every operation is a plain call.
 * - `blocking` (the default): the worker waits (Atomics.wait) for the page's answer; right for
 *   anything that asks the engine, can fail after its arguments check, or returns a value.
 * - `post`: sent without waiting; the plugin gets `undefined` at once. Only for operations that
 *   return nothing and whose only errors are wrong arguments (checked in the worker from `args`);
 *   an error after that reaches the plugin's console instead.
 * - `state`: an argument-less read the page pushes to the worker whenever it may have changed
 *   (after every other operation, each frame the camera moves, each resize), answered there.
 */
export type OpTransport = 'blocking' | 'post' | 'state';

export const OP_TRANSPORTS: readonly OpTransport[] = ['blocking', 'post', 'state'];

/** An operation's transport: what it declares, else `blocking`; `async` operations are always posted and settled later. */
export function transportOf(op: { async?: boolean; transport?: OpTransport }): OpTransport | 'async' {
  if (op.async) return 'async';
  return op.transport ?? 'blocking';
}
