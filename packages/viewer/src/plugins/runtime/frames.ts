import type { Modal, Popup } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';

/**
 * Throws a TypeError naming the first number in `options` that is not finite: JSON would carry
 * NaN or Infinity as null, which the host reads as an absent option.
 */
function checkNumbers(op: string, path: string, value: unknown): void {
  if (typeof value === 'number' && value - value !== 0) throw new TypeError(`${op}: ${path} must be a finite number, not ${value}`);
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) checkNumbers(op, `${path}.${key}`, (value as Record<string, unknown>)[key]);
}

/** `app.modal` or `app.popup`: one frame of this extension besides its widget; the host checks the options. */
function createFrame<T extends Modal | Popup>(bridge: Bridge, kind: 'modal' | 'popup'): { frame: T; events: Emitter } {
  const { call, copy } = bridge;
  const events = new Emitter(bridge, kind, PLUGIN_EVENTS[kind].prefix, PLUGIN_EVENTS[kind].names);
  const frame = {
    show(html: string, options?: object) {
      checkNumbers(`${kind}.show`, 'options', options);
      call(`${kind}.show`, [html, options === undefined ? {} : copy(options)]);
    },
    update(options: object) {
      checkNumbers(`${kind}.update`, 'options', options);
      call(`${kind}.update`, [copy(options)]);
    },
    postMessage: (message: unknown) => call(`${kind}.post`, [copy(message)]),
    close: () => call(`${kind}.close`),
    on: (event: string, listener: (...args: any[]) => void, options?: { once?: boolean }) => events.on(event, listener, options),
    off: (event: string, listener: (...args: any[]) => void) => events.off(event, listener),
  };
  return { frame: frame as unknown as T, events };
}

/** `app.modal`: a dialog over the viewer. */
export const createModal = (bridge: Bridge) => createFrame<Modal>(bridge, 'modal');

/** `app.popup`: a frame beside the widget or pinned to a place. */
export const createPopup = (bridge: Bridge) => createFrame<Popup>(bridge, 'popup');
