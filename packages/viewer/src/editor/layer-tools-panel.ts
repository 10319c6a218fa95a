import type { Layer, Scene } from '@orbis/scene';
import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import { filterSection } from './filter-panel.js';
import { onePerLayer } from './layer-panels.js';

/** A group's id from the title the map maker types: its letters and digits, dashes between. */
export function groupIdOf(title: string): string {
  const id = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return id || `group-${[...title].reduce((n, c) => (n * 31 + c.codePointAt(0)!) >>> 0, 7).toString(36)}`;
}

/** Puts a layer in the group titled `title` (made when new), or in none when blank; groups no layer names any more go. */
export function setLayerGroup(scene: Scene, layerId: string, title: string): void {
  const layer = scene.layers.find((l) => l.id === layerId);
  if (!layer) return;
  const trimmed = title.trim();
  if (trimmed === '') delete layer.group;
  else {
    const existing = scene.groups?.find((g) => g.title === trimmed);
    const id = existing?.id ?? groupIdOf(trimmed);
    if (!existing) scene.groups = [...(scene.groups ?? []), { id, title: trimmed }];
    layer.group = id;
  }
  const named = new Set(scene.layers.map((l) => l.group));
  scene.groups = (scene.groups ?? []).filter((g) => named.has(g.id));
  if (scene.groups.length === 0) delete scene.groups;
}

/**
 * A feature layer's tools (docs/contract.md §18; made once per layer, then reused): its group, its points
 * clustered, its features' time from a property, and the filters a visitor may use.
 */
export const layerToolsPanel = onePerLayer((state, engine, layerId) => {
  const layer = (): Layer | undefined => state.scene.layers.find((l) => l.id === layerId);
  const testid = (name: string) => `tools-${name}-${layerId}`;
  const change = (fn: (layer: Layer, scene: Scene) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layerId);
      if (target) fn(target, s);
    });
  const names = () => [...new Set(engine.featureProperties(layerId).flatMap((p) => Object.keys(p)))];

  const group = h('input', { class: 'input', placeholder: t('layerTools.noGroup'), 'aria-label': t('layerTools.group'), 'data-testid': testid('group') });
  group.addEventListener('change', () => change((_, s) => setLayerGroup(s, layerId, group.value)));

  const cluster = h('input', { type: 'checkbox', 'data-testid': testid('cluster') });
  cluster.addEventListener('change', () =>
    change((l) => {
      if (cluster.checked) l.cluster = { ...l.cluster, enabled: true };
      else if (l.cluster) l.cluster = { ...l.cluster, enabled: false };
    }),
  );

  const start = h('select', { 'aria-label': t('layerTools.timeFromLabel'), 'data-testid': testid('time') });
  const end = h('select', { 'aria-label': t('layerTools.timeUntilLabel'), 'data-testid': testid('time-end') });
  const duration = h('input', {
    class: 'input',
    type: 'number',
    min: '0',
    step: 'any',
    placeholder: t('layerTools.secondsPlaceholder'),
    'aria-label': t('layerTools.durationLabel'),
    'data-testid': testid('time-duration'),
  });
  const writeTime = () =>
    change((l) => {
      const data = { ...l.data };
      const seconds = Number(duration.value);
      if (!start.value) delete data.time;
      else data.time = { property: start.value, ...(end.value ? { endProperty: end.value } : seconds > 0 ? { duration: seconds } : {}) };
      if (Object.keys(data).length) l.data = data;
      else delete l.data;
    });
  for (const control of [start, end, duration]) control.addEventListener('change', writeTime);

  const filters = filterSection(state, engine, layerId);
  const refresh = () => {
    const l = layer();
    if (!l) return;
    const options = (chosen: string | undefined, none: string) => [
      h('option', { value: '' }, none),
      ...names().map((n) => h('option', { value: n, selected: n === chosen }, n)),
    ];
    if (document.activeElement !== group) group.value = state.scene.groups?.find((g) => g.id === l.group)?.title ?? '';
    cluster.checked = l.cluster?.enabled === true;
    start.replaceChildren(...options(l.data?.time?.property, t('layerTools.noTime')));
    end.replaceChildren(...options(l.data?.time?.endProperty, t('layerTools.noEnd')));
    if (document.activeElement !== duration) duration.value = l.data?.time?.duration !== undefined ? String(l.data.time.duration) : '';
    filters.refresh();
  };
  state.onChange(refresh);
  const details = h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel') },
    h('summary', {}, t('layerTools.title')),
    h('label', {}, `${t('layerTools.group')} `, group),
    h('label', {}, cluster, ` ${t('layerTools.cluster')}`),
    h(
      'fieldset',
      {},
      h('legend', {}, t('layerTools.time')),
      h('label', {}, `${t('layerTools.timeFrom')} `, start),
      h('label', {}, `${t('layerTools.timeUntil')} `, end),
      h('label', {}, `${t('layerTools.timeFor')} `, duration, ` ${t('layerTools.seconds')}`),
    ),
    filters.element,
  );
  details.addEventListener('toggle', () => details.open && refresh());
  refresh();
  return details;
});
