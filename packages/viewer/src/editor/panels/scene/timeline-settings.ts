import type { SceneTimeline } from '@orbis/scene';
import { MAX_TIMELINE_SPEED, timelineProblem } from '@orbis/scene/checks';
import { Clock, Eraser } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import type { Engine } from '../../../engine/engine.js';
import { applySceneTimeline } from '../../../mount-viewer.js';
import { Button } from '../../../ui/button.js';
import { Field, Select } from '../../../ui/field.js';
import { TextField } from '../../../ui/text-field.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { compactTimeline, fromUtcInput, TIME_KEYS, timelineFromSnapshot, toUtcInput } from './timeline-fields.js';
import { formatNumber, t } from '../../../ui/i18n.js';

const rangeTypes = () =>
  [
    ['', t('clock.range.data')],
    ['unbounded', t('clock.range.unbounded')],
    ['clamped', t('clock.range.clamped')],
    ['bounced', t('clock.range.bounced')],
  ] as const;

/** What the clock's fields say: the three times as `datetime-local` values (UTC), the speed and the range. */
type ClockFields = Record<(typeof TIME_KEYS)[number] | 'speed' | 'rangeType', string>;

const fieldsOf = (timeline: SceneTimeline): ClockFields => ({
  start: toUtcInput(timeline.start),
  stop: toUtcInput(timeline.stop),
  current: toUtcInput(timeline.current),
  speed: timeline.speed === undefined ? '' : String(timeline.speed),
  rangeType: timeline.rangeType ?? '',
});

/** The timeline the fields say over `was`, or what is wrong with them. */
function timelineOf(was: SceneTimeline, fields: ClockFields): { timeline: SceneTimeline | undefined } | { error: string } {
  let next: SceneTimeline;
  try {
    next = { ...was };
    for (const key of TIME_KEYS) next[key] = fromUtcInput(fields[key]);
    next.speed = fields.speed === '' ? undefined : Number(fields.speed);
    next.rangeType = (fields.rangeType || undefined) as SceneTimeline['rangeType'];
  } catch (err) {
    return { error: (err as Error).message };
  }
  const problem = timelineProblem(next);
  if (!problem) return { timeline: compactTimeline(next) };
  if (problem.path === 'timeline.stop') return { error: t('clock.stopBeforeStart') };
  if (problem.path === 'timeline.speed') return { error: t('clock.badSpeed', { max: formatNumber(MAX_TIMELINE_SPEED) }) };
  return { error: `${problem.path.replace('timeline.', '')} ${problem.message.replace('timeline.', '')}` };
}

/**
 * The Map tab's clock: when the page opens (`current`), the range of its timeline bar, how fast it
 * plays and what happens at the end (the scene's `timeline`, docs/contract.md §8). Times are UTC. "Use the
 * timeline's time" keeps what the timeline bar shows now; "Clear" goes back to the data's own clock.
 * Fields the scene's rule refuses stay as typed, with why, until a clock is saved.
 */
export function TimelineSection({ state, engine }: { state: EditorState; engine: Engine }) {
  useEditorState(state);
  const [refused, setRefused] = useState<{ fields: ClockFields; error: string } | undefined>(undefined);
  const timeline = state.scene.timeline ?? {};
  const fields = refused?.fields ?? fieldsOf(timeline);
  const store = (next: SceneTimeline | undefined) => {
    setRefused(undefined);
    state.update((scene) => {
      if (next) scene.timeline = next;
      else delete scene.timeline;
    });
    applySceneTimeline(engine, next);
  };
  const save = (change: Partial<ClockFields>) => {
    const next = { ...fields, ...change };
    const made = timelineOf(timeline, next);
    if ('error' in made) setRefused({ fields: next, error: made.error });
    else store(made.timeline);
  };
  const time = (key: (typeof TIME_KEYS)[number]) =>
    h(
      Field,
      { label: t(`clock.${key}`) },
      h(TextField, {
        class: 'input',
        type: 'datetime-local',
        step: 1,
        'data-testid': `clock-${key}`,
        value: fields[key],
        onCommit: (value) => save({ [key]: value }),
      }),
    );
  return h(
    'div',
    { class: 'settings', 'data-testid': 'clock-settings' },
    h('p', { class: 'hint' }, t('clock.about')),
    time('start'),
    time('stop'),
    time('current'),
    h(
      Field,
      { label: t('clock.speed') },
      h(TextField, {
        class: 'input',
        type: 'number',
        step: 'any',
        min: -1e6,
        max: 1e6,
        placeholder: '1',
        'data-testid': 'clock-speed',
        value: fields.speed,
        onCommit: (speed) => save({ speed }),
      }),
    ),
    h(
      Field,
      { label: t('clock.atTheEnd') },
      h(Select, {
        options: rangeTypes(),
        value: fields.rangeType,
        label: t('clock.atTheEnd'),
        testid: 'clock-range',
        onChange: (rangeType) => save({ rangeType }),
      }),
    ),
    h('p', { class: 'hint', role: 'status', 'data-testid': 'clock-error' }, refused?.error ?? ''),
    h(
      'div',
      { class: 'row' },
      h(Button, {
        label: t('clock.useTimeline'),
        icon: Clock,
        testid: 'clock-use-timeline',
        onClick: () => store(timelineFromSnapshot(engine.timeline.snapshot())),
      }),
      h(Button, { label: t('clock.clear'), icon: Eraser, variant: 'ghost', testid: 'clock-clear', onClick: () => store(undefined) }),
    ),
  );
}
