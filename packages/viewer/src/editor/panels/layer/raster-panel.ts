import type { Layer, LayerData } from '@orbis/scene';
import { rasterStyleProblem } from '@orbis/scene/checks';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { TextField } from '../../../ui/text-field.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { ConversionStatus } from './conversion-status.js';
import { PALETTES, spread } from './palettes.js';
import { t } from '../../../ui/i18n.js';

type RasterData = Pick<LayerData, 'ramp' | 'breaks' | 'hillshade' | 'opacity'>;
/** What the panel's fields say: a palette's name ('' for the file's own colours), breaks as typed, hillshade, opacity. */
interface RasterForm {
  palette: string;
  breaks: string;
  hillshade: boolean;
  opacity: number;
}

const PALETTES_OF_RAMPS = PALETTES.filter((p) => p.kind === 'sequential');

/** The numbers of a comma-separated list, or undefined when it is empty. */
function numbers(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.map(Number) : undefined;
}

/** The form a layer's data reads as: the palette whose colours its ramp is, its breaks, hillshade and opacity. */
function formOf(data: LayerData): RasterForm {
  const ramp = data.ramp;
  return {
    palette: (ramp && PALETTES_OF_RAMPS.find((p) => ramp.join() === spread(p, ramp.length).join())?.name) ?? '',
    breaks: data.breaks?.join(', ') ?? '',
    hillshade: data.hillshade === true,
    opacity: data.opacity ?? 1,
  };
}

/** The style a form gives, or why it gives none. */
function styleOf(form: RasterForm): { style: RasterData } | { message: string } {
  const chosen = PALETTES_OF_RAMPS.find((p) => p.name === form.palette);
  const classes = numbers(form.breaks);
  if (classes?.some((n) => !Number.isFinite(n))) return { message: t('raster.breaksAreNumbers') };
  if (!chosen && classes) return { message: t('raster.pickRamp') };
  const style: RasterData = {
    ...(chosen ? { ramp: spread(chosen, classes ? classes.length + 1 : chosen.colours.length) } : {}),
    ...(chosen && classes ? { breaks: classes } : {}),
    ...(form.hillshade ? { hillshade: true } : {}),
    ...(form.opacity < 1 ? { opacity: form.opacity } : {}),
  };
  const problem = rasterStyleProblem(style);
  return problem ? { message: `${problem.key}: ${problem.message}` } : { style };
}

/**
 * A `geotiff` layer's style (docs/contract.md §17, docs/rasters.md): one band coloured by a sequential palette
 * (classes when breaks are given, spread over its values otherwise), as a hillshade, and its
 * opacity. Writes the layer's `data` through the state; a style the scene's rule refuses is said
 * beside the fields and not written.
 */
export function RasterPanel({ state, layer }: { state: EditorState; layer: Layer }) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [message, setMessage] = useState('');
  // Breaks refused (not numbers, or no ramp yet) stay as typed until a style is written.
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const form = { ...formOf(layer.data ?? {}), ...(refused === undefined ? {} : { breaks: refused }) };
  const write = (change: Partial<RasterForm>) => {
    const next = { ...form, ...change };
    const made = styleOf(next);
    setMessage('message' in made ? made.message : '');
    setRefused('message' in made ? next.breaks : undefined);
    if ('message' in made) return;
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target) return;
      const { ramp: _r, breaks: _b, hillshade: _h, opacity: _o, ...rest } = target.data ?? {};
      const next = { ...rest, ...made.style };
      if (Object.keys(next).length > 0) target.data = next;
      else delete target.data;
    });
  };
  const of = { title: layer.title };
  return h(
    'details',
    { class: 'raster-style', 'data-testid': `raster-style-${layer.id}` },
    h('summary', {}, t('raster.title')),
    layer.assetId ? h(ConversionStatus, { api: state.api, assetId: layer.assetId, layerId: layer.id }) : null,
    h(
      'label',
      { class: 'hint' },
      t('raster.ramp'),
      ' ',
      h(
        'select',
        {
          'aria-label': t('raster.rampOf', of),
          'data-testid': `raster-ramp-${layer.id}`,
          value: form.palette,
          onChange: (e: Event) => write({ palette: (e.currentTarget as HTMLSelectElement).value }),
        },
        h('option', { value: '' }, t('raster.asFile')),
        PALETTES_OF_RAMPS.map((p) => h('option', { key: p.name, value: p.name }, p.name)),
      ),
    ),
    h(
      'label',
      { class: 'hint' },
      t('raster.breaks'),
      ' ',
      h(TextField, {
        value: form.breaks,
        placeholder: t('raster.breaksPlaceholder'),
        'aria-label': t('raster.breaksOf', of),
        'data-testid': `raster-breaks-${layer.id}`,
        onCommit: (breaks) => write({ breaks }),
      }),
    ),
    h(
      'label',
      { class: 'hint' },
      h('input', {
        type: 'checkbox',
        checked: form.hillshade,
        'aria-label': t('raster.hillshadeOf', of),
        'data-testid': `raster-hillshade-${layer.id}`,
        onChange: (e: Event) => write({ hillshade: (e.currentTarget as HTMLInputElement).checked }),
      }),
      ' ',
      t('raster.hillshade'),
    ),
    h(
      'label',
      { class: 'hint' },
      t('raster.opacity'),
      ' ',
      h('input', {
        type: 'range',
        min: '0',
        max: '1',
        step: '0.05',
        value: String(form.opacity),
        'aria-label': t('raster.opacityOf', of),
        'data-testid': `raster-opacity-${layer.id}`,
        onChange: (e: Event) => write({ opacity: Number((e.currentTarget as HTMLInputElement).value) }),
      }),
    ),
    h('span', { class: 'hint', role: 'status', 'data-testid': `raster-message-${layer.id}` }, message),
  );
}
