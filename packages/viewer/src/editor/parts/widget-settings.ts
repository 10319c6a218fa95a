import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../ui/button.js';
import { Checkbox, Field, Select } from '../../ui/field.js';
import { TextField } from '../../ui/text-field.js';
import { t } from '../../ui/i18n.js';

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
  const ok = groups.every(
    (g) => isObject(g) && typeof g.id === 'string' && !g.list && Array.isArray(g.fields) && g.fields.every((f) => isObject(f) && typeof f.id === 'string'),
  );
  return ok ? (groups as SchemaGroup[]) : undefined;
}

/** `property` with one field of one group set (`undefined` clears it), as a new object. */
export function withField(property: Settings, group: string, id: string, value: unknown): Settings {
  const next = structuredClone(property);
  const g = isObject(next[group]) ? (next[group] as Settings) : (next[group] = {});
  if (value === undefined) delete g[id];
  else g[id] = value;
  return next;
}

/** Reads a JSON text as a property: the object, or the error to show. */
export function parseSettings(text: string): { property: Settings } | { error: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? { property: parsed } : { error: t('widgets.notAnObject') };
  } catch (err) {
    return { error: t('widgets.invalidJson', { message: (err as Error).message }) };
  }
}

interface Props {
  name: string;
  schema: unknown;
  property: Settings | undefined;
  save: (property: Settings) => void;
  testid: string;
}

/**
 * A widget's or block's settings (the scene's `property`, docs/contract.md §4): a form built from its manifest's
 * Re:Earth `schema` (`{groupId: {fieldId: value}}`, as Re:Earth stores it) where there is one, a
 * JSON text area otherwise. What is changed and not saved stays, whatever the scene does meanwhile;
 * *Save settings* hands it to `save`, and the form shows the scene again. Invalid JSON is shown and not saved.
 */
export function WidgetSettings({ name, schema, property, save, testid }: Props) {
  const groups = formGroups(schema);
  // The form's own copy while it differs from the scene (not saved yet).
  const [draft, setDraft] = useState<Settings | undefined>(undefined);
  const [json, setJson] = useState<string | undefined>(undefined);
  const [error, setError] = useState('');
  const shown = draft ?? property ?? {};
  const onSave = () => {
    setError('');
    if (groups) {
      save(structuredClone(shown));
      setDraft(undefined);
      return;
    }
    const read = parseSettings(json ?? JSON.stringify(property ?? {}));
    if ('error' in read) return setError(read.error);
    save(read.property);
    setJson(undefined);
  };
  const body = groups
    ? groups.map((group) =>
        h(
          'fieldset',
          { key: group.id, class: 'widget-settings-group' },
          h('legend', {}, group.title ?? group.id),
          (group.fields ?? []).map((f) =>
            h(FieldControl, {
              key: f.id,
              field: f,
              current: (isObject(shown[group.id]) ? (shown[group.id] as Settings) : {})[f.id],
              change: (v: unknown) => setDraft(withField(shown, group.id, f.id, v)),
              testid: `${testid}-${group.id}-${f.id}`,
            }),
          ),
        ),
      )
    : h(
        Field,
        { label: t('widgets.settingsJson') },
        h('textarea', {
          class: 'textarea',
          rows: 5,
          'aria-label': t('widgets.settingsJsonOf', { name }),
          'data-testid': `${testid}-json`,
          value: json ?? JSON.stringify(property ?? {}, null, 2),
          onInput: (e: Event) => setJson((e.currentTarget as HTMLTextAreaElement).value),
        }),
      );
  return h(
    'details',
    { class: 'widget-settings', 'data-testid': testid },
    h('summary', {}, t('widgets.settingsOf', { name })),
    body,
    h('p', { class: 'hint widget-settings-error', role: 'alert', 'data-testid': `${testid}-error`, hidden: error === '' }, error),
    h(Button, { label: t('widgets.saveSettings'), testid: `${testid}-save`, onClick: onSave }),
  );
}

/** One schema field's control; `change` gets the new value (`undefined` clears it). */
function FieldControl({ field: f, current, change, testid }: { field: SchemaField; current: unknown; change: (v: unknown) => void; testid: string }) {
  const label = f.title ?? f.id;
  const value = current ?? f.defaultValue;
  if (f.type === 'bool') return h(Checkbox, { label, checked: value === true, onChange: change, testid });
  if (Array.isArray(f.choices) && f.choices.length > 0) {
    const options = [['', '—'] as const, ...f.choices.map((c) => [c.key, c.label ?? c.key] as const)];
    return h(
      Field,
      { label, hint: f.description },
      h(Select, { options, value: typeof value === 'string' ? value : '', onChange: (v) => change(v === '' ? undefined : v), label, testid }),
    );
  }
  const input = (type: 'text' | 'url' | 'number', text: string, commit: (v: string) => void) =>
    h(TextField, { class: 'input', type, value: text, 'aria-label': label, 'data-testid': testid, onCommit: commit });
  if (f.type === 'number') {
    return h(
      Field,
      { label, hint: f.description },
      input('number', typeof value === 'number' ? String(value) : '', (v) => change(v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v))),
    );
  }
  if (f.type === undefined || f.type === 'string' || f.type === 'url') {
    return h(
      Field,
      { label, hint: f.description },
      input(f.type === 'url' ? 'url' : 'text', typeof value === 'string' ? value : '', (v) => change(v === '' ? undefined : v)),
    );
  }
  // Other Re:Earth types (latlng, camera, typography, …): their value as JSON.
  const asJson = (v: string) => {
    try {
      change(v === '' ? undefined : JSON.parse(v));
    } catch {
      // Kept as text: the plugin sees what was typed.
      change(v);
    }
  };
  return h(Field, { label: `${label} (${f.type}, JSON)`, hint: f.description }, input('text', value === undefined ? '' : JSON.stringify(value), asJson));
}
