import type { WidgetInfo } from '@orbis/plugin-api';
import type { WidgetArea } from '@orbis/scene';

/**
 * Re:Earth's `widgetLayout` (reearth.yml): where a widget sits unless the scene places it, which ways
 * it may stretch, and whether it is stretched when it is added.
 */
export interface WidgetLayout {
  defaultLocation?: { zone?: string; section?: string; area?: string };
  extendable?: { horizontally?: boolean; vertically?: boolean };
  extended?: boolean;
}

/** Which way an extended widget stretches: across its zone (a header) or down the viewer (a sidebar). */
export type Extension = 'horizontally' | 'vertically';

/**
 * The way a widget stretches when it is extended, as Re:Earth decides it from its layout: down the
 * viewer when it may stretch vertically and sits in a side's middle (or may stretch no other way),
 * across its zone otherwise (docs/writing-plugins.md, "Widgets that stretch").
 */
export function extensionOf(layout: WidgetLayout | undefined): Extension {
  const { horizontally, vertically } = layout?.extendable ?? {};
  return vertically && (layout?.defaultLocation?.area === 'middle' || !horizontally) ? 'vertically' : 'horizontally';
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
 * location (see `WidgetLayout` in @orbis/plugin-api), and which way its frame is stretched now (none
 * when `extended` is undefined).
 */
export function widgetPlacement(area: WidgetArea, extended: Extension | undefined): Pick<WidgetInfo, 'layout' | 'extended'> {
  const [edge, side] = area.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return {
    extended: { horizontally: extended === 'horizontally', vertically: extended === 'vertically' },
    layout: { location: { zone: 'inner', section: side, area: edge }, align: 'start' },
  };
}
