import type { Layer, LayerData } from '@orbis/scene';
import { rasterStyleProblem } from '@orbis/scene/checks';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { PALETTES, spread } from './palettes.js';
import { t } from '../ui/i18n.js';

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
  const palette = h('select', { 'aria-label': t('raster.rampOf', { title: layer.title }), 'data-testid': `raster-ramp-${layer.id}` },
    h('option', { value: '' }, t('raster.asFile')),
    ...palettes.map((p) => h('option', { value: p.name, selected: data.ramp !== undefined && data.ramp.join() === spread(p, data.ramp.length).join() }, p.name)));
  const breaks = h('input', { type: 'text', value: data.breaks?.join(', ') ?? '', placeholder: t('raster.breaksPlaceholder'), 'aria-label': t('raster.breaksOf', { title: layer.title }), 'data-testid': `raster-breaks-${layer.id}` });
  const hillshade = h('input', { type: 'checkbox', checked: data.hillshade === true, 'aria-label': t('raster.hillshadeOf', { title: layer.title }), 'data-testid': `raster-hillshade-${layer.id}` });
  const opacity = h('input', { type: 'range', min: '0', max: '1', step: '0.05', value: String(data.opacity ?? 1), 'aria-label': t('raster.opacityOf', { title: layer.title }), 'data-testid': `raster-opacity-${layer.id}` });

  const write = () => {
    const chosen = palettes.find((p) => p.name === palette.value);
    const classes = numbers(breaks.value);
    if (classes?.some((n) => !Number.isFinite(n))) {
      message.textContent = t('raster.breaksAreNumbers');
      return;
    }
    const style: RasterData = {
      ...(chosen ? { ramp: spread(chosen, classes ? classes.length + 1 : chosen.colours.length) } : {}),
      ...(chosen && classes ? { breaks: classes } : {}),
      ...(hillshade.checked ? { hillshade: true } : {}),
      ...(Number(opacity.value) < 1 ? { opacity: Number(opacity.value) } : {}),
    };
    const problem = rasterStyleProblem(style);
    if (!chosen && classes) message.textContent = t('raster.pickRamp');
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
    h('summary', {}, t('raster.title')),
    h('label', { class: 'hint' }, t('raster.ramp'), ' ', palette),
    h('label', { class: 'hint' }, t('raster.breaks'), ' ', breaks),
    h('label', { class: 'hint' }, hillshade, ' ', t('raster.hillshade')),
    h('label', { class: 'hint' }, t('raster.opacity'), ' ', opacity),
    message,
  );
}
