import type { SceneTimeline } from '@orbis/scene';
import type { TimelineSnapshot } from '../../../engine/engine-timeline.js';
import { t } from '../../../ui/i18n.js';

/** The clock's three times, as the editor's fields name them. */
export const TIME_KEYS = ['start', 'stop', 'current'] as const;

/**
 * A scene time (ISO 8601 with its zone) as the value of an `<input type="datetime-local">` that the
 * editor labels UTC: `2026-11-21T09:30:00`. Empty for no time or one that is not a date.
 */
export function toUtcInput(iso: string | undefined): string {
  if (iso === undefined) return '';
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19) : '';
}

/**
 * The value of a UTC `datetime-local` field as a scene time (`2026-11-21T09:30:00Z`), or
 * `undefined` when the field is empty. Browsers leave the seconds out when they are 0.
 */
export function fromUtcInput(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const withSeconds = /T\d{2}:\d{2}$/.test(trimmed) ? `${trimmed}:00` : trimmed;
  const ms = Date.parse(`${withSeconds}Z`);
  if (!Number.isFinite(ms)) throw new RangeError(t('clock.notADate', { value }));
  return isoSeconds(ms);
}

/** A time in milliseconds as a scene time, to the second (`2026-11-21T09:30:00Z`). */
function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * The scene clock that keeps what the page's clock shows now (the editor's "Use the timeline's
 * time"): its range, its time, its speed and how it ends.
 */
export function timelineFromSnapshot(snapshot: TimelineSnapshot): SceneTimeline {
  return {
    start: isoSeconds(snapshot.start),
    stop: isoSeconds(snapshot.stop),
    current: isoSeconds(snapshot.current),
    speed: snapshot.speed,
    stepType: snapshot.stepType,
    rangeType: snapshot.rangeType,
  };
}

/** `timeline` without its empty fields, or `undefined` when nothing is left (the data's own clock then). */
export function compactTimeline(timeline: SceneTimeline): SceneTimeline | undefined {
  const kept = Object.fromEntries(Object.entries(timeline).filter(([, v]) => v !== undefined && v !== '')) as SceneTimeline;
  return Object.keys(kept).length > 0 ? kept : undefined;
}
