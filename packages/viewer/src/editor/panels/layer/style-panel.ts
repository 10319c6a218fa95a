import type { Appearance, Layer, StyleValue } from '@orbis/scene';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { EngineFeatures, GeometryKind } from '../../../engine/engine-features.js';
import { TextField } from '../../../ui/text-field.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { options, row, StyleColour, StyleExpression } from './style-colour.js';
import { pointSizeExpression, pointSizeOf, propertyOfRef, propertyRef } from './style-rules.js';
import './style-panel.css';
import { type LayerFeaturesEngine, useLayerFeatures } from './use-layer-features.js';
import { type MessageKey, t } from '../../../ui/i18n.js';

/** What a layer's panels read of the engine: its features' properties and geometry kinds, and swatch colours. */
export type PanelEngine = LayerFeaturesEngine & Pick<EngineFeatures, 'geometryKinds' | 'expressionColor'>;

/** Per kind of geometry: its name in the panel, its colour field, and its outline's fields (docs/contract.md §7). */
const KINDS = {
  marker: {
    label: 'style.kinds.marker',
    colour: 'pointColor',
    outlineColour: 'pointOutlineColor',
    outlineWidth: 'pointOutlineWidth',
    widthLabel: 'style.outlineWidth',
  },
  polyline: { label: 'style.kinds.polyline', colour: 'strokeColor', outlineColour: undefined, outlineWidth: 'strokeWidth', widthLabel: 'style.lineWidth' },
  polygon: { label: 'style.kinds.polygon', colour: 'fillColor', outlineColour: 'strokeColor', outlineWidth: 'strokeWidth', widthLabel: 'style.outlineWidth' },
} as const satisfies Record<string, { label: MessageKey; widthLabel: MessageKey } & Record<string, string | undefined>>;
const ALL_KINDS = Object.keys(KINDS) as GeometryKind[];

type Fields = Record<string, unknown>;
/** The expression of a styled value, if it is one. */
const expressionOf = (value: unknown) => (typeof value === 'object' && value !== null && 'expression' in value ? String(value.expression) : undefined);
const valueOf = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
const clamp = (text: string, min: number, max: number, none: number) => Math.min(max, Math.max(min, Number(text) || none));

interface Props {
  state: EditorState;
  engine: PanelEngine;
  layer: Layer;
}

/**
 * A feature layer's style (docs/contract.md §7): for each kind of geometry it has, its colour, opacity and
 * outline, and for points a label and a size by value, for polygons a height by value. Every
 * control shows what the scene holds; the features are read while the panel is open.
 */
export function StylePanel({ state, engine, layer }: Props) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [open, setOpen] = useState(false);
  const [chosenKind, setKind] = useState<GeometryKind | undefined>(undefined);
  const testid = (name: string) => `style-${name}-${layer.id}`;
  const features = useLayerFeatures(engine, layer.id, open);
  const present = open ? engine.geometryKinds(layer.id) : [];
  // Every kind until the layer's features are read.
  const kinds = present.length ? ALL_KINDS.filter((k) => present.includes(k)) : ALL_KINDS;
  const kind = chosenKind && kinds.includes(chosenKind) ? chosenKind : kinds[0]!;
  const names = [...new Set(features.flatMap((p) => Object.keys(p)))].sort();
  const column = (name: string) => features.map((p) => p[name]);
  /** Changes this layer's appearance for one kind of geometry (by id: a teammate may have moved the layer). */
  const restyle = (which: GeometryKind, change: (fields: Fields) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target) return;
      const appearance: Appearance = structuredClone(target.appearance ?? {});
      change(((appearance as Record<string, unknown>)[which] ??= {}) as Fields);
      target.appearance = appearance;
    });
  const fields = ((layer.appearance as Record<string, Fields | undefined> | undefined)?.[kind] ?? {}) as Fields;
  const marker = (layer.appearance?.marker ?? {}) as Fields;
  const polygon = (layer.appearance?.polygon ?? {}) as Fields;
  const colour = KINDS[kind].colour;
  const stored = fields[colour] as StyleValue<string> | undefined;
  const write = (value: StyleValue<string>) => restyle(kind, (f) => (f[colour] = value));

  const { outlineColour, outlineWidth } = KINDS[kind];
  const shownOutline =
    typeof fields[outlineColour ?? ''] === 'string' && /^#[0-9a-f]{6}$/i.test(fields[outlineColour!] as string)
      ? (fields[outlineColour!] as string)
      : '#ffffff';
  const width = typeof fields[outlineWidth] === 'number' ? (fields[outlineWidth] as number) : 1;
  /** The outline as the fields say; a colour the picker cannot show is kept unless it is changed here. */
  const outline = (change: { colour?: string; width?: string }) =>
    restyle(kind, (f) => {
      if (kind === 'polygon') f.stroke = true;
      if (outlineColour && (change.colour !== undefined || f[outlineColour] === undefined)) f[outlineColour] = change.colour ?? shownOutline;
      f[outlineWidth] = change.width === undefined ? width : clamp(change.width, 0, 20, 0);
    });

  const labelBy = marker.label ? (propertyOfRef(expressionOf(marker.labelText) ?? '') ?? '') : '';
  const size = pointSizeOf(expressionOf(marker.pointSize) ?? '');
  const sizeBy = (change: { property?: string; min?: string; max?: string }) =>
    restyle('marker', (m) => {
      const property = change.property ?? size?.property ?? '';
      const minPixels = clamp(change.min ?? String(size?.minPixels ?? 4), 1, 100, 1);
      const maxPixels = clamp(change.max ?? String(size?.maxPixels ?? 30), 1, 100, 1);
      if (property) m.pointSize = { expression: pointSizeExpression(property, column(property), { minPixels, maxPixels }) };
      else delete m.pointSize;
    });
  const sizeInput = (which: 'least' | 'greatest', value: number) =>
    h(TextField, {
      type: 'number',
      min: 1,
      max: 100,
      step: 1,
      class: 'input',
      'aria-label': t(`style.size.${which}`),
      'data-testid': testid(`size-${which}`),
      value: String(value),
      onCommit: (v) => sizeBy(which === 'least' ? { min: v } : { max: v }),
    });
  const extrudeBy = propertyOfRef(expressionOf(polygon.extrudedHeight) ?? '') ?? '';
  const propertySelect = (name: string, value: string, none: string, onChoose: (value: string) => void) =>
    h(
      'select',
      { 'data-testid': testid(name), value, onChange: (e: Event) => onChoose(valueOf(e)) },
      options([['', none], ...[...new Set([...names, ...(value ? [value] : [])])].map((n): [string, string] => [n, n])]),
    );

  const colourProps = { kind, stored, names, column, engine, testid, write };
  return h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel'), onToggle: (e: Event) => setOpen((e.currentTarget as HTMLDetailsElement).open) },
    h('summary', {}, t('style.title')),
    open && [
      row(
        t('style.target'),
        h(
          'select',
          { 'data-testid': testid('target'), value: kind, onChange: (e: Event) => setKind(valueOf(e) as GeometryKind) },
          options(kinds.map((k) => [k, t(KINDS[k].label)])),
        ),
      ),
      h(StyleColour, colourProps),
      outlineColour &&
        row(
          t('style.outlineColour'),
          h('input', { type: 'color', value: shownOutline, 'data-testid': testid('stroke-colour'), onChange: (e: Event) => outline({ colour: valueOf(e) }) }),
        ),
      row(
        t(KINDS[kind].widthLabel),
        h(TextField, {
          type: 'number',
          min: 0,
          max: 20,
          step: 0.5,
          class: 'input',
          'data-testid': testid('stroke-width'),
          value: String(width),
          onCommit: (v) => outline({ width: v }),
        }),
      ),
      h(StyleExpression, colourProps),
      kinds.includes('marker') &&
        row(
          t('style.labelBy'),
          propertySelect('label', labelBy, t('style.noLabel'), (name) =>
            restyle('marker', (m) => {
              if (name) Object.assign(m, { label: true, labelText: { expression: propertyRef(name) } });
              else {
                delete m.label;
                delete m.labelText;
              }
            }),
          ),
        ),
      kinds.includes('marker') &&
        row(
          t('style.sizeBy'),
          propertySelect('size', size?.property ?? '', t('style.fixedSize'), (property) => sizeBy({ property })),
        ),
      kinds.includes('marker') &&
        size &&
        h(
          'label',
          {},
          t('style.sizes'),
          ' ',
          h('span', { class: 'style-range' }, sizeInput('least', size.minPixels), t('style.to'), sizeInput('greatest', size.maxPixels)),
        ),
      kinds.includes('polygon') &&
        row(
          t('style.extrudeBy'),
          propertySelect('extrude', extrudeBy, t('style.flat'), (name) =>
            restyle('polygon', (p) => {
              if (name) p.extrudedHeight = { expression: propertyRef(name) };
              else delete p.extrudedHeight;
            }),
          ),
        ),
      h('button', { type: 'button', onClick: () => state.update((s) => void delete s.layers.find((l) => l.id === layer.id)?.appearance) }, t('style.clear')),
    ],
  );
}
