import type { UI_OPS } from '../../protocol/host-ops.js';
import type { OpHandlers } from './host-op.js';

/** `app.ui`'s and `app.extension`'s host operations. */
export const UI_HANDLERS: OpHandlers<typeof UI_OPS> = {
  'ui.show': ({ sandbox, services, host }, [html, options]) => {
    services.showUi(sandbox.label, html, options);
    host.widgetFrameChanged(sandbox);
  },
  'ui.resize': ({ sandbox, services, host }, [width, height, extended]) => {
    services.resizeUi(sandbox.label, width ?? undefined, height ?? undefined, extended ?? undefined);
    host.widgetFrameChanged(sandbox);
  },
  'ui.close': ({ sandbox, services }) => {
    services.closeUi(sandbox.label);
    // Delivered after this call returns (an event never enters a busy sandbox).
    sandbox.dispatch('ui.close', {});
  },
  // Counted against the plugin's message budget where it calls (quickjs-core.ts, MESSAGE_OPS).
  'ui.post': ({ sandbox, services }, [message]) => services.postToUi(sandbox.label, message),
  'extension.post': ({ sandbox, host }, [id, message]) => host.postToExtension(sandbox, id, message),
};
