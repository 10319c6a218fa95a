import type { AssetRecord } from './management-api.js';
import type { Field, ModelRecord } from './content-api.js';
import { h } from '../ui/dom.js';
import { renderMarkdown } from '../ui/markdown.js';
import { t } from '../ui/i18n.js';

/** One control per field, and how to read its value back (undefined: empty). */
interface Control {
  element: HTMLElement;
  read(): unknown;
}

function point(value: unknown): [string, string] {
  const p = value as { type?: string; coordinates?: number[] } | null;
  return p?.type === 'Point' ? [String(p.coordinates![0]), String(p.coordinates![1])] : ['', ''];
}

function control(field: Field, value: unknown, assets: AssetRecord[]): Control {
  const testid = `item-field-${field.key}`;
  const asText = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (field.multiple || field.type === 'group' || (field.type === 'geometry' && value && point(value)[0] === '')) {
    // Lists, groups and geometries other than points are edited as JSON text.
    const area = h('textarea', { class: 'input', rows: 3, 'data-testid': testid }, asText);
    return { element: area, read: () => (area.value.trim() === '' ? undefined : JSON.parse(area.value)) };
  }
  switch (field.type) {
    case 'bool':
    case 'checkbox': {
      const input = h('input', { type: 'checkbox', checked: value === true, 'data-testid': testid });
      return { element: input, read: () => input.checked };
    }
    case 'select':
    case 'tag': {
      const el = h('select', { class: 'ui-select', 'data-testid': testid }, h('option', { value: '' }, '—'), ...((field.type === 'tag' ? field.values : field.options) ?? []).map((o) => h('option', { value: o, selected: o === value }, o)));
      return { element: el, read: () => el.value || undefined };
    }
    case 'asset': {
      const el = h('select', { class: 'ui-select', 'data-testid': testid }, h('option', { value: '' }, '—'), ...assets.map((a) => h('option', { value: a.id, selected: a.id === value }, a.name)));
      return { element: el, read: () => el.value || undefined };
    }
    case 'geometry': {
      const [lng, lat] = point(value);
      const lngInput = h('input', { class: 'input', type: 'number', step: 'any', value: lng, placeholder: t('content.longitude'), 'aria-label': t('content.longitudeOf', { key: field.key }), 'data-testid': `${testid}-lng` });
      const latInput = h('input', { class: 'input', type: 'number', step: 'any', value: lat, placeholder: t('content.latitude'), 'aria-label': t('content.latitudeOf', { key: field.key }), 'data-testid': `${testid}-lat` });
      return {
        element: h('div', { class: 'row' }, lngInput, latInput),
        read: () => (lngInput.value === '' && latInput.value === '' ? undefined : { type: 'Point', coordinates: [Number(lngInput.value), Number(latInput.value)] }),
      };
    }
    case 'textArea':
    case 'markdown': {
      const area = h('textarea', { class: 'input', rows: 4, 'data-testid': testid }, asText);
      return { element: area, read: () => area.value || undefined };
    }
    case 'richtext': {
      // Markdown, with a preview rendered as the published page renders story text: safely (ui/markdown.ts).
      const area = h('textarea', { class: 'input', rows: 4, 'data-testid': testid }, asText);
      const preview = h('div', { class: 'richtext-preview', 'data-testid': `${testid}-preview` });
      const render = () => renderMarkdown(preview, area.value);
      area.addEventListener('input', render);
      render();
      return { element: h('div', {}, area, preview), read: () => area.value || undefined };
    }
    default: {
      const type = field.type === 'integer' || field.type === 'number' ? 'number' : field.type === 'url' ? 'url' : field.type === 'date' ? 'date' : 'text';
      const input = h('input', { class: 'input', type, step: field.type === 'number' ? 'any' : undefined, value: asText, 'data-testid': testid });
      return { element: input, read: () => (input.value === '' ? undefined : type === 'number' ? Number(input.value) : input.value) };
    }
  }
}

/**
 * A form built from a model: one control per field, by type (a Point as longitude and latitude,
 * an asset as a choice of the project's assets). `values()` gives the item's fields, `null` for an
 * emptied one so that a PATCH clears it.
 */
export function itemForm(model: ModelRecord, item: Record<string, unknown> | undefined, assets: AssetRecord[]) {
  const controls = model.fields.map((f) => ({ field: f, control: control(f, item?.[f.key], assets) }));
  const element = h('div', { class: 'item-form', 'data-testid': 'item-form' },
    ...controls.map(({ field, control: c }) =>
      h('label', { class: 'field' }, h('span', { class: 'field-label' }, `${field.name ?? field.key}${field.required ? ' *' : ''}`), c.element)),
  );
  return {
    element,
    values(): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const { field, control: c } of controls) out[field.key] = c.read() ?? null;
      return out;
    },
  };
}
