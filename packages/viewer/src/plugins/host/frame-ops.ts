import type { Kind } from './arg-kinds.js';
import type { HostOps } from './host-op.js';

const MODAL_OPTIONS: Kind = { width: 'frameSize?', height: 'frameSize?', background: 'string?', clickBgToClose: 'boolean?' };
const POPUP_OPTIONS: Kind = {
  width: 'frameSize?',
  height: 'frameSize?',
  position: 'popupPosition?',
  offset: 'popupOffset?',
  anchor: ['object?', { lng: 'longitude', lat: 'latitude', height: 'number?' }],
};

/** Keeps the options a plugin gave (JSON has turned an `undefined` field into `null` or dropped it). */
const given = (options: Record<string, unknown>) => Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));

/**
 * `app.modal`'s or `app.popup`'s host operations: show, update, post, close. Each returns nothing
 * and fails only on its arguments, so a worker sandbox posts it without waiting (op-transport.ts).
 */
function frameOps(kind: 'modal' | 'popup', options: Kind): HostOps {
  return {
    [`${kind}.show`]: {
      args: [['html', 'string'], ['options', options]],
      transport: 'post',
      run: ({ sandbox, services }, [html, o]) => services.frames.show(kind, sandbox.label, html, given(o)),
    },
    [`${kind}.update`]: { args: [['options', options]], transport: 'post', run: ({ sandbox, services }, [o]) => services.frames.update(kind, sandbox.label, given(o)) },
    [`${kind}.post`]: {
      args: [['message', 'any']],
      transport: 'post',
      run: ({ sandbox, services, host }, [message]) => {
        if (host.admit(sandbox)) services.frames.post(kind, sandbox.label, message);
      },
    },
    [`${kind}.close`]: {
      args: [],
      transport: 'post',
      run: ({ sandbox, services }) => {
        // Only a shown frame closes, and says so (after this call returns: an event never enters a busy sandbox).
        if (services.frames.close(kind, sandbox.label)) sandbox.dispatch(`${kind}.close`, {});
      },
    },
  };
}

/** `app.modal`'s and `app.popup`'s host operations (SPEC §8); the options are checked before anything shows. */
export const FRAME_OPS: HostOps = { ...frameOps('modal', MODAL_OPTIONS), ...frameOps('popup', POPUP_OPTIONS) };
