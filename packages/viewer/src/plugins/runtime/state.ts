import type { Env, ExtensionInfo, InteractionModeType, ViewerProperty, Viewport, WidgetInfo } from '@orbis/plugin-api';
import { type Radii, WGS84_RADII } from './wgs84.js';

/**
 * What the host pushes into the sandbox (`update(kind, json)`), so that reading it never crosses:
 * the effective property, viewport, env, interaction mode, globe radii, this widget.
 */
export interface PushedState {
  property: ViewerProperty;
  viewport: Viewport;
  env: Env;
  mode: InteractionModeType;
  radii: Radii;
  widget: WidgetInfo;
  /** Every running extension (`app.extension.list`), pushed whenever one starts or stops. */
  extensions: ExtensionInfo[];
  /** Orbis's version and the plugin API's. */
  versions: { version: string; apiVersion: string };
}

export function initialState(): PushedState {
  return {
    property: {},
    viewport: { width: 0, height: 0, isMobile: false, query: {} },
    env: { inEditor: false, isBuilt: false },
    mode: 'default',
    radii: WGS84_RADII,
    widget: { id: '', pluginId: '', extensionId: '', property: {} },
    extensions: [],
    versions: { version: '', apiVersion: '' },
  };
}
