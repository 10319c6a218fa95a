import type { InteractionModeType } from '@orbis/plugin-api';

/**
 * Every interaction mode of `app.viewer.interactionMode` (@orbis/plugin-api's
 * `InteractionModeType`): the one list the runtime and the host's argument check both use
 * (protocol.test-d.ts checks that it names them all). No imports beyond the plugin API's types:
 * the plugin runtime bundles this file.
 */
export const INTERACTION_MODES = ['default', 'move', 'selection', 'sketch', 'spatialId'] as const satisfies readonly InteractionModeType[];
