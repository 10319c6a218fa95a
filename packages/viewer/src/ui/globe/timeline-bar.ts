import './timeline-bar.css';
import { Pause, Play } from 'lucide';
import type { EngineTimeline } from '../../engine/engine-timeline.js';
import { button, select } from '../controls.js';
import { h } from '../dom.js';
import { icon } from '../icon.js';
import { t } from '../i18n.js';

/** The speeds the bar offers (multipliers of real time); a speed set elsewhere joins the list. */
const SPEEDS = [1, 10, 60, 600, 3600];
/** The scrubber's steps: fine enough to feel continuous, coarse enough to stay an integer input. */
const SCRUB_STEPS = 10_000;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The page's timeline bar (`data-testid="timeline"`): play/pause, a scrubber over start…stop, the
 * current time (UTC) and the speed. It shows while the page wants it (a layer shown with
 * time-dynamic data, a scene clock, or a plugin using `app.timeline`) and follows every change of the clock; what the user
 * does here reaches plugins as commits from `widgetContext`.
 */
export function mountTimelineBar(parent: HTMLElement, timeline: EngineTimeline): { element: HTMLElement; dispose(): void } {
  const by = { source: 'widgetContext' as const };
  const play = button({
    label: t('timeline.play'),
    icon: Play,
    iconOnly: true,
    variant: 'ghost',
    testid: 'timeline-play',
    onClick: () => timeline.commit({ playing: !timeline.snapshot().isPlaying }, by),
  });
  const scrubber = h('input', {
    type: 'range',
    class: 'timeline-scrubber',
    min: 0,
    max: SCRUB_STEPS,
    step: 1,
    value: 0,
    'aria-label': t('timeline.time'),
    'data-testid': 'timeline-scrubber',
  });
  scrubber.addEventListener('input', () => {
    const { start, stop } = timeline.snapshot();
    timeline.commit({ current: start + ((stop - start) * Number(scrubber.value)) / SCRUB_STEPS }, by);
  });
  const date = h('span', { class: 'timeline-date' });
  const clock = h('span', {});
  const time = h('time', { class: 'timeline-time', 'data-testid': 'timeline-time' }, date, clock);
  const speedOptions = (current: number) => [...new Set([...SPEEDS, current])].sort((a, b) => a - b).map((s) => [String(s), `${s}×`] as const);
  let speed = select(speedOptions(1), '1', (v) => timeline.commit({ speed: Number(v) }, by), t('timeline.speed'), 'timeline-speed');
  const element = h(
    'div',
    { class: 'timeline-bar', role: 'group', 'aria-label': t('timeline.label'), 'data-testid': 'timeline', hidden: true },
    play,
    scrubber,
    time,
    speed,
  );
  parent.append(element);

  let shownSpeed = Number.NaN;
  let shownPlaying: boolean | undefined;
  const render = () => {
    const s = timeline.snapshot();
    if (s.isPlaying !== shownPlaying) {
      shownPlaying = s.isPlaying;
      const label = s.isPlaying ? t('timeline.pause') : t('timeline.play');
      play.replaceChildren(icon(s.isPlaying ? Pause : Play));
      play.setAttribute('aria-label', label);
      play.title = label;
      element.dataset.playing = String(s.isPlaying);
    }
    const span = s.stop - s.start;
    scrubber.value = String(span > 0 ? Math.round((Math.min(Math.max(s.current, s.start), s.stop) - s.start) * (SCRUB_STEPS / span)) : 0);
    const d = new Date(s.current);
    date.textContent = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} `;
    clock.textContent = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
    time.setAttribute('datetime', d.toISOString());
    if (s.speed !== shownSpeed) {
      shownSpeed = s.speed;
      const next = select(speedOptions(s.speed), String(s.speed), (v) => timeline.commit({ speed: Number(v) }, by), t('timeline.speed'), 'timeline-speed');
      speed.replaceWith(next);
      speed = next;
    }
  };
  const follow = () => {
    element.hidden = !timeline.wanted;
    if (timeline.wanted) render();
  };
  // A tick comes inside CesiumJS's frame, before its Viewer reads the container's size (in the
  // scene's postRender): text written then made the browser lay the page out inside the frame's
  // script, every frame. Written once that script has run, it is laid out with the frame
  // (docs/viewer.md, "Time on the GPU").
  let tickPending = false;
  const renderAfterFrame = () => {
    tickPending = false;
    if (!element.hidden) render();
  };
  const onTick = () => {
    if (element.hidden || tickPending) return;
    tickPending = true;
    queueMicrotask(renderAfterFrame);
  };
  const stops = [timeline.onCommit(() => !element.hidden && render()), timeline.onTick(onTick), timeline.onWanted(follow)];
  follow();
  return { element, dispose: () => stops.forEach((stop) => stop()) };
}
