import type { SpatialId } from '@orbis/plugin-api';
import { PLUGIN_EVENTS } from '../protocol/plugin-events.js';
import type { Bridge } from './bridge.js';
import { Emitter } from './emitter.js';
import type { PushedState } from './state.js';

/** `app.spatialId`: commands cross to the host (host/ops/tool-ops.ts); picks arrive as `spacePick`. */
export function createSpatialId(bridge: Bridge, state: PushedState): { spatialId: SpatialId; events: Emitter } {
  const { call, copy } = bridge;
  const events = new Emitter(bridge, 'spatialId', PLUGIN_EVENTS.spatialId.prefix, PLUGIN_EVENTS.spatialId.names);
  const spatialId: SpatialId = {
    // Each answers the interaction mode it leaves.
    pickSpace(options) {
      if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options)))
        throw new TypeError('spatialId.pickSpace: options must be an object');
      state.mode = call('spatialId.pickSpace', [options === undefined ? null : copy(options)]);
    },
    exitPickSpace() {
      state.mode = call('spatialId.exitPickSpace');
    },
    on: (event, listener, options) => events.on(event, listener, options),
    off: (event, listener) => events.off(event, listener),
  };
  return { spatialId, events };
}
