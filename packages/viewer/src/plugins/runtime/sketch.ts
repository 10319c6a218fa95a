import type { Sketch } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';
import type { PushedState } from './state.js';

/**
 * `app.sketch`. The tool and options are pushed state (reads never cross); `setTool` and
 * `overrideOptions` cross to the host (host/ops/tool-ops.ts), which checks them, drives the page's
 * sketch tool and answers the new state.
 */
export function createSketch(bridge: Bridge, state: PushedState): { sketch: Sketch; events: Emitter } {
  const { call, copy } = bridge;
  // The host answers the new sketch state and the interaction mode (a tool sets `sketch`).
  const apply = (answer: { sketch: PushedState['sketch']; mode: PushedState['mode'] }) => {
    state.sketch = answer.sketch;
    state.mode = answer.mode;
  };
  const events = new Emitter(bridge, 'sketch', PLUGIN_EVENTS.sketch.prefix, PLUGIN_EVENTS.sketch.names);
  const sketch: Sketch = {
    get tool() {
      return state.sketch.tool ?? undefined;
    },
    get options() {
      return copy(state.sketch.options);
    },
    setTool(type) {
      apply(call('sketch.setTool', [type === undefined ? null : type]));
    },
    overrideOptions(options) {
      if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new TypeError('sketch.overrideOptions: options must be an object');
      apply(call('sketch.overrideOptions', [copy(options)]));
    },
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { sketch, events };
}
