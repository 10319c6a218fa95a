import type { Feature, MarqueeEndEvent, MarqueeEvent } from '@orbis/plugin-api';
import type { Marquee } from '../../interaction/selection-box.js';

/**
 * A selection box phase as plugins get it (`interactionMode.selectionMode`): the box with
 * Re:Earth's `startX`/`startY`, the place under the pointer, `pressedKey`, and at the end the
 * picked features as Features with `isClick`.
 */
export function selectionEvent(
  marquee: Marquee,
  place: { lng: number; lat: number } | undefined,
  features: (picked: { layerId: string; featureId: string }[]) => Feature[],
): MarqueeEvent | MarqueeEndEvent {
  const { box, shift, end } = marquee;
  const event: MarqueeEvent = { ...box, startX: box.x, startY: box.y };
  if (place) Object.assign(event, { lng: place.lng, lat: place.lat });
  if (shift) event.pressedKey = 'shift';
  return end ? { ...event, features: features(end.features), isClick: end.isClick } : event;
}
