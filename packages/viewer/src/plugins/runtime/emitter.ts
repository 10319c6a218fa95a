import type { Bridge } from './bridge.js';

interface Entry {
  listener: (...args: any[]) => void;
  once: boolean;
}

/**
 * One namespace's events inside the sandbox: `on` (with `{once}`, returning the unsubscribe
 * function), `off`, and delivery. Listener lists live here, so `off` compares real function
 * identity; the host learns only which events have listeners, and sends only those.
 */
export class Emitter {
  private readonly listeners = new Map<string, Entry[]>();

  constructor(
    private readonly bridge: Bridge,
    /** The namespace as a plugin writes it, for error messages (`camera.on`). */
    private readonly label: string,
    private readonly prefix: string,
    private readonly names: readonly string[],
    /** Per event, how a payload that crossed as JSON becomes what listeners get (a time to a Date, null to undefined). */
    private readonly convert: Record<string, (payload: any) => unknown> = {},
  ) {
    for (const name of names) this.listeners.set(name, []);
  }

  private list(method: string, event: unknown): Entry[] {
    const list = typeof event === 'string' ? this.listeners.get(event) : undefined;
    if (!list) throw new TypeError(`${this.label}.${method}: "${String(event)}" is not an event; events: ${this.names.join(', ')}`);
    return list;
  }

  on(event: string, listener: (...args: any[]) => void, options?: { once?: boolean }): () => void {
    const list = this.list('on', event);
    if (typeof listener !== 'function') throw new TypeError(`${this.label}.on: the listener must be a function`);
    list.push({ listener, once: !!(options && options.once) });
    if (list.length === 1) this.bridge.call('subscribe', [this.prefix + event, true]);
    return () => this.off(event, listener);
  }

  off(event: string, listener: (...args: any[]) => void): void {
    const list = this.list('off', event);
    const i = list.findIndex((e) => e.listener === listener);
    if (i < 0) return;
    list.splice(i, 1);
    if (list.length === 0) this.bridge.call('subscribe', [this.prefix + event, false]);
  }

  /** Calls each listener of `event` with `args`; a listener that throws is reported, the others still run. */
  emit(event: string, args: unknown[]): void {
    const list = this.listeners.get(event);
    if (!list || list.length === 0) return;
    const convert = this.convert[event];
    if (convert && args.length === 1) args = [convert(args[0])];
    for (const entry of list.slice()) {
      if (entry.once) this.off(event, entry.listener);
      try {
        if (args.length === 1) entry.listener(args[0]);
        else entry.listener(...args);
      } catch (err) {
        this.bridge.report(err);
      }
    }
  }
}
