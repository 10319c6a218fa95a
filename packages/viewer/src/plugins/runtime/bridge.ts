import type { BridgeCalls, HostOpArgs, HostOpNameOf } from '../protocol/host-ops.js';

/**
 * The runtime's one way out of the sandbox: `host(op, json) -> json | undefined`, strings only,
 * so no host object ever enters the sandbox. Errors the host throws come back as plain errors
 * with a `name`; they are rethrown here as the plugin's own `TypeError` / `RangeError`.
 */
export type HostFunction = (op: string, json: string) => string | undefined;

/** A call's arguments as a parameter list: omitted (or `[]`) for an operation that takes none. */
type ArgsParam<A extends unknown[]> = A extends [] ? [] | [args: []] : [args: A];

/**
 * The runtime's side of the protocol, typed from its one declaration (protocol/host-ops.ts): an
 * operation that is not declared, or a wrong argument, does not compile.
 */
export interface Bridge {
  /** A synchronous host operation (or a call the sandbox answers itself); its JSON answer, parsed. */
  call<N extends keyof BridgeCalls>(op: N, ...args: ArgsParam<BridgeCalls[N]>): any;
  /** An asynchronous host operation: a promise settled by {@link Bridge.settle}. */
  later<N extends HostOpNameOf<'async'>>(op: N, ...args: ArgsParam<HostOpArgs<N>>): Promise<any>;
  settle(id: number, ok: boolean, json: string | undefined): void;
  /** Reports an error thrown by a plugin's listener or timer (its console, as an error). */
  report(err: unknown): void;
  /** A deep copy through JSON: what crosses, and what a plugin gets, is never shared state. */
  copy<T>(value: T): T;
  parse(json: string): any;
}

export function createBridge(host: HostFunction): Bridge {
  // Taken before the plugin runs: a plugin that replaces JSON's methods or the error classes
  // still talks JSON and still gets real TypeErrors.
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const errors: Record<string, ErrorConstructor> = { TypeError, RangeError, Error };
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextPromise = 1;

  const send = (op: string, args?: unknown[]): any => {
    let out: string | undefined;
    try {
      out = host(op, stringify(args === undefined ? [] : args));
    } catch (err) {
      const e = err as { name?: string; message?: string } | undefined;
      const Kind = e && typeof e.name === 'string' ? errors[e.name] : undefined;
      throw Kind ? new Kind(String(e!.message)) : err;
    }
    return out === undefined ? undefined : parse(out);
  };
  const call = send as Bridge['call'];

  return {
    call,
    later: (op, args?: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextPromise++;
        pending.set(id, { resolve, reject });
        try {
          call('async', [id, op, args ?? []]);
        } catch (err) {
          pending.delete(id);
          reject(err);
        }
      }),
    settle(id, ok, json) {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      const value = json === undefined ? undefined : parse(json);
      if (ok) p.resolve(value);
      else p.reject(new Error(String(value)));
    },
    report(err) {
      const e = err as { message?: unknown; stack?: unknown } | undefined;
      call('error', [String(e && e.message !== undefined ? e.message : err), String((e && e.stack) || '')]);
    },
    copy: (value) => (value === undefined ? value : parse(stringify(value))),
    parse,
  };
}
