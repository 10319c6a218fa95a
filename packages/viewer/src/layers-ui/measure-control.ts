import './measure.css';
import { Ruler } from 'lucide';
import type { Engine } from '../engine/engine.js';
import type { InteractionController } from '../interaction/interaction-controller.js';
import { MEASURE_KINDS, type MeasureKind, type Measurement, MeasureTool } from '../interaction/measure-tool.js';
import { h } from '../ui/dom.js';
import { createGlobeToolPanel } from '../ui/globe/globe-tool-panel.js';
import { t } from '../ui/i18n.js';
import { formatArea, formatHeight, formatLength } from '../ui/measure-units.js';

/** The figure a measurement shows beside its shape. */
export function measureFigure(m: Measurement): string {
  if (m.kind === 'area') return formatArea(m.area ?? 0);
  if (m.kind === 'height') return formatHeight(m.rise ?? 0, true);
  return formatLength(m.length);
}

/** The line the panel shows of a measurement. */
export function measureText(m: Measurement): string {
  if (m.kind === 'area') return t('measure.result.area', { area: formatArea(m.area ?? 0), perimeter: formatLength(m.length) });
  if (m.kind === 'height') return t('measure.result.height', { rise: formatHeight(m.rise ?? 0, true), across: formatLength(m.length) });
  return t('measure.result.distance', { length: formatLength(m.length) });
}

/**
 * The page's measure tool (docs/viewer.md, "Measuring"): a ruler button that opens a small panel
 * of Distance / Area / Height, the result in the panel and beside the shape (a label on the globe
 * at the shape's last point or middle). While a kind is chosen the tool takes the mouse
 * (`capturePointer`), and Enter and Escape. `viewerElement` holds the label; `close` puts the tool away.
 */
export function createMeasureControl(engine: Engine, interaction: InteractionController, viewerElement: HTMLElement): { element: HTMLElement; close(): void } {
  let shown: Measurement | undefined;
  const label = h('div', { class: 'orbis-measure-label', 'data-testid': 'measure-label', hidden: true });
  viewerElement.append(label);
  const hint = h('p', { class: 'orbis-measure-hint' });
  const result = h('output', { class: 'orbis-measure-result', 'data-testid': 'measure-result' });
  // Right of a line's last point, centred on an area; kept inside the globe's width.
  const place = () => {
    const at = shown && engine.placeOnScreen(shown.anchor.lng, shown.anchor.lat, shown.anchor.height);
    label.hidden = !at;
    if (!at) return;
    const width = label.offsetWidth;
    const x = shown?.kind === 'area' ? at[0] - width / 2 : at[0] + 10;
    label.style.transform = `translate(${Math.round(Math.max(0, Math.min(x, engine.size().width - width)))}px, ${Math.round(at[1]) - 12}px)`;
  };
  const tool = new MeasureTool(
    {
      locationAt: (x, y) => engine.locationAt(x, y, true),
      showDraft: (draft) => engine.showSketchDraft(draft),
      terrainHeight: (lng, lat) => engine.terrainHeight(lng, lat),
    },
    (m) => {
      shown = m;
      label.textContent = m ? measureFigure(m) : '';
      result.textContent = m ? measureText(m) : '';
      result.dataset.done = String(m?.done ?? false);
      place();
    },
  );
  engine.onFrame(place);
  const ui = createGlobeToolPanel({
    name: 'measure',
    title: t('measure.title'),
    icon: Ruler,
    kinds: MEASURE_KINDS,
    kindLabel: (kind) => t(`measure.${kind}`),
    onKind: (kind) => choose(tool.kind === kind ? undefined : kind),
    onOpen: (open) => choose(open ? (tool.kind ?? 'distance') : undefined),
    onKey: (key) => tool.key(key),
    body: [hint, result],
  });
  function choose(kind: MeasureKind | undefined): void {
    tool.start(kind);
    interaction.capturePointer(kind ? (input) => tool.handle(input) : undefined);
    ui.press(kind);
    hint.textContent = kind ? t(`measure.hint.${kind}`) : t('measure.hint.choose');
    viewerElement.dataset.measuring = kind ?? '';
  }
  return { element: ui.element, close: () => ui.setOpen(false) };
}
