import type { WidgetInfo } from '@orbis/plugin-api';
import type { WidgetArea } from './plugin-ui.js';

/** Re:Earth's `widgetLayout` (reearth.yml): where a widget sits unless the scene places it. */
export interface WidgetLayout {
  defaultLocation?: { zone?: string; section?: string; area?: string };
}

/**
 * The corner for Re:Earth's default location: its `section` (`left`, `center`, `right`) gives the
 * side and its `area` (`top`, `middle`, `bottom`) the edge; Orbis has four corners, so `center`
 * goes right and `middle` goes top. Undefined when the layout names no location.
 */
export function areaFromWidgetLayout(layout: WidgetLayout | undefined): WidgetArea | undefined {
  const location = layout?.defaultLocation;
  if (!location || (location.section === undefined && location.area === undefined)) return undefined;
  const side = location.section === 'left' ? 'left' : 'right';
  const edge = location.area === 'bottom' ? 'bottom' : 'top';
  return `${edge}-${side}`;
}

/**
 * `app.extension.widget`'s `layout` and `extended` for a widget in a corner: the corner as Re:Earth's
 * location (see `WidgetLayout` in @orbis/plugin-api), and an extended frame as stretched
 * horizontally, the way Orbis stretches it.
 */
export function widgetPlacement(area: WidgetArea, extended: boolean): Pick<WidgetInfo, 'layout' | 'extended'> {
  const [edge, side] = area.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return { extended: { horizontally: extended, vertically: false }, layout: { location: { zone: 'inner', section: side, area: edge }, align: 'start' } };
}
