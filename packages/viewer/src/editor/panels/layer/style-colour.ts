import type { StyleValue } from '@orbis/scene';
import { styleExpressionError } from '@orbis/scene/checks';
import { Fragment, h } from 'preact';
import { useState } from 'preact/hooks';
import type { EngineFeatures, GeometryKind } from '../../../engine/engine-features.js';
import { legendLabels } from '../../../layers-ui/legend-label.js';
import { TextField } from '../../../ui/text-field.js';
import { PALETTES, paletteOf } from './palettes.js';
import {
  CLASS_COUNTS,
  type ColourForm,
  colourFormOf,
  colourRule,
  type Column,
  COLOUR_MODES,
  DEFAULT_FORM,
  paletteKindOf,
  sameStyleValue,
} from './style-form.js';
import { StyleHistogram } from './style-histogram.js';
import { breaksOf, CLASS_METHODS, numericValues, parseBreaks } from './style-rules.js';
import { formatNumber, t } from '../../../ui/i18n.js';

export const options = (entries: readonly (readonly [string, string])[]) => entries.map(([value, label]) => h('option', { key: value, value }, label));
export const row = (label: string, control: unknown) => h('label', {}, label, ' ', control as never);
const valueOf = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;

interface Props {
  /** What is coloured: a kind of geometry, or `3dtiles` (a draft belongs to one). */
  kind: GeometryKind | '3dtiles';
  /** What the scene holds for the kind's colour. */
  stored: StyleValue<string> | undefined;
  names: string[];
  column: Column;
  engine: Pick<EngineFeatures, 'expressionColor'>;
  testid: (name: string) => string;
  /** Writes the kind's colour field. */
  write: (value: StyleValue<string>) => void;
}

/**
 * The colour of one kind of feature: one colour, one per value, or classes of a number, and an
 * expression of one's own. It shows what the scene holds (issue 36: after a reload, never the
 * defaults over a styled layer); a choice not written yet (breaks being typed, a mode without a
 * property) stays while the scene's rule is still the one it last wrote, and gives way to a
 * teammate's change of that rule.
 */
export function StyleColour({ kind, stored, names, column, engine, testid, write }: Props) {
  const [draft, setDraft] = useState<(ColourForm & { kind: Props['kind'] }) | undefined>(undefined);
  const [sliding, setSliding] = useState<number | undefined>(undefined);
  const read = colourFormOf(stored, column);
  const draftRule = draft?.kind === kind ? colourRule(draft, column) : undefined;
  const keep = draft?.kind === kind && (!draftRule || 'error' in draftRule || sameStyleValue(draftRule.value, stored));
  const chosen = keep ? draft! : { ...DEFAULT_FORM, ...read };
  const form: ColourForm = { ...chosen, property: chosen.property || names[0] || '', palette: paletteOf(chosen.palette, paletteKindOf(chosen.mode)).name };
  const rule = colourRule(form, column);

  const choose = (change: Partial<ColourForm>) => {
    const next = { ...form, ...change };
    setDraft({ ...next, kind });
    const made = colourRule(next, column);
    if (made && 'value' in made) write(made.value);
  };

  const graduated = form.mode === 'graduated';
  const breaksError = graduated && form.method === 'breaks' && rule && 'error' in rule ? rule.error : '';
  const numbers = graduated && form.property ? numericValues(column(form.property)) : [];
  const typedBreaks = form.method === 'breaks' ? parseBreaks(form.breaks) : { breaks: undefined };
  const opacity = sliding ?? form.opacity * 100;
  const properties = [...new Set([...names, ...(form.property ? [form.property] : [])])];
  const palettes = PALETTES.filter((p) => p.kind === paletteKindOf(form.mode));
  const conditions = typeof stored === 'object' && 'conditions' in stored ? stored.conditions : [];
  const labels = legendLabels(conditions.map(([c]) => c));
  return h(
    Fragment,
    {},
    row(
      t('style.colour'),
      h(
        'select',
        { 'data-testid': testid('mode'), value: form.mode, onChange: (e: Event) => choose({ mode: valueOf(e) as ColourForm['mode'] }) },
        options(COLOUR_MODES.map((m) => [m, t(`style.modes.${m}`)])),
      ),
    ),
    form.mode !== 'single' &&
      row(
        t('style.byProperty'),
        h(
          'select',
          { 'data-testid': testid('property'), value: form.property, onChange: (e: Event) => choose({ property: valueOf(e) }) },
          options(properties.map((n) => [n, n])),
        ),
      ),
    form.mode === 'single' &&
      row(
        t('style.colour'),
        h('input', { type: 'color', value: form.colour, 'data-testid': testid('colour'), onChange: (e: Event) => choose({ colour: valueOf(e) }) }),
      ),
    form.mode !== 'single' &&
      row(
        t('style.palette'),
        h(
          'select',
          { 'data-testid': testid('palette'), value: form.palette, onChange: (e: Event) => choose({ palette: valueOf(e) }) },
          options(palettes.map((p) => [p.name, p.safe ? t('style.colourBlindSafe', { name: p.name }) : p.name])),
        ),
      ),
    graduated &&
      form.method !== 'breaks' &&
      row(
        t('style.classes'),
        h(
          'select',
          { 'data-testid': testid('classes'), value: String(form.classes), onChange: (e: Event) => choose({ classes: Number(valueOf(e)) }) },
          options(CLASS_COUNTS.map((n) => [String(n), t('style.classCount', { count: n })])),
        ),
      ),
    graduated &&
      row(
        t('style.breaksAt'),
        h(
          'select',
          { 'data-testid': testid('method'), value: form.method, onChange: (e: Event) => choose({ method: valueOf(e) as ColourForm['method'] }) },
          options(CLASS_METHODS.map((m) => [m, t(`style.methods.${m}`)])),
        ),
      ),
    graduated &&
      form.method === 'breaks' &&
      row(
        t('style.breaks'),
        h(TextField, {
          class: 'input',
          inputmode: 'decimal',
          placeholder: t('style.breaksPlaceholder'),
          'data-testid': testid('breaks'),
          'aria-invalid': String(breaksError !== ''),
          value: form.breaks,
          onCommit: (breaks) => choose({ breaks }),
        }),
      ),
    h('p', { class: 'hint', role: 'status', 'data-testid': testid('breaks-error') }, breaksError),
    h(
      'div',
      { 'data-testid': testid('histogram') },
      graduated &&
        form.property &&
        h(StyleHistogram, {
          property: form.property,
          sorted: numbers,
          breaks: 'error' in typedBreaks ? [] : breaksOf(numbers, { classes: form.classes, method: form.method, breaks: typedBreaks.breaks }),
        }),
    ),
    h(
      'ul',
      { class: 'style-classes', 'data-testid': testid('classes-list'), 'aria-label': t('style.colourClasses') },
      conditions.map(([, e], i) =>
        h(
          'li',
          { key: i },
          h('span', { class: 'style-swatch', 'aria-hidden': 'true', style: { background: engine.expressionColor(e) ?? 'transparent' } }),
          labels[i]!,
        ),
      ),
    ),
    h('button', { type: 'button', 'data-testid': testid('apply'), onClick: () => choose({}) }, t('style.apply')),
    h(
      'label',
      {},
      t('raster.opacity'),
      ' ',
      h(
        'span',
        { class: 'style-range' },
        h('input', {
          type: 'range',
          min: 0,
          max: 100,
          step: 5,
          value: opacity,
          'data-testid': testid('opacity'),
          onInput: (e: Event) => setSliding(Number(valueOf(e))),
          onChange: (e: Event) => {
            setSliding(undefined);
            choose({ opacity: Number(valueOf(e)) / 100 });
          },
        }),
        h('output', {}, formatNumber(opacity / 100, { style: 'percent' })),
      ),
    ),
  );
}

/** An expression of one's own for the kind's colour: checked as it is typed, written once CesiumJS can read it. */
export function StyleExpression({ stored, testid, write }: Pick<Props, 'stored' | 'testid' | 'write'>) {
  const [expression, setExpression] = useState<string | undefined>(undefined);
  const typed = (expression ?? '').trim();
  const expressionError = typed ? styleExpressionError(typed) : undefined;
  const onExpression = (text: string) => {
    setExpression(text);
    const trimmed = text.trim();
    if (trimmed && !styleExpressionError(trimmed)) write({ expression: trimmed });
  };
  const own = typeof stored === 'object' && 'expression' in stored && !colourFormOf(stored, () => [])?.mode ? stored.expression : '';
  return h(
    Fragment,
    {},
    h(
      'label',
      {},
      t('style.orExpression'),
      ' ',
      h('input', {
        type: 'text',
        class: 'input',
        spellcheck: false,
        placeholder: "${kind} === 'park' ? color('green') : color('grey')",
        'data-testid': testid('expression'),
        'aria-label': t('style.colourExpression'),
        'aria-invalid': String(expressionError !== undefined),
        value: expression ?? own,
        onInput: (e: Event) => onExpression(valueOf(e)),
        // Once written (or emptied) the field shows the scene again; a refused one stays as typed.
        onBlur: () => !expressionError && setExpression(undefined),
      }),
    ),
    h(
      'p',
      { class: 'hint', role: 'status', 'data-testid': testid('expression-error') },
      expressionError ? t('style.badExpression', { error: expressionError }) : '',
    ),
  );
}
