import type { InteractionModeType as InteractionMode, Location, Position } from '@orbis/plugin-api';
import type { HostOps } from './host-op.js';

/** `app.viewer`'s host operations (what the sandbox cannot answer from its pushed state). */
export const VIEWER_OPS: HostOps = {
  override: { args: [['property', 'object']], run: ({ sandbox, host }, [patch]) => host.overrideProperty(sandbox, patch) },
  mode: { args: [['mode', 'mode']], run: ({ sandbox, host }, [mode]) => host.setMode(sandbox, mode as InteractionMode) },
  capture: { args: [['type', 'string?'], ['encoderOptions', 'number?']], run: ({ services }, [type, quality]) => services.capture(type ?? undefined, quality ?? undefined) },
  open: { args: [['url', 'httpUrl']], transport: 'post', run: ({ services }, [url]) => services.open(url) },
  reload: { args: [], transport: 'post', run: ({ services }) => services.reload() },
  locationAt: { args: [['x', 'number'], ['y', 'number'], ['withTerrain', 'boolean']], run: ({ services }, [x, y, t]) => services.locationAt(x, y, t) },
  screenOf: { args: [['position', 'position']], run: ({ services }, [p]) => services.screenOf(p as Position) },
  globeHeight: { args: [['lng', 'number'], ['lat', 'number']], run: ({ services }, [lng, lat]) => services.globeHeight(lng, lat) },
  offsetOnScreen: { args: [['rawPosition', 'position'], ['screenOffset', 'offset']], run: ({ services }, [p, o]) => services.offsetOnScreen(p as Position, o as [number, number]) },
  visible: { args: [['position', 'position']], run: ({ services }, [p]) => services.isVisible(p as Position) },
  globeHeightByCamera: {
    args: [],
    run: ({ services }) => {
      const { lng, lat } = services.camera.position();
      return services.globeHeight(lng, lat);
    },
  },
  geoidHeight: { args: [['lng', 'longitude'], ['lat', 'latitude']], async: true, run: ({ services }, [lng, lat]): Promise<number | undefined> => services.geoidHeight(lng, lat) },
  terrainHeight: { args: [['lng', 'number'], ['lat', 'number']], async: true, run: ({ services }, [lng, lat]): Promise<number | undefined> => services.terrainHeight(lng, lat) },
  location: {
    args: [['options', ['object?', { maximumAge: 'number?', timeout: 'number?', enableHighAccuracy: 'boolean?' }]]],
    async: true,
    run: ({ services }, [options]): Promise<Location | undefined> => services.currentLocation(options ?? {}),
  },
};
