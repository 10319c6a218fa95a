import type { BlockInfo, Env, ExtensionInfo, InteractionModeType, SketchOptions, SketchType, ViewerProperty, Viewport, WidgetInfo } from '@orbis/plugin-api';
import type { TimelineSnapshot } from '../../engine/engine-timeline.js';
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
  /** In a block sandbox, the block (pushed again when the editor changes its property). */
  block: BlockInfo | null;
  /** In an infobox block, its layer's id: `app.extension.block.layer` is read from it. */
  blockLayer: string | null;
  /** Every running extension (`app.extension.list`), pushed whenever one starts or stops. */
  extensions: ExtensionInfo[];
  /** Orbis's version and the plugin API's. */
  versions: { version: string; apiVersion: string };
  /** `app.sketch`: the tool (null for none: it crosses as JSON) and the options. */
  sketch: SketchState;
  /** `app.timeline`, pushed once the extension uses the timeline. */
  timeline: TimelineSnapshot;
}

export interface SketchState {
  tool: SketchType | null;
  options: SketchOptions;
}

export function initialState(): PushedState {
  return {
    property: {},
    viewport: { width: 0, height: 0, isMobile: false, query: {} },
    env: { inEditor: false, isBuilt: false, language: 'en' },
    mode: 'default',
    radii: WGS84_RADII,
    // Replaced by the host's before the extension's code runs.
    widget: {
      id: '',
      pluginId: '',
      extensionId: '',
      property: {},
      extended: { horizontally: false, vertically: false },
      layout: { location: { zone: 'inner', section: 'right', area: 'top' } },
    },
    block: null,
    blockLayer: null,
    extensions: [],
    versions: { version: '', apiVersion: '' },
    sketch: { tool: null, options: {} },
    timeline: { start: 0, stop: 0, current: 0, isPlaying: false, speed: 1, stepType: 'rate', rangeType: 'unbounded' },
  };
}
