import type { HostOps } from './host-op.js';

/** `app.ui`'s and `app.extension`'s host operations. */
export const UI_OPS: HostOps = {
  'ui.show': {
    args: [['html', 'string'], ['options', { width: 'number?', height: 'number?', visible: 'boolean?' }]],
    run: ({ sandbox, services }, [html, options]) => services.showUi(sandbox.label, html, options),
  },
  'ui.post': { args: [['message', 'any']], run: ({ sandbox, services }, [message]) => services.postToUi(sandbox.label, message) },
  'extension.list': { args: [], run: ({ host }) => host.extensions() },
  'extension.post': { args: [['id', 'string'], ['message', 'any']], run: ({ sandbox, host }, [id, message]) => host.postToExtension(sandbox, id, message) },
};
