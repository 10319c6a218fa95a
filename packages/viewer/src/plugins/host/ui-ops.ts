import type { HostOps } from './host-op.js';

/** `app.ui`'s and `app.extension`'s host operations. */
export const UI_OPS: HostOps = {
  'ui.show': {
    args: [['html', 'string'], ['options', { width: 'frameSize?', height: 'frameSize?', visible: 'boolean?' }]],
    transport: 'post',
    run: ({ sandbox, services }, [html, options]) => services.showUi(sandbox.label, html, options),
  },
  'ui.resize': {
    // Re:Earth's `resize(undefined, 500)` changes the height only; JSON has made `undefined` null.
    args: [['width', 'frameSize?'], ['height', 'frameSize?'], ['extended', 'boolean?']],
    transport: 'post',
    run: ({ sandbox, services }, [width, height, extended]) => services.resizeUi(sandbox.label, width ?? undefined, height ?? undefined, extended === true),
  },
  'ui.close': {
    args: [],
    transport: 'post',
    run: ({ sandbox, services }) => {
      services.closeUi(sandbox.label);
      // Delivered after this call returns (an event never enters a busy sandbox).
      sandbox.dispatch('ui.close', {});
    },
  },
  'ui.post': { args: [['message', 'any']], transport: 'post', run: ({ sandbox, services }, [message]) => services.postToUi(sandbox.label, message) },
  'extension.post': { args: [['id', 'string'], ['message', 'any']], run: ({ sandbox, host }, [id, message]) => host.postToExtension(sandbox, id, message) },
};
