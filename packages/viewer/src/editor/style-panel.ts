import type { Appearance } from '@orbis/scene';
import { styleExpressionError } from '@orbis/scene/checks';
import type { GeometryKind } from '../engine/engine-features.js';
import { legendLabels } from '../layers-ui/legend-label.js';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { onePerLayer, type PanelEngine } from './layer-panels.js';
import { PALETTES, type Palette, paletteOf } from './palettes.js';
import { styleHistogram } from './style-histogram.js';
import { breaksOf, categoricalConditions, CLASS_METHODS, type ClassMethod, colourExpression, graduatedConditions, numericValues, parseBreaks, pointSizeExpression, propertyRef } from './style-rules.js';
import './style-panel.css';
import { formatNumber, type MessageKey } from '../ui/i18n.js';
import { t } from '../ui/i18n.js';

/** Per kind of geometry: its name in the panel, its colour field, and its outline's fields (docs/contract.md §7). */
const KINDS = {
  marker: { label: 'style.kinds.marker', colour: 'pointColor', outlineColour: 'pointOutlineColor', outlineWidth: 'pointOutlineWidth', widthLabel: 'style.outlineWidth' },
  polyline: { label: 'style.kinds.polyline', colour: 'strokeColor', outlineColour: undefined, outlineWidth: 'strokeWidth', widthLabel: 'style.lineWidth' },
  polygon: { label: 'style.kinds.polygon', colour: 'fillColor', outlineColour: 'strokeColor', outlineWidth: 'strokeWidth', widthLabel: 'style.outlineWidth' },
} as const satisfies Record<string, { label: MessageKey; widthLabel: MessageKey } & Record<string, string | undefined>>;
const ALL_KINDS = Object.keys(KINDS) as GeometryKind[];

/** How features are coloured: all alike, one colour per value, or classes of a number. */
const COLOUR_MODES = ['single', 'categorical', 'graduated'] as const;
type ColourMode = (typeof COLOUR_MODES)[number];

/** The layer's style panel (made once per layer, then reused). */
export const stylePanel = onePerLayer((state, engine, layerId) => makePanel(state, engine, layerId));

const options = (entries: [string, string][]) => entries.map(([value, label]) => h('option', { value }, label));
const row = (label: string, control: HTMLElement) => h('label', {}, label, ' ', control);

function makePanel(state: EditorState, engine: PanelEngine, layerId: string): HTMLElement {
  /** Changes this layer's appearance for one kind of geometry, shows it and saves it. */
  const restyle = (kind: GeometryKind, change: (fields: Record<string, unknown>) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layerId);
      if (!target) return;
      const appearance: Appearance = structuredClone(target.appearance ?? {});
      change(((appearance as Record<string, unknown>)[kind] ??= {}) as Record<string, unknown>);
      target.appearance = appearance;
    });

  const testid = (name: string) => `style-${name}-${layerId}`;
  // Every kind until the layer's features are read (when the panel opens).
  const target = h('select', { 'data-testid': testid('target') }, ...options(ALL_KINDS.map((k) => [k, t(KINDS[k].label)])));
  const mode = h('select', { 'data-testid': testid('mode') }, ...options(COLOUR_MODES.map((m) => [m, t(`style.modes.${m}`)])));
  mode.value = 'categorical';
  const property = h('select', { 'data-testid': testid('property') });
  const colour = h('input', { type: 'color', value: '#3388ff', 'data-testid': testid('colour') });
  const palette = h('select', { 'data-testid': testid('palette') });
  const classes = h('select', { 'data-testid': testid('classes') }, ...options([3, 4, 5, 6, 7].map((n) => [String(n), t('style.classCount', { count: n })])));
  classes.value = '5';
  const method = h('select', { 'data-testid': testid('method') }, ...options(CLASS_METHODS.map((m) => [m, t(`style.methods.${m}`)])));
  const breaks = h('input', { type: 'text', class: 'input', inputmode: 'decimal', placeholder: t('style.breaksPlaceholder'), 'data-testid': testid('breaks') });
  const breaksError = h('p', { class: 'hint', role: 'status', 'data-testid': testid('breaks-error') });
  const histogram = h('div', { 'data-testid': testid('histogram') });
  const opacity = h('input', { type: 'range', min: 0, max: 100, step: 5, value: 100, 'data-testid': testid('opacity') });
  const opacityText = h('output', {}, formatNumber(1, { style: 'percent' }));
  const outlineColour = h('input', { type: 'color', value: '#ffffff', 'data-testid': testid('stroke-colour') });
  const outlineWidth = h('input', { type: 'number', min: 0, max: 20, step: 0.5, value: 1, class: 'input', 'data-testid': testid('stroke-width') });
  const classList = h('ul', { class: 'style-classes', 'data-testid': testid('classes-list'), 'aria-label': t('style.colourClasses') });
  const labelBy = h('select', { 'data-testid': testid('label') });
  const sizeBy = h('select', { 'data-testid': testid('size') });
  const sizeInput = (value: number, which: 'least' | 'greatest') => h('input', { type: 'number', min: 1, max: 100, step: 1, value, class: 'input', 'aria-label': t(`style.size.${which}`), 'data-testid': testid(`size-${which}`) });
  const sizeMin = sizeInput(4, 'least');
  const sizeMax = sizeInput(30, 'greatest');
  const extrudeBy = h('select', { 'data-testid': testid('extrude') });
  const expression = h('input', { type: 'text', class: 'input', spellcheck: false, placeholder: "${kind} === 'park' ? color('green') : color('grey')", 'data-testid': testid('expression'), 'aria-label': t('style.colourExpression') });
  const expressionError = h('p', { class: 'hint', role: 'status', 'data-testid': testid('expression-error') });
  const rows = {
    property: row(t('style.byProperty'), property),
    colour: row(t('style.colour'), colour),
    palette: row(t('style.palette'), palette),
    classes: row(t('style.classes'), classes),
    method: row(t('style.breaksAt'), method),
    breaks: row(t('style.breaks'), breaks),
    outlineColour: row(t('style.outlineColour'), outlineColour),
    outlineWidth: row(t('style.outlineWidth'), outlineWidth),
    label: row(t('style.labelBy'), labelBy),
    size: row(t('style.sizeBy'), sizeBy),
    sizes: h('label', {}, t('style.sizes'), ' ', h('span', { class: 'style-range' }, sizeMin, t('style.to'), sizeMax)),
    extrude: row(t('style.extrudeBy'), extrudeBy),
  };

  const values = () => engine.featureProperties(layerId);
  const kind = () => target.value as GeometryKind;
  const colourMode = () => mode.value as ColourMode;
  const paletteKind = (): Palette['kind'] => (colourMode() === 'graduated' ? 'sequential' : 'qualitative');

  /** Shows the controls that apply to the kind and the colour mode chosen. */
  const fit = () => {
    const m = colourMode();
    rows.property.hidden = m === 'single';
    rows.colour.hidden = m !== 'single';
    rows.palette.hidden = m === 'single';
    rows.method.hidden = m !== 'graduated';
    rows.classes.hidden = m !== 'graduated' || method.value === 'breaks';
    rows.breaks.hidden = m !== 'graduated' || method.value !== 'breaks';
    if (rows.breaks.hidden) breaksError.textContent = '';
    if (m !== 'graduated') histogram.replaceChildren();
    rows.outlineColour.hidden = KINDS[kind()].outlineColour === undefined;
    rows.outlineWidth.firstChild!.textContent = t(KINDS[kind()].widthLabel);
    const was = palette.value;
    palette.replaceChildren(...options(PALETTES.filter((p) => p.kind === paletteKind()).map((p) => [p.name, p.safe ? t('style.colourBlindSafe', { name: p.name }) : p.name])));
    palette.value = paletteOf(was, paletteKind()).name;
  };

  const refresh = () => {
    const present = engine.geometryKinds(layerId);
    const kinds = present.length ? ALL_KINDS.filter((k) => present.includes(k)) : ALL_KINDS;
    const wasKind = target.value;
    target.replaceChildren(...options(kinds.map((k) => [k, t(KINDS[k].label)])));
    target.value = kinds.includes(wasKind as GeometryKind) ? wasKind : kinds[0]!;
    const names = [...new Set(values().flatMap((p) => Object.keys(p)))].sort();
    const keep = (select: HTMLSelectElement, none?: string) => {
      const was = select.value;
      select.replaceChildren(...options([...(none ? [['', none] as [string, string]] : []), ...names.map((n): [string, string] => [n, n])]));
      if ([...select.options].some((o) => o.value === was)) select.value = was;
    };
    keep(property);
    keep(labelBy, t('style.noLabel'));
    keep(sizeBy, t('style.fixedSize'));
    keep(extrudeBy, t('style.flat'));
    rows.label.hidden = rows.size.hidden = !kinds.includes('marker');
    rows.sizes.hidden = rows.size.hidden || !sizeBy.value;
    rows.extrude.hidden = !kinds.includes('polygon');
    fit();
  };

  /** Shows the classes a rule gives, each with its swatch and a label as the legend reads it. */
  const showClasses = (conditions: [string, string][]) => {
    const labels = legendLabels(conditions.map(([c]) => c));
    classList.replaceChildren(
      ...conditions.map(([, e], i) => {
        const swatch = h('span', { class: 'style-swatch', 'aria-hidden': 'true' });
        swatch.style.background = engine.expressionColor(e) ?? 'transparent';
        return h('li', {}, swatch, labels[i]!);
      }),
    );
  };

  /** Colours the chosen kind of feature as the panel says: one colour, or conditions by a property. */
  const colourBy = () => {
    const alpha = Number(opacity.value) / 100;
    const field = KINDS[kind()].colour;
    if (colourMode() === 'single') {
      showClasses([]);
      return restyle(kind(), (f) => (f[field] = { expression: colourExpression(colour.value, alpha) }));
    }
    const name = property.value;
    if (!name) return;
    const column = values().map((p) => p[name]);
    const chosen = { palette: paletteOf(palette.value, paletteKind()), opacity: alpha };
    let conditions: [string, string][];
    if (colourMode() === 'graduated') {
      const typed = method.value === 'breaks' ? parseBreaks(breaks.value) : { breaks: undefined };
      breaksError.textContent = 'error' in typed ? typed.error : '';
      breaks.setAttribute('aria-invalid', String('error' in typed));
      const classing = { ...chosen, classes: Number(classes.value), method: method.value as ClassMethod, breaks: 'error' in typed ? [] : typed.breaks };
      const numbers = numericValues(column);
      histogram.replaceChildren(styleHistogram(name, numbers, 'error' in typed ? [] : breaksOf(numbers, classing)));
      if ('error' in typed) return;
      conditions = graduatedConditions(name, column, classing);
    } else conditions = categoricalConditions(name, column, chosen);
    showClasses(conditions);
    restyle(kind(), (f) => (f[field] = { conditions }));
  };
  for (const control of [mode, property, colour, palette, classes, method, breaks]) control.addEventListener('change', () => (fit(), colourBy()));
  target.addEventListener('change', fit);
  opacity.addEventListener('input', () => (opacityText.textContent = formatNumber(Number(opacity.value) / 100, { style: 'percent' })));
  opacity.addEventListener('change', colourBy);

  const outline = () => {
    const { outlineColour: colourField, outlineWidth: widthField } = KINDS[kind()];
    restyle(kind(), (f) => {
      if (kind() === 'polygon') f.stroke = true;
      if (colourField) f[colourField] = outlineColour.value;
      f[widthField] = Math.min(20, Math.max(0, Number(outlineWidth.value) || 0));
    });
  };
  outlineColour.addEventListener('change', outline);
  outlineWidth.addEventListener('change', outline);

  const onExpression = () => {
    const text = expression.value.trim();
    const error = text ? styleExpressionError(text) : undefined;
    expression.setAttribute('aria-invalid', String(error !== undefined));
    expressionError.textContent = error ? t('style.badExpression', { error }) : '';
    if (!text || error) return;
    showClasses([]);
    restyle(kind(), (f) => (f[KINDS[kind()].colour] = { expression: text }));
  };
  expression.addEventListener('input', onExpression);

  labelBy.addEventListener('change', () =>
    restyle('marker', (marker) => {
      if (labelBy.value) Object.assign(marker, { label: true, labelText: { expression: propertyRef(labelBy.value) } });
      else {
        delete marker.label;
        delete marker.labelText;
      }
    }),
  );
  const sizeByValue = () => {
    rows.sizes.hidden = !sizeBy.value;
    const px = (input: HTMLInputElement) => Math.min(100, Math.max(1, Number(input.value) || 1));
    restyle('marker', (marker) => {
      if (sizeBy.value) marker.pointSize = { expression: pointSizeExpression(sizeBy.value, values().map((p) => p[sizeBy.value]), { minPixels: px(sizeMin), maxPixels: px(sizeMax) }) };
      else delete marker.pointSize;
    });
  };
  for (const control of [sizeBy, sizeMin, sizeMax]) control.addEventListener('change', sizeByValue);
  extrudeBy.addEventListener('change', () =>
    restyle('polygon', (polygon) => {
      if (extrudeBy.value) polygon.extrudedHeight = { expression: propertyRef(extrudeBy.value) };
      else delete polygon.extrudedHeight;
    }),
  );

  const details = h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel') },
    h('summary', {}, t('style.title')),
    row(t('style.target'), target),
    row(t('style.colour'), mode),
    rows.property,
    rows.colour,
    rows.palette,
    rows.classes,
    rows.method,
    rows.breaks,
    breaksError,
    histogram,
    classList,
    h('button', { type: 'button', 'data-testid': testid('apply'), onclick: colourBy }, t('style.apply')),
    h('label', {}, t('raster.opacity'), ' ', h('span', { class: 'style-range' }, opacity, opacityText)),
    rows.outlineColour,
    rows.outlineWidth,
    h('label', {}, t('style.orExpression'), ' ', expression),
    expressionError,
    rows.label,
    rows.size,
    rows.sizes,
    rows.extrude,
    h('button', { type: 'button', onclick: () => (showClasses([]), state.update((s) => void delete s.layers.find((l) => l.id === layerId)?.appearance)) }, t('style.clear')),
  );
  details.addEventListener('toggle', () => details.open && refresh());
  fit();
  return details;
}
