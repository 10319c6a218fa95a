import type { Layer, Scene } from '@orbis/scene';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { EngineFeatures } from '../../../engine/engine-features.js';
import { TextField } from '../../../ui/text-field.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { FilterSection } from './filter-panel.js';

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
 * A feature layer's tools (docs/contract.md §18): its group, its points clustered, its features' time
 * from a property, and the filters a visitor may use. The layer's properties are read while it is open.
 */
export function LayerToolsPanel({ state, engine, layer }: { state: EditorState; engine: Pick<EngineFeatures, 'featureProperties'>; layer: Layer }) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [open, setOpen] = useState(false);
  const testid = (name: string) => `tools-${name}-${layer.id}`;
  const change = (fn: (target: Layer, scene: Scene) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (target) fn(target, s);
    });
  const names = open ? [...new Set(engine.featureProperties(layer.id).flatMap((p) => Object.keys(p)))] : [];
  const time = layer.data?.time;
  const writeTime = (next: { property?: string; endProperty?: string; duration?: string }) =>
    change((l) => {
      const data = { ...l.data };
      const property = next.property ?? time?.property ?? '';
      const endProperty = next.endProperty ?? time?.endProperty ?? '';
      const seconds = Number(next.duration ?? time?.duration ?? '');
      if (!property) delete data.time;
      else data.time = { property, ...(endProperty ? { endProperty } : seconds > 0 ? { duration: seconds } : {}) };
      if (Object.keys(data).length) l.data = data;
      else delete l.data;
    });
  const propertySelect = (name: string, label: string, chosen: string | undefined, none: string, onChoose: (value: string) => void) =>
    h(
      'select',
      { 'aria-label': label, 'data-testid': testid(name), value: chosen ?? '', onChange: (e: Event) => onChoose((e.currentTarget as HTMLSelectElement).value) },
      h('option', { value: '' }, none),
      [...new Set([...names, ...(chosen ? [chosen] : [])])].map((n) => h('option', { key: n, value: n }, n)),
    );
  return h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel'), onToggle: (e: Event) => setOpen((e.currentTarget as HTMLDetailsElement).open) },
    h('summary', {}, t('layerTools.title')),
    h(
      'label',
      {},
      `${t('layerTools.group')} `,
      h(TextField, {
        class: 'input',
        placeholder: t('layerTools.noGroup'),
        'aria-label': t('layerTools.group'),
        'data-testid': testid('group'),
        value: state.scene.groups?.find((g) => g.id === layer.group)?.title ?? '',
        onCommit: (title) => change((_, s) => setLayerGroup(s, layer.id, title)),
      }),
    ),
    h(
      'label',
      {},
      h('input', {
        type: 'checkbox',
        'data-testid': testid('cluster'),
        checked: layer.cluster?.enabled === true,
        onChange: (e: Event) => {
          const on = (e.currentTarget as HTMLInputElement).checked;
          change((l) => {
            if (on) l.cluster = { ...l.cluster, enabled: true };
            else if (l.cluster) l.cluster = { ...l.cluster, enabled: false };
          });
        },
      }),
      ` ${t('layerTools.cluster')}`,
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('layerTools.time')),
      h(
        'label',
        {},
        `${t('layerTools.timeFrom')} `,
        propertySelect('time', t('layerTools.timeFromLabel'), time?.property, t('layerTools.noTime'), (property) => writeTime({ property })),
      ),
      h(
        'label',
        {},
        `${t('layerTools.timeUntil')} `,
        propertySelect('time-end', t('layerTools.timeUntilLabel'), time?.endProperty, t('layerTools.noEnd'), (endProperty) => writeTime({ endProperty })),
      ),
      h(
        'label',
        {},
        `${t('layerTools.timeFor')} `,
        h(TextField, {
          class: 'input',
          type: 'number',
          min: '0',
          step: 'any',
          placeholder: t('layerTools.secondsPlaceholder'),
          'aria-label': t('layerTools.durationLabel'),
          'data-testid': testid('time-duration'),
          value: time?.duration !== undefined ? String(time.duration) : '',
          onCommit: (duration) => writeTime({ duration }),
        }),
        ` ${t('layerTools.seconds')}`,
      ),
    ),
    h(FilterSection, { state, layer, names }),
  );
}
