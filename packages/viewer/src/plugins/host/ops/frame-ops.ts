import type { FrameKind } from '../../viewer-services.js';
import type { FRAME_OPS } from '../../protocol/host-ops.js';
import type { OpContext, OpHandlers } from './host-op.js';

/** Keeps the options a plugin gave (JSON has turned an `undefined` field into `null` or dropped it). */
const given = (options: Record<string, unknown>) => Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined));

/** `app.modal`'s or `app.popup`'s show, update, post and close: the same on either kind. */
function frameHandlers(kind: FrameKind) {
  return {
    show: ({ sandbox, services }: OpContext, [html, options]: [string, Record<string, unknown>]) =>
      services.frames.show(kind, sandbox.label, html, given(options)),
    update: ({ sandbox, services }: OpContext, [options]: [Record<string, unknown>]) => services.frames.update(kind, sandbox.label, given(options)),
    post: ({ sandbox, services }: OpContext, [message]: [unknown]) => services.frames.post(kind, sandbox.label, message),
    close: ({ sandbox, services }: OpContext) => {
      // Only a shown frame closes, and says so (after this call returns: an event never enters a busy sandbox).
      if (services.frames.close(kind, sandbox.label)) sandbox.dispatch(`${kind}.close`, {});
    },
  };
}

const modal = frameHandlers('modal');
const popup = frameHandlers('popup');

/** `app.modal`'s and `app.popup`'s host operations (docs/contract.md §8). */
export const FRAME_HANDLERS: OpHandlers<typeof FRAME_OPS> = {
  'modal.show': modal.show,
  'modal.update': modal.update,
  'modal.post': modal.post,
  'modal.close': modal.close,
  'popup.show': popup.show,
  'popup.update': popup.update,
  'popup.post': popup.post,
  'popup.close': popup.close,
};
