import type { Appearance, Layer, StyleValue, TilesetAppearance } from '@orbis/scene';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { TextField } from '../../../ui/text-field.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { PLATEAU_PRESETS, type PlateauPreset, presetColour, presetProperty } from './plateau-presets.js';
import { SHOW_OPERATORS, type ShowFilter, type ShowOperator, showExpression, showFilterOf } from './show-filter.js';
import { options, row, StyleColour, StyleExpression } from './style-colour.js';
import type { PanelEngine } from './style-panel.js';
import { useEditorState } from '../../state/use-editor-state.js';
import './style-panel.css';
import { useLayerFeatures } from './use-layer-features.js';

const valueOf = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
const OPERATOR_SIGNS: Record<ShowOperator, string> = { '>=': '≥', '<': '<', '===': '=', '!==': '≠' };

interface Props {
  state: EditorState;
  engine: PanelEngine;
  layer: Layer;
}

/**
 * A 3D Tiles layer's style (docs/contract.md §7 `3dtiles`): its buildings coloured by one of their
 * properties (a PLATEAU preset, one colour per value, classes of a number, an expression) and
 * filtered by one (`show`). The properties are those of the features of the tiles loaded while
 * the panel is open (the engine reads them); CesiumJS applies the style as tiles load.
 */
export function TilesetStylePanel({ state, engine, layer }: Props) {
  useEditorState(state);
  const [open, setOpen] = useState(false);
  // Tiles stream in as the camera moves: the panel reads their features again when the pointer or
  // the focus comes back to it, so the lists grow with what has loaded since.
  const [, setReads] = useState(0);
  const readAgain = () => setReads((n) => n + 1);
  const testid = (name: string) => `style-${name}-${layer.id}`;
  const features = useLayerFeatures(engine, layer.id, open);
  const names = [...new Set(features.flatMap((p) => Object.keys(p)))].sort();
  const column = (name: string) => features.map((p) => p[name]);
  const fields: TilesetAppearance = layer.appearance?.['3dtiles'] ?? {};
  /** Changes this layer's 3D Tiles appearance (by id: a teammate may have moved the layer). */
  const restyle = (change: (fields: TilesetAppearance) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target) return;
      const appearance: Appearance = structuredClone(target.appearance ?? {});
      change((appearance['3dtiles'] ??= {}));
      target.appearance = appearance;
    });
  const write = (value: StyleValue<string>) => restyle((f) => (f.color = value));
  const applyPreset = (preset: PlateauPreset) => {
    const made = presetColour(preset, names, column);
    if (made) write(made.colour);
  };
  const presets = PLATEAU_PRESETS.flatMap((p): [string, string][] => {
    const property = presetProperty(p, names);
    return property === undefined ? [] : [[p, t(`tilesetStyle.presets.${p}`, { property })]];
  });
  const colourProps = { kind: '3dtiles' as const, stored: fields.color, names, column, engine, testid, write };
  return h(
    'details',
    {
      class: 'style-panel',
      'data-testid': testid('panel'),
      onToggle: (e: Event) => setOpen((e.currentTarget as HTMLDetailsElement).open),
      onPointerEnter: readAgain,
      onFocusIn: readAgain,
    },
    h('summary', {}, t('style.title')),
    open && [
      row(
        t('tilesetStyle.preset'),
        h(
          'select',
          {
            'data-testid': testid('preset'),
            value: '',
            disabled: presets.length === 0,
            onChange: (e: Event) => valueOf(e) && applyPreset(valueOf(e) as PlateauPreset),
          },
          options([['', presets.length ? t('tilesetStyle.choosePreset') : t('tilesetStyle.noPreset')], ...presets]),
        ),
      ),
      names.length === 0 && h('p', { class: 'hint', 'data-testid': testid('no-properties') }, t('tilesetStyle.noProperties')),
      h(StyleColour, colourProps),
      h(StyleExpression, colourProps),
      h(ShowFilterRow, { names, stored: fields.show, testid, restyle }),
      h('button', { type: 'button', onClick: () => state.update((s) => void delete s.layers.find((l) => l.id === layer.id)?.appearance) }, t('style.clear')),
    ],
  );
}

interface FilterProps {
  names: string[];
  stored: TilesetAppearance['show'];
  testid: (name: string) => string;
  restyle: (change: (fields: TilesetAppearance) => void) => void;
}

/** Shows only the buildings whose property compares so with a value (`show`); a property of none shows all. */
function ShowFilterRow({ names, stored, testid, restyle }: FilterProps) {
  const read = typeof stored === 'object' && 'expression' in stored ? showFilterOf(stored.expression) : undefined;
  const [draft, setDraft] = useState<ShowFilter | undefined>(undefined);
  const filter = draft ?? read ?? { property: '', operator: '>=', value: '' };
  const choose = (change: Partial<ShowFilter>) => {
    const next = { ...filter, ...change };
    const expression = showExpression(next);
    setDraft(expression || next.property ? next : undefined);
    restyle((f) => {
      if (expression) f.show = { expression };
      else delete f.show;
    });
  };
  const properties = [...new Set([...names, ...(filter.property ? [filter.property] : [])])];
  return row(
    t('tilesetStyle.showOnly'),
    h(
      'span',
      { class: 'style-range' },
      h(
        'select',
        {
          'data-testid': testid('filter-property'),
          'aria-label': t('tilesetStyle.filterProperty'),
          value: filter.property,
          onChange: (e: Event) => choose({ property: valueOf(e) }),
        },
        options([['', t('tilesetStyle.everyBuilding')], ...properties.map((n): [string, string] => [n, n])]),
      ),
      filter.property &&
        h(
          'select',
          {
            'data-testid': testid('filter-operator'),
            'aria-label': t('tilesetStyle.filterOperator'),
            value: filter.operator,
            onChange: (e: Event) => choose({ operator: valueOf(e) as ShowOperator }),
          },
          options(SHOW_OPERATORS.map((o) => [o, OPERATOR_SIGNS[o]])),
        ),
      filter.property &&
        h(TextField, {
          class: 'input',
          'data-testid': testid('filter-value'),
          'aria-label': t('tilesetStyle.filterValue'),
          value: filter.value,
          onCommit: (value) => choose({ value }),
        }),
    ),
  );
}
