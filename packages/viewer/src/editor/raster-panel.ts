import type { Layer, LayerData } from '@orbis/scene';
import { rasterStyleProblem } from '@orbis/scene/checks';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { PALETTES, spread } from './palettes.js';

type RasterData = Pick<LayerData, 'ramp' | 'breaks' | 'hillshade' | 'opacity'>;

/** The numbers of a comma-separated list, or undefined when it is empty. */
function numbers(text: string): number[] | undefined {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  return parts.length > 0 ? parts.map(Number) : undefined;
}

/**
 * A `geotiff` layer's style (docs/contract.md §17, docs/rasters.md): one band coloured by a sequential palette
 * (classes when breaks are given, spread over its values otherwise), as a hillshade, and its
 * opacity. Writes the layer's `data` through the state; a style the scene's rule refuses is said
 * beside the fields and not written.
 */
export function rasterPanel(state: EditorState, layer: Layer): HTMLElement {
  const data = layer.data ?? {};
  const message = h('span', { class: 'hint', role: 'status', 'data-testid': `raster-message-${layer.id}` });
  const palettes = PALETTES.filter((p) => p.kind === 'sequential');
  const palette = h('select', { 'aria-label': `Colour ramp of layer ${layer.title}`, 'data-testid': `raster-ramp-${layer.id}` },
    h('option', { value: '' }, 'As the file is (grey for one band)'),
    ...palettes.map((p) => h('option', { value: p.name, selected: data.ramp !== undefined && data.ramp.join() === spread(p, data.ramp.length).join() }, p.name)));
  const breaks = h('input', { type: 'text', value: data.breaks?.join(', ') ?? '', placeholder: 'e.g. 0.5, 2, 5', 'aria-label': `Class breaks of layer ${layer.title}`, 'data-testid': `raster-breaks-${layer.id}` });
  const hillshade = h('input', { type: 'checkbox', checked: data.hillshade === true, 'aria-label': `Hillshade of layer ${layer.title}`, 'data-testid': `raster-hillshade-${layer.id}` });
  const opacity = h('input', { type: 'range', min: '0', max: '1', step: '0.05', value: String(data.opacity ?? 1), 'aria-label': `Opacity of layer ${layer.title}`, 'data-testid': `raster-opacity-${layer.id}` });

  const write = () => {
    const chosen = palettes.find((p) => p.name === palette.value);
    const classes = numbers(breaks.value);
    if (classes?.some((n) => !Number.isFinite(n))) {
      message.textContent = 'Breaks are numbers separated by commas.';
      return;
    }
    const style: RasterData = {
      ...(chosen ? { ramp: spread(chosen, classes ? classes.length + 1 : chosen.colours.length) } : {}),
      ...(chosen && classes ? { breaks: classes } : {}),
      ...(hillshade.checked ? { hillshade: true } : {}),
      ...(Number(opacity.value) < 1 ? { opacity: Number(opacity.value) } : {}),
    };
    const problem = rasterStyleProblem(style);
    if (!chosen && classes) message.textContent = 'Pick a colour ramp for the breaks to colour.';
    else message.textContent = problem ? `${problem.key}: ${problem.message}` : '';
    if (message.textContent) return;
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id)!;
      const { ramp: _r, breaks: _b, hillshade: _h, opacity: _o, ...rest } = target.data ?? {};
      const next = { ...rest, ...style };
      if (Object.keys(next).length > 0) target.data = next;
      else delete target.data;
    });
  };
  for (const input of [palette, breaks, hillshade, opacity]) input.addEventListener('change', write);
  return h('details', { class: 'raster-style', 'data-testid': `raster-style-${layer.id}` },
    h('summary', {}, 'Raster style'),
    h('label', { class: 'hint' }, 'Ramp ', palette),
    h('label', { class: 'hint' }, 'Breaks ', breaks),
    h('label', { class: 'hint' }, hillshade, ' Hillshade (a DEM)'),
    h('label', { class: 'hint' }, 'Opacity ', opacity),
    message,
  );
}
