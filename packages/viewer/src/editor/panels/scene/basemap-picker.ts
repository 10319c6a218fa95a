import type { SceneViewerProperty, TileType } from '@orbis/scene';
import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { NAMED_BASEMAPS, isNamedBasemap } from '../../../engine/basemaps.js';
import { Field, Select } from '../../../ui/field.js';
import { TextField } from '../../../ui/text-field.js';
import type { EditorState } from '../../state/editor-state.js';
import { type PmtilesBasemapInfo, PmtilesBasemaps, pmtilesAssets } from './pmtiles-basemaps.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { t } from '../../../ui/i18n.js';

type Tile = NonNullable<SceneViewerProperty['tiles']>[number];

const choices = (): readonly (readonly [string, string])[] => [
  ['default', t('basemap.default')],
  ...(Object.keys(NAMED_BASEMAPS) as (keyof typeof NAMED_BASEMAPS)[]).map((type) => [type, t(`basemap.named.${type}`)] as const),
  ['url', t('basemap.url')],
  ['pmtiles', t('basemap.pmtiles')],
];

/** The tile of a `{z}/{x}/{y}` template that holds Japan and East Asia: what the preview shows. */
const PREVIEW_TILE = { z: 2, x: 3, y: 1 };
const previewOf = (template: string) =>
  template.replace('{z}', String(PREVIEW_TILE.z)).replace('{x}', String(PREVIEW_TILE.x)).replace('{y}', String(PREVIEW_TILE.y));
// Natural Earth II's eastern half at its first level, from the `cesium` package (a TMS: no network).
const NATURAL_EARTH_PREVIEW = '/cesium/Assets/Textures/NaturalEarthII/0/1/0.jpg';
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/**
 * The Map tab's basemap (docs/contract.md §14): whether one shows, which (`property.tiles[0]`, the bottom one;
 * any entries above it stay as they are), its opacity, and a preview tile of it. A URL basemap is
 * written once it has its URL; a PMTiles basemap once its archive is read and holds tiles a basemap
 * draws (images or vector tiles). A choice that needs more meanwhile stays shown.
 */
export function BasemapPicker({ state }: { state: EditorState }) {
  useEditorState(state);
  const archives = useMemo(() => new PmtilesBasemaps(state), [state]);
  const [pending, setPending] = useState<string | undefined>(undefined);
  const [typedUrl, setTypedUrl] = useState('');
  const [chosenArchive, setChosenArchive] = useState('');
  // What is known of the chosen archive (`of`, its asset id), kept while that archive stays chosen.
  const [archiveInfo, setArchiveInfo] = useState<(PmtilesBasemapInfo & { of: string }) | undefined>(undefined);
  const tiles = state.scene.property.tiles;
  const base = tiles?.[0];
  const shown = !tiles || tiles.length > 0;
  const type = base?.type ?? 'default';
  // `osm` and `wms` entries (written by hand or a plugin) show as what they are closest to.
  const kind = pending ?? (choices().some(([v]) => v === type) ? type : 'url');
  const url = typeof base?.url === 'string' ? base.url : typedUrl;
  const opacity = base?.opacity ?? 1;
  const assets = pmtilesAssets(state);
  const storedArchive = base?.type === 'pmtiles' ? (base.assetId ?? '') : '';
  const archiveId = (!pending && storedArchive) || chosenArchive || storedArchive;
  const asset = assets.find((a) => a.id === archiveId);
  const info = archiveInfo?.of === asset?.id ? archiveInfo : undefined;
  // What an answer that comes later checks against: the choice shown now.
  const now = useRef({ kind, archiveId });
  now.current = { kind, archiveId };

  const write = (next: Tile | undefined) =>
    state.update((s) => {
      const rest = s.property.tiles?.slice(1) ?? [];
      s.property.tiles = next ? [next, ...rest] : [];
    });
  const tileOf = (choice: { kind: string; url?: string; archive?: string }): Tile => ({
    type: choice.kind as TileType,
    opacity,
    ...(choice.kind === 'url' ? { url: (choice.url ?? url).trim() } : {}),
    ...(choice.kind === 'pmtiles' ? { assetId: choice.archive ?? archiveId } : {}),
  });
  const written = (tile: Tile) => {
    setPending(undefined);
    write(tile);
  };
  const apply = (choice: { kind: string; url?: string; archive?: string }) => {
    setPending(choice.kind);
    if (choice.kind === 'url' && !(choice.url ?? url).trim()) return;
    if (choice.kind === 'pmtiles') return void applyArchive(choice.archive ?? archiveId);
    written(tileOf(choice));
  };
  // An archive is written only once it is read and found to hold tiles a basemap draws.
  const applyArchive = async (id: string) => {
    const chosen = pmtilesAssets(state).find((a) => a.id === id);
    if (!chosen) return;
    const read = await archives.info(chosen);
    if (now.current.kind === 'pmtiles' && now.current.archiveId === id && !read.refusal) written(tileOf({ kind: 'pmtiles', archive: id }));
  };
  useEffect(() => {
    if (kind !== 'pmtiles' || !asset) return;
    void archives.info(asset).then((read) => {
      if (now.current.kind === 'pmtiles' && now.current.archiveId === asset.id) setArchiveInfo({ ...read, of: asset.id });
    });
  }, [kind, asset?.id]);

  // The object URL of the archive tile the preview shows, revoked once it shows another thing.
  const blob = kind === 'pmtiles' ? info?.preview : undefined;
  const blobUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : ''), [blob]);
  useEffect(() => () => blobUrl && URL.revokeObjectURL(blobUrl), [blobUrl]);
  const src =
    kind === 'default'
      ? NATURAL_EARTH_PREVIEW
      : isNamedBasemap(kind)
        ? previewOf(NAMED_BASEMAPS[kind].url)
        : kind === 'pmtiles'
          ? blobUrl
          : url.includes('{z}')
            ? previewOf(url)
            : '';
  // The credit as text: the globe's credit line carries the links.
  const credit = isNamedBasemap(kind)
    ? t('basemap.credit', { credit: textOf(NAMED_BASEMAPS[kind].credit) })
    : kind === 'pmtiles' && info && !info.refusal
      ? info.credit
        ? t('basemap.credit', { credit: info.credit })
        : t('basemap.noCredit')
      : '';
  const refusal = kind !== 'pmtiles' ? '' : !assets.length ? t('basemap.uploadArchive') : (info?.refusal ?? '');

  return h(
    'div',
    { class: 'basemap', 'data-testid': 'basemap-picker' },
    h(
      'div',
      { class: 'basemap-fields' },
      h(
        'label',
        { class: 'check' },
        h('input', {
          type: 'checkbox',
          'data-testid': 'imagery-show',
          checked: shown,
          // Switched on while a choice is not complete, the basemap shown is the offline one.
          onChange: (e: Event) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            const next = pending ? { type: 'default' as const, opacity } : tileOf({ kind });
            setPending(undefined);
            write(on ? next : undefined);
          },
        }),
        h('span', {}, t('basemap.show')),
      ),
      h(
        Field,
        { label: t('basemap.title') },
        h(Select, { options: choices(), value: kind, label: t('basemap.title'), testid: 'basemap', onChange: (next) => apply({ kind: next }) }),
      ),
      h(TextField, {
        class: 'input',
        type: 'url',
        placeholder: 'https://…/{z}/{x}/{y}.png',
        'aria-label': t('basemap.tileUrl'),
        'data-testid': 'basemap-url',
        hidden: kind !== 'url',
        value: url,
        onCommit: (next) => {
          setTypedUrl(next);
          apply({ kind: 'url', url: next });
        },
      }),
      kind === 'pmtiles' &&
        h(
          Field,
          { label: t('basemap.archive') },
          h(Select, {
            options: [['', assets.length ? t('basemap.chooseArchive') : t('basemap.noArchive'), true], ...assets.map((a) => [a.id, a.name] as const)],
            value: archiveId,
            label: t('basemap.archiveLabel'),
            testid: 'basemap-archive',
            onChange: (archive) => {
              setChosenArchive(archive);
              apply({ kind: 'pmtiles', archive });
            },
          }),
        ),
      h('p', { class: 'hint error', role: 'alert', 'data-testid': 'basemap-refusal' }, refusal),
      h(
        Field,
        { label: t('raster.opacity') },
        h('input', {
          type: 'range',
          min: 0,
          max: 1,
          step: 0.05,
          value: opacity,
          'aria-label': t('basemap.opacity'),
          'data-testid': 'imagery-opacity',
          onInput: (e: Event) => shown && !pending && write({ ...tileOf({ kind }), opacity: Number((e.currentTarget as HTMLInputElement).value) }),
        }),
      ),
      h('p', { class: 'hint', 'data-testid': 'basemap-credit' }, credit),
    ),
    h('img', { class: 'basemap-preview', width: 96, height: 96, alt: '', 'data-testid': 'basemap-preview', src: src || undefined, hidden: !src || !shown }),
  );
}
