import './drawing.css';
import type { InlineFeature, Layer, LayerField } from '@orbis/scene';
import { PenLine, Trash2 } from 'lucide';
import type { Engine } from '../../engine/engine.js';
import type { InteractionController } from '../../interaction/interaction-controller.js';
import { button } from '../../ui/controls.js';
import { h } from '../../ui/dom.js';
import { createGlobeToolPanel } from '../../ui/globe/globe-tool-panel.js';
import { t } from '../../ui/i18n.js';
import { toast } from '../../ui/toast.js';
import { type EditorState, newLayerId } from '../state/editor-state.js';
import {
  DRAW_KINDS,
  type DrawKind,
  drawnFeature,
  fieldValue,
  nextFeatureId,
  shapeOf,
  withFeature,
  withoutFeature,
  withPoints,
  withProperty,
} from './drawn-features.js';
import { changeDrawing, drawingLayerOf, featureOf, newDrawingLayer } from './drawing-layer.js';
import { DrawTool } from './draw-tool.js';

/**
 * The editor's drawing tool on the Map tab's globe, beside the measure tool (docs/editor.md,
 * "Drawing"): a pen button opens a panel of Point / Line / Polygon / Extruded polygon, the drawn
 * features, and the picked feature's form (the layer's fields, an extruded polygon's height, Delete).
 * Every change goes through the editor's live scene (`state.update`). While the panel is open the
 * tool takes the mouse (`capturePointer`), and Enter and Escape.
 */
export function createDrawControl(
  state: EditorState,
  engine: Engine,
  interaction: InteractionController,
  viewerElement: HTMLElement,
): { element: HTMLElement; close(): void } {
  let picked: string | undefined;
  const layer = () => drawingLayerOf(state.scene);
  // Each drawing change is a step of its own for Ctrl+Z (a field's value is committed on change).
  const change = (fn: Parameters<typeof changeDrawing>[2]) =>
    state.update((scene) => void changeDrawing(scene, () => newDrawingLayer(newLayerId(state), t('drawing.layerTitle')), fn), { ownStep: true });
  const tool = new DrawTool(
    {
      locationAt: (x, y) => engine.locationAt(x, y, false),
      screenOf: (lng, lat, height) => engine.placeOnScreen(lng, lat, height),
      showDraft: (draft) => engine.showSketchDraft(draft),
      setNavigation: (enabled) => engine.setNavigation(enabled),
    },
    {
      finished: (kind, points, height) => {
        const id = nextFeatureId(layer()?.data.value ?? { type: 'FeatureCollection', features: [] });
        change((value) => withFeature(value, drawnFeature(id, kind, points, height, layer()?.data.fields ?? [])));
        pick(id);
      },
      reshaped: (id, points) => change((value) => withPoints(value, id, points)),
      featureAt: (x, y) => {
        const hit = engine.featureAt(x, y);
        return hit && hit.layerId === layer()?.id ? hit.featureId : undefined;
      },
      picked: (id) => pick(id),
    },
  );
  const hint = h('p', { class: 'orbis-measure-hint', 'data-testid': 'draw-hint' });
  const list = h('div', { class: 'orbis-draw-features', role: 'group', 'aria-label': t('drawing.features') });
  const form = h('div', { class: 'orbis-draw-form', 'data-testid': 'draw-form' });
  const ui = createGlobeToolPanel({
    name: 'draw',
    title: t('drawing.title'),
    icon: PenLine,
    kinds: DRAW_KINDS,
    kindLabel: (kind) => t(`drawing.${kind}`),
    onKind: (kind) => choose(tool.kind === kind ? undefined : kind),
    onOpen: open,
    onKey: (key) => tool.key(key),
    body: [hint, list, form],
    className: 'orbis-draw',
  });
  function choose(kind: DrawKind | undefined): void {
    tool.start(kind);
    ui.press(kind);
    hint.textContent = t(`drawing.hint.${kind ?? (picked ? 'edit' : 'pick')}`);
    viewerElement.dataset.drawing = kind ?? '';
  }
  function open(yes: boolean): void {
    interaction.capturePointer(yes ? (input) => tool.handle(input) : undefined);
    if (!yes) {
      picked = undefined;
      tool.stop();
      delete viewerElement.dataset.drawing;
      return;
    }
    choose(undefined);
    refresh();
  }
  function pick(id: string | undefined): void {
    picked = id;
    refresh();
    if (!tool.kind) choose(undefined);
  }
  /** The list and the picked feature's form, as the scene now holds them. */
  function refresh(): void {
    if (!ui.open) return;
    const drawing = layer();
    const feature = featureOf(drawing, picked);
    if (picked !== undefined && !feature) picked = undefined;
    tool.edit(feature && { featureId: feature.id, ...shapeOf(feature) });
    viewerElement.dataset.drawnFeatures = String(drawing?.data.value.features.length ?? 0);
    const features = drawing?.data.value.features ?? [];
    list.replaceChildren(
      ...(features.length === 0
        ? [h('p', { class: 'orbis-measure-hint' }, t('drawing.none'))]
        : features.map((f) => {
            const b = button({
              label: t('drawing.featureName', { kind: t(`drawing.${shapeOf(f).kind}`), id: f.id }),
              testid: `draw-feature-${f.id}`,
              onClick: () => pick(f.id === picked ? undefined : f.id),
            });
            b.setAttribute('aria-pressed', String(f.id === picked));
            return b;
          })),
    );
    // A field being typed in keeps its text while the scene changes around it.
    if (form.contains(document.activeElement) && form.dataset.feature === feature?.id) return;
    form.dataset.feature = feature?.id ?? '';
    form.replaceChildren(...(feature && drawing ? featureForm(drawing, feature) : []));
  }
  function featureForm(drawing: Layer & { data: { fields?: LayerField[] } }, feature: InlineFeature): HTMLElement[] {
    const set = (name: string, value: string | number | boolean | null) => change((v) => withProperty(v, feature.id, name, value));
    const fields = drawing.data.fields ?? [];
    const rows = fields.map((field) => {
      const current = feature.properties[field.name];
      const input =
        field.type === 'boolean'
          ? h('input', { type: 'checkbox', checked: current === true, 'data-testid': `draw-field-${field.name}` })
          : h('input', {
              type: field.type === 'number' ? 'number' : 'text',
              value: current === null || current === undefined ? '' : String(current),
              'data-testid': `draw-field-${field.name}`,
            });
      input.addEventListener('change', () => {
        const value = fieldValue(field, input.type === 'checkbox' ? input.checked : input.value);
        if (value === undefined) toast('error', t('drawing.notANumber', { value: input.value, field: field.name }));
        else set(field.name, value);
      });
      return h('label', { class: 'orbis-draw-field' }, h('span', {}, field.name), input);
    });
    if (shapeOf(feature).kind === 'extrudedPolygon') {
      const height = h('input', { type: 'number', min: '0', step: 'any', value: String(feature.properties.extrudedHeight ?? 0), 'data-testid': 'draw-height' });
      height.addEventListener('change', () => {
        const value = fieldValue({ name: 'extrudedHeight', type: 'number' }, height.value);
        if (typeof value === 'number' && value >= 0) set('extrudedHeight', value);
        else toast('error', t('drawing.notANumber', { value: height.value, field: t('drawing.height') }));
      });
      rows.push(h('label', { class: 'orbis-draw-field' }, h('span', {}, t('drawing.height')), height));
    }
    const remove = button({
      label: t('drawing.delete'),
      icon: Trash2,
      variant: 'danger',
      testid: 'draw-delete',
      onClick: () => {
        picked = undefined;
        change((v) => withoutFeature(v, feature.id));
      },
    });
    return [...(fields.length === 0 ? [h('p', { class: 'orbis-measure-hint' }, t('drawing.noFields'))] : []), ...rows, remove];
  }
  state.onChange(refresh);
  return { element: ui.element, close: () => void (ui.open && ui.setOpen(false)) };
}
