import type { Layer, Scene } from '@orbis/scene';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { TextField } from '../../../ui/text-field.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { FilterSection } from './filter-panel.js';
import { setLayerGroup } from '../../state/layer-groups.js';
import { type LayerFeaturesEngine, useLayerFeatures } from './use-layer-features.js';

/**
 * A feature layer's tools (docs/contract.md §18): its group, its points clustered, its features' time
 * from a property, and the filters a visitor may use. The layer's properties are read while it is open.
 */
export function LayerToolsPanel({ state, engine, layer }: { state: EditorState; engine: LayerFeaturesEngine; layer: Layer }) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [open, setOpen] = useState(false);
  const testid = (name: string) => `tools-${name}-${layer.id}`;
  const change = (fn: (target: Layer, scene: Scene) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (target) fn(target, s);
    });
  const features = useLayerFeatures(engine, layer.id, open);
  const names = [...new Set(features.flatMap((p) => Object.keys(p)))];
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
        { class: 'with-unit' },
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
    h(FilterSection, { state, layer, names, column: (name: string) => features.map((p) => p[name]) }),
  );
}
