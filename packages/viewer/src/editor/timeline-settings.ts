import type { SceneTimeline } from '@orbis/scene';
import { timelineProblem } from '@orbis/scene/checks';
import { Clock, Eraser } from 'lucide';
import type { Engine } from '../engine/engine.js';
import { applySceneTimeline } from '../mount-viewer.js';
import { button, field, select } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { showValue } from './dom.js';
import type { EditorState } from './editor-state.js';
import { compactTimeline, fromUtcInput, TIME_KEYS, timelineFromSnapshot, toUtcInput } from './timeline-fields.js';
import { formatNumber, t } from '../ui/i18n.js';
import { MAX_TIMELINE_SPEED } from '@orbis/scene/checks';

const rangeTypes = () => [['', t('clock.range.data')], ['unbounded', t('clock.range.unbounded')], ['clamped', t('clock.range.clamped')], ['bounced', t('clock.range.bounced')]] as const;

/**
 * The Map tab's clock: when the page opens (`current`), the range of its timeline bar, how fast it
 * plays and what happens at the end (the scene's `timeline`, docs/contract.md §8). Times are UTC. "Use the
 * timeline's time" keeps what the timeline bar shows now; "Clear" goes back to the data's own clock.
 */
export function timelineSection(state: EditorState, engine: Engine): HTMLElement {
  const message = h('p', { class: 'hint', role: 'status', 'data-testid': 'clock-error' });
  const inputs = Object.fromEntries(
    TIME_KEYS.map((key) => [key, h('input', { class: 'input', type: 'datetime-local', step: 1, 'data-testid': `clock-${key}`, onchange: () => save() })]),
  ) as Record<(typeof TIME_KEYS)[number], HTMLInputElement>;
  const speed = h('input', { class: 'input', type: 'number', step: 'any', min: -1e6, max: 1e6, placeholder: '1', 'data-testid': 'clock-speed', onchange: () => save() });
  const range = select(rangeTypes(), '', () => save(), t('clock.atTheEnd'), 'clock-range');

  /** Reads the fields; a time that is not a date, or a stop before the start, is said and not saved. */
  function save(): void {
    let next: SceneTimeline;
    try {
      next = { ...state.scene.timeline };
      for (const key of TIME_KEYS) next[key] = fromUtcInput(inputs[key].value);
      next.speed = speed.value === '' ? undefined : Number(speed.value);
      next.rangeType = (range.value || undefined) as SceneTimeline['rangeType'];
    } catch (err) {
      message.textContent = (err as Error).message;
      return;
    }
    const problem = timelineProblem(next);
    if (problem) {
      message.textContent = problem.path === 'timeline.stop' ? t('clock.stopBeforeStart') : problem.path === 'timeline.speed' ? t('clock.badSpeed', { max: formatNumber(MAX_TIMELINE_SPEED) }) : `${problem.path.replace('timeline.', '')} ${problem.message.replace('timeline.', '')}`;
      return;
    }
    message.textContent = '';
    store(compactTimeline(next));
  }

  function store(timeline: SceneTimeline | undefined): void {
    state.update((scene) => {
      if (timeline) scene.timeline = timeline;
      else delete scene.timeline;
    });
    applySceneTimeline(engine, timeline);
  }

  // Redrawn only when the scene's clock changed (not when a save completes), and never under the
  // user's cursor: what they are typing stays.
  let shown: string | undefined;
  function render(): void {
    const timeline = state.scene.timeline ?? {};
    const text = JSON.stringify(timeline);
    if (text === shown) return;
    shown = text;
    for (const key of TIME_KEYS) showValue(inputs[key], toUtcInput(timeline[key]));
    showValue(speed, timeline.speed === undefined ? '' : String(timeline.speed));
    showValue(range, timeline.rangeType ?? '');
  }
  state.onChange(render);
  render();

  return h('div', { class: 'settings', 'data-testid': 'clock-settings' },
    h('p', { class: 'hint' }, t('clock.about')),
    field(t('clock.start'), inputs.start),
    field(t('clock.stop'), inputs.stop),
    field(t('clock.current'), inputs.current),
    field(t('clock.speed'), speed),
    field(t('clock.atTheEnd'), range),
    message,
    h('div', { class: 'row' },
      button({ label: t('clock.useTimeline'), icon: Clock, testid: 'clock-use-timeline', onClick: () => { message.textContent = ''; store(timelineFromSnapshot(engine.timeline.snapshot())); } }),
      button({ label: t('clock.clear'), icon: Eraser, variant: 'ghost', testid: 'clock-clear', onClick: () => { message.textContent = ''; store(undefined); } }),
    ),
  );
}
