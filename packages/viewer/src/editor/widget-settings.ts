import { button, checkbox, field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';

/** One field of Re:Earth's property schema, as `reearth.yml` declares it. */
interface SchemaField {
  id: string;
  type?: string;
  title?: string;
  description?: string;
  defaultValue?: unknown;
  choices?: { key: string; label?: string }[];
}
interface SchemaGroup {
  id: string;
  title?: string;
  list?: boolean;
  fields?: SchemaField[];
}

type Settings = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema's groups when the form can edit them all: plain groups of fields (a `list` group is edited as JSON). */
function formGroups(schema: unknown): SchemaGroup[] | undefined {
  const groups = isObject(schema) ? schema.groups : undefined;
  if (!Array.isArray(groups) || groups.length === 0) return undefined;
  const ok = groups.every((g) => isObject(g) && typeof g.id === 'string' && !g.list && Array.isArray(g.fields) && g.fields.every((f) => isObject(f) && typeof f.id === 'string'));
  return ok ? (groups as SchemaGroup[]) : undefined;
}

/**
 * A widget's settings (the scene's widget `property`, docs/contract.md §4): a form built from its manifest's
 * Re:Earth `schema` (`{groupId: {fieldId: value}}`, as Re:Earth stores it) where there is one, a
 * JSON text area otherwise. `save` gets the new property; invalid JSON is shown and not saved.
 */
export function widgetSettings(name: string, schema: unknown, property: Settings | undefined, save: (property: Settings) => void, testid: string): HTMLElement {
  const groups = formGroups(schema);
  const error = h('p', { class: 'hint widget-settings-error', role: 'alert', 'data-testid': `${testid}-error` });
  const showError = (text: string) => {
    error.textContent = text;
    error.hidden = text === '';
  };
  showError('');
  let read: () => Settings | undefined;
  let body: HTMLElement[];
  if (groups) {
    // Each control writes into a copy of the property; saving hands the copy over.
    const value: Settings = structuredClone(property ?? {});
    const set = (group: string, id: string, v: unknown) => {
      const g = isObject(value[group]) ? (value[group] as Settings) : (value[group] = {});
      if (v === undefined) delete g[id];
      else g[id] = v;
    };
    body = groups.map((group) =>
      h('fieldset', { class: 'widget-settings-group' }, h('legend', {}, group.title ?? group.id),
        ...(group.fields ?? []).map((f) => fieldControl(f, (isObject(value[group.id]) ? (value[group.id] as Settings) : {})[f.id], (v) => set(group.id, f.id, v), `${testid}-${group.id}-${f.id}`))),
    );
    read = () => value;
  } else {
    const text = h('textarea', { class: 'textarea', rows: 5, 'aria-label': t('widgets.settingsJsonOf', { name }), 'data-testid': `${testid}-json` }) as HTMLTextAreaElement;
    text.value = JSON.stringify(property ?? {}, null, 2);
    body = [field(t('widgets.settingsJson'), text)];
    read = () => {
      try {
        const parsed: unknown = JSON.parse(text.value);
        if (isObject(parsed)) return parsed;
        showError(t('widgets.notAnObject'));
      } catch (err) {
        showError(t('widgets.invalidJson', { message: (err as Error).message }));
      }
      return undefined;
    };
  }
  const saveButton = button({
    label: t('widgets.saveSettings'),
    testid: `${testid}-save`,
    onClick: () => {
      showError('');
      const value = read();
      if (value) save(structuredClone(value));
    },
  });
  return h('details', { class: 'widget-settings', 'data-testid': testid }, h('summary', {}, t('widgets.settingsOf', { name })), ...body, error, saveButton);
}

/** One schema field's control; `change` gets the new value (`undefined` clears it). */
function fieldControl(f: SchemaField, current: unknown, change: (v: unknown) => void, testid: string): HTMLElement {
  const label = f.title ?? f.id;
  const value = current ?? f.defaultValue;
  if (f.type === 'bool') return checkbox(label, value === true, (on) => change(on), testid);
  if (Array.isArray(f.choices) && f.choices.length > 0) {
    const options = [['', '—'] as const, ...f.choices.map((c) => [c.key, c.label ?? c.key] as const)];
    return field(label, select(options, typeof value === 'string' ? value : '', (v) => change(v === '' ? undefined : v), label, testid), f.description);
  }
  if (f.type === 'number') {
    return field(label, textInput({ type: 'number', value: typeof value === 'number' ? String(value) : '', label, testid, onChange: (v) => change(v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v)) }), f.description);
  }
  if (f.type === undefined || f.type === 'string' || f.type === 'url') {
    return field(label, textInput({ type: f.type === 'url' ? 'url' : 'text', value: typeof value === 'string' ? value : '', label, testid, onChange: (v) => change(v === '' ? undefined : v) }), f.description);
  }
  // Other Re:Earth types (latlng, camera, typography, …): their value as JSON.
  return field(`${label} (${f.type}, JSON)`, textInput({ value: value === undefined ? '' : JSON.stringify(value), label, testid, onChange: (v) => {
    try {
      change(v === '' ? undefined : JSON.parse(v));
    } catch {
      // Kept as text: the plugin sees what was typed.
      change(v);
    }
  } }), f.description);
}
