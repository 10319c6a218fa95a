import type { VIEWER_OPS } from '../../protocol/host-ops.js';
import type { OpHandlers } from './host-op.js';

/** `app.viewer`'s host operations (what the sandbox cannot answer from its pushed state). */
export const VIEWER_HANDLERS: OpHandlers<typeof VIEWER_OPS> = {
  override: ({ sandbox, host }, [patch]) => host.overrideProperty(sandbox, patch),
  mode: ({ sandbox, host }, [mode]) => host.setMode(sandbox, mode),
  capture: ({ services }, [type, quality]) => services.capture(type ?? undefined, quality ?? undefined),
  open: ({ services }, [url]) => services.open(url),
  reload: ({ services }) => services.reload(),
  locationAt: ({ services }, [x, y, withTerrain]) => services.locationAt(x, y, withTerrain),
  screenOf: ({ services }, [position]) => services.screenOf(position),
  globeHeight: ({ services }, [lng, lat]) => services.globeHeight(lng, lat),
  offsetOnScreen: ({ services }, [position, offset]) => services.offsetOnScreen(position, offset),
  visible: ({ services }, [position]) => services.isVisible(position),
  globeHeightByCamera: ({ services }) => {
    const { lng, lat } = services.camera.position();
    return services.globeHeight(lng, lat);
  },
  geoidHeight: async ({ services }, [lng, lat]) => (lng == null || lat == null ? undefined : services.geoidHeight(lng, lat)),
  terrainHeight: ({ services }, [lng, lat]) => services.terrainHeight(lng, lat),
  location: ({ services }, [options]) => services.currentLocation(options ?? {}),
};
