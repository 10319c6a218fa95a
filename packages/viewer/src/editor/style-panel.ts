import type { Appearance, Layer } from '@orbis/scene';
import { styleExpressionError } from '@orbis/scene/checks';
import type { EngineFeatures } from '../engine/engine-features.js';
import { h } from './dom.js';
import type { EditorState } from './editor-state.js';
import { categoricalConditions, graduatedConditions, propertyRef } from './style-rules.js';
import { onePerLayer } from './layer-panels.js';
import './style-panel.css';

/** The colour field each kind of feature is coloured by. */
const TARGETS = {
  marker: { label: 'Points', field: 'pointColor' },
  polygon: { label: 'Polygons', field: 'fillColor' },
  polyline: { label: 'Lines', field: 'strokeColor' },
} as const;
type Target = keyof typeof TARGETS;

/** The layer's style panel (made once per layer, then reused). */
export const stylePanel = onePerLayer((state, engine, layerId) => makePanel(state, engine, layerId));

function options(names: string[], none?: string): HTMLOptionElement[] {
  return [...(none ? [h('option', { value: '' }, none)] : []), ...names.map((n) => h('option', { value: n }, n))];
}

function makePanel(state: EditorState, engine: Pick<EngineFeatures, 'featureProperties'>, layerId: string): HTMLElement {
  const layer = (): Layer | undefined => state.scene.layers.find((l) => l.id === layerId);
  /** Changes this layer's appearance, shows it and saves it. */
  const restyle = (change: (appearance: Appearance) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layerId);
      if (!target) return;
      const appearance = structuredClone(target.appearance ?? {});
      change(appearance);
      target.appearance = appearance;
    });
  const section = <K extends keyof Appearance>(a: Appearance, key: K): NonNullable<Appearance[K]> => (a[key] ??= {} as never) as NonNullable<Appearance[K]>;

  const testid = (name: string) => `style-${name}-${layerId}`;
  const target = h('select', { 'data-testid': testid('target') }, ...Object.entries(TARGETS).map(([k, t]) => h('option', { value: k }, t.label)));
  target.value = ['csv', 'gpx'].includes(layer()?.type ?? '') ? 'marker' : 'polygon';
  const property = h('select', { 'data-testid': testid('property') });
  const mode = h('select', { 'data-testid': testid('mode') }, h('option', { value: 'categorical' }, 'One colour per value'), h('option', { value: 'graduated' }, 'Colour ramp (numbers)'));
  const labelBy = h('select', { 'data-testid': testid('label') });
  const sizeBy = h('select', { 'data-testid': testid('size') });
  const extrudeBy = h('select', { 'data-testid': testid('extrude') });
  const expression = h('input', { type: 'text', class: 'input', spellcheck: false, placeholder: "${kind} === 'park' ? color('green') : color('grey')", 'data-testid': testid('expression'), 'aria-label': 'Colour expression' });
  const expressionError = h('p', { class: 'hint', role: 'status', 'data-testid': testid('expression-error') });

  const values = () => engine.featureProperties(layerId);
  const refresh = () => {
    const names = [...new Set(values().flatMap((p) => Object.keys(p)))].sort();
    const keep = (select: HTMLSelectElement, none?: string) => {
      const was = select.value;
      select.replaceChildren(...options(names, none));
      if ([...select.options].some((o) => o.value === was)) select.value = was;
    };
    keep(property);
    keep(labelBy, 'no label');
    keep(sizeBy, 'fixed size');
    keep(extrudeBy, 'flat');
  };

  const colourBy = () => {
    const name = property.value;
    if (!name) return;
    const column = values().map((p) => p[name]);
    const conditions = mode.value === 'graduated' ? graduatedConditions(name, column) : categoricalConditions(name, column);
    const key = target.value as Target;
    restyle((a) => ((section(a, key) as Record<string, unknown>)[TARGETS[key].field] = { conditions }));
  };

  const onExpression = () => {
    const text = expression.value.trim();
    const error = text ? styleExpressionError(text) : undefined;
    expression.setAttribute('aria-invalid', String(error !== undefined));
    expressionError.textContent = error ? `Not an expression CesiumJS can read: ${error}` : '';
    if (!text || error) return;
    const key = target.value as Target;
    restyle((a) => ((section(a, key) as Record<string, unknown>)[TARGETS[key].field] = { expression: text }));
  };
  expression.addEventListener('input', onExpression);

  labelBy.addEventListener('change', () =>
    restyle((a) => {
      const marker = section(a, 'marker');
      if (labelBy.value) Object.assign(marker, { label: true, labelText: { expression: propertyRef(labelBy.value) } });
      else delete marker.label, delete marker.labelText;
    }),
  );
  sizeBy.addEventListener('change', () =>
    restyle((a) => {
      const marker = section(a, 'marker');
      const max = Math.max(1, ...values().map((p) => Number(p[sizeBy.value])).filter(Number.isFinite));
      if (sizeBy.value) marker.pointSize = { expression: `clamp(${propertyRef(sizeBy.value)} / ${max} * 30, 4, 30)` };
      else delete marker.pointSize;
    }),
  );
  extrudeBy.addEventListener('change', () =>
    restyle((a) => {
      const polygon = section(a, 'polygon');
      if (extrudeBy.value) polygon.extrudedHeight = { expression: propertyRef(extrudeBy.value) };
      else delete polygon.extrudedHeight;
    }),
  );

  const details = h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel') },
    h('summary', {}, 'Style'),
    h('label', {}, 'Colour of ', target),
    h('label', {}, 'By property ', property),
    h('label', {}, 'As ', mode),
    h('button', { type: 'button', 'data-testid': testid('apply'), onclick: colourBy }, 'Colour by property'),
    h('label', {}, 'Or expression ', expression),
    expressionError,
    h('label', {}, 'Label by ', labelBy),
    h('label', {}, 'Size by ', sizeBy),
    h('label', {}, 'Extrude by ', extrudeBy),
    h('button', { type: 'button', onclick: () => state.update((s) => void delete s.layers.find((l) => l.id === layerId)?.appearance) }, 'Clear style'),
  );
  details.addEventListener('toggle', () => details.open && refresh());
  return details;
}
