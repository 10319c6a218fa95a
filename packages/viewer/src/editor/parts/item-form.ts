import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { AssetRecord } from '../api/management-api.js';
import type { Field, ModelRecord } from '../api/content-api.js';
import { renderMarkdown } from '../../ui/markdown.js';
import { t } from '../../ui/i18n.js';

/** How a field is edited: its control, chosen from its type (and, for a geometry, its value). */
export type ControlKind = 'json' | 'check' | 'choice' | 'asset' | 'point' | 'area' | 'richtext' | 'number' | 'url' | 'date' | 'text';

/** What a form holds for each field while it is edited: text, a checkbox's state, or a point's longitude and latitude. */
export type Typed = string | boolean | readonly [string, string];
export type Draft = Record<string, Typed>;

function point(value: unknown): [string, string] {
  const p = value as { type?: string; coordinates?: number[] } | null;
  return p?.type === 'Point' ? [String(p.coordinates![0]), String(p.coordinates![1])] : ['', ''];
}

/** The control for `field` with this value: lists, groups and geometries other than points are edited as JSON text. */
export function kindOf(field: Field, value: unknown): ControlKind {
  if (field.multiple || field.type === 'group' || (field.type === 'geometry' && value && point(value)[0] === '')) return 'json';
  switch (field.type) {
    case 'bool':
    case 'checkbox':
      return 'check';
    case 'select':
    case 'tag':
      return 'choice';
    case 'asset':
      return 'asset';
    case 'geometry':
      return 'point';
    case 'textArea':
    case 'markdown':
      return 'area';
    case 'richtext':
      return 'richtext';
    case 'integer':
    case 'number':
      return 'number';
    case 'url':
    case 'date':
      return field.type;
    default:
      return 'text';
  }
}

/** What the form shows first for each field of `item` (a new item: nothing). */
export function draftOf(model: ModelRecord, item: Record<string, unknown> | undefined): { kinds: Record<string, ControlKind>; draft: Draft } {
  const kinds: Record<string, ControlKind> = {};
  const draft: Draft = {};
  for (const field of model.fields) {
    const value = item?.[field.key];
    const kind = (kinds[field.key] = kindOf(field, value));
    if (kind === 'check') draft[field.key] = value === true;
    else if (kind === 'point') draft[field.key] = point(value);
    else draft[field.key] = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  }
  return { kinds, draft };
}

/** One field's value as typed (undefined: empty). JSON text that does not parse throws, naming nothing lost. */
function valueOf(kind: ControlKind, typed: Typed): unknown {
  if (kind === 'check') return typed === true;
  if (kind === 'point') {
    const [lng, lat] = typed as readonly [string, string];
    return lng === '' && lat === '' ? undefined : { type: 'Point', coordinates: [Number(lng), Number(lat)] };
  }
  const text = typed as string;
  if (kind === 'json') return text.trim() === '' ? undefined : JSON.parse(text);
  if (kind === 'number') return text === '' ? undefined : Number(text);
  return text === '' ? undefined : text;
}

/** The item's fields from what the form holds: `null` for an emptied one, so that a PATCH clears it. */
export function fieldValues(model: ModelRecord, kinds: Record<string, ControlKind>, draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields) out[field.key] = valueOf(kinds[field.key]!, draft[field.key]!) ?? null;
  return out;
}

const INPUT_TYPES: Partial<Record<ControlKind, string>> = { number: 'number', url: 'url', date: 'date', text: 'text' };
const typedText = (e: Event) => (e.currentTarget as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value;

/** Markdown previewed as the published page renders story text: safely (ui/markdown.ts). */
function Preview({ text, testid }: { text: string; testid: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => renderMarkdown(ref.current!, text), [text]);
  return h('div', { class: 'richtext-preview', 'data-testid': testid, ref });
}

interface ControlProps {
  field: Field;
  kind: ControlKind;
  typed: Typed;
  assets: AssetRecord[];
  set: (typed: Typed) => void;
}

function Control({ field, kind, typed, assets, set }: ControlProps) {
  const testid = `item-field-${field.key}`;
  const onInput = (e: Event) => set(typedText(e));
  switch (kind) {
    case 'check':
      return h('input', {
        type: 'checkbox',
        checked: typed === true,
        'data-testid': testid,
        onChange: (e: Event) => set((e.currentTarget as HTMLInputElement).checked),
      });
    case 'choice':
    case 'asset': {
      const options =
        kind === 'asset'
          ? assets.map((a) => [a.id, a.name] as const)
          : ((field.type === 'tag' ? field.values : field.options) ?? []).map((o) => [o, o] as const);
      return h(
        'select',
        { class: 'ui-select', 'data-testid': testid, value: typed as string, onChange: onInput },
        h('option', { value: '' }, '—'),
        options.map(([value, text]) => h('option', { key: value, value }, text)),
      );
    }
    case 'point': {
      const [lng, lat] = typed as readonly [string, string];
      return h(
        'div',
        { class: 'row' },
        h('input', {
          class: 'input',
          type: 'number',
          step: 'any',
          value: lng,
          placeholder: t('content.longitude'),
          'aria-label': t('content.longitudeOf', { key: field.key }),
          'data-testid': `${testid}-lng`,
          onInput: (e: Event) => set([typedText(e), lat]),
        }),
        h('input', {
          class: 'input',
          type: 'number',
          step: 'any',
          value: lat,
          placeholder: t('content.latitude'),
          'aria-label': t('content.latitudeOf', { key: field.key }),
          'data-testid': `${testid}-lat`,
          onInput: (e: Event) => set([lng, typedText(e)]),
        }),
      );
    }
    case 'json':
    case 'area':
      return h('textarea', { class: 'input', rows: kind === 'json' ? 3 : 4, 'data-testid': testid, value: typed as string, onInput });
    case 'richtext':
      return h(
        'div',
        {},
        h('textarea', { class: 'input', rows: 4, 'data-testid': testid, value: typed as string, onInput }),
        h(Preview, { text: typed as string, testid: `${testid}-preview` }),
      );
    default:
      return h('input', {
        class: 'input',
        type: INPUT_TYPES[kind],
        step: kind === 'number' && field.type === 'number' ? 'any' : undefined,
        value: typed as string,
        'data-testid': testid,
        onInput,
      });
  }
}

/**
 * A form built from a model: one control per field, by type (a Point as longitude and latitude,
 * an asset as a choice of the project's assets). It shows `draft`, which its owner keeps: what is
 * typed stays whatever else is drawn meanwhile (docs/editor.md, "How the editor draws").
 */
export function ItemForm({
  model,
  kinds,
  draft,
  assets,
  change,
}: {
  model: ModelRecord;
  kinds: Record<string, ControlKind>;
  draft: Draft;
  assets: AssetRecord[];
  change: (key: string, typed: Typed) => void;
}) {
  return h(
    'div',
    { class: 'item-form', 'data-testid': 'item-form' },
    model.fields.map((field) =>
      h(
        'label',
        { key: field.key, class: 'field' },
        h('span', { class: 'field-label' }, `${field.name ?? field.key}${field.required ? ' *' : ''}`),
        h(Control, { field, kind: kinds[field.key]!, typed: draft[field.key]!, assets, set: (typed) => change(field.key, typed) }),
      ),
    ),
  );
}
