import { type Cartesian2, KeyboardEventModifier, ScreenSpaceEventHandler, ScreenSpaceEventType, type Viewer } from 'cesium';
import type { PointerInput } from '../engine.js';

/**
 * Reports the viewer's mouse actions as the seed's fourteen events, in viewer pixels: Cesium's
 * screen-space events, plus the canvas's own enter and leave. Cesium reports an action made with
 * Shift held only to a handler registered for Shift: the left button's press, release and moves
 * are also reported so, with `shift` (the selection box's `pressedKey`, as Re:Earth has it). Returns
 * the function that stops.
 */
export function listenToPointer(viewer: Viewer, listener: (input: PointerInput) => void): () => void {
  const handler = new ScreenSpaceEventHandler(viewer.canvas);
  const kinds: [ScreenSpaceEventType, PointerInput['type']][] = [
    [ScreenSpaceEventType.LEFT_CLICK, 'click'],
    [ScreenSpaceEventType.LEFT_DOUBLE_CLICK, 'doubleClick'],
    [ScreenSpaceEventType.LEFT_DOWN, 'mouseDown'],
    [ScreenSpaceEventType.LEFT_UP, 'mouseUp'],
    [ScreenSpaceEventType.RIGHT_CLICK, 'rightClick'],
    [ScreenSpaceEventType.RIGHT_DOWN, 'rightDown'],
    [ScreenSpaceEventType.RIGHT_UP, 'rightUp'],
    [ScreenSpaceEventType.MIDDLE_CLICK, 'middleClick'],
    [ScreenSpaceEventType.MIDDLE_DOWN, 'middleDown'],
    [ScreenSpaceEventType.MIDDLE_UP, 'middleUp'],
  ];
  for (const [kind, type] of kinds) {
    handler.setInputAction((e: { position: Cartesian2 }) => listener({ type, x: e.position.x, y: e.position.y }), kind);
  }
  handler.setInputAction(
    (e: { endPosition: Cartesian2 }) => listener({ type: 'mouseMove', x: e.endPosition.x, y: e.endPosition.y }),
    ScreenSpaceEventType.MOUSE_MOVE,
  );
  const SHIFT = KeyboardEventModifier.SHIFT;
  handler.setInputAction(
    (e: { position: Cartesian2 }) => listener({ type: 'mouseDown', x: e.position.x, y: e.position.y, shift: true }),
    ScreenSpaceEventType.LEFT_DOWN,
    SHIFT,
  );
  handler.setInputAction(
    (e: { position: Cartesian2 }) => listener({ type: 'mouseUp', x: e.position.x, y: e.position.y, shift: true }),
    ScreenSpaceEventType.LEFT_UP,
    SHIFT,
  );
  handler.setInputAction(
    (e: { endPosition: Cartesian2 }) => listener({ type: 'mouseMove', x: e.endPosition.x, y: e.endPosition.y, shift: true }),
    ScreenSpaceEventType.MOUSE_MOVE,
    SHIFT,
  );
  let last = { x: 0, y: 0 };
  const track = (e: PointerEvent) => (last = relative(viewer.canvas, e));
  handler.setInputAction((delta: number) => listener({ type: 'wheel', ...last, delta }), ScreenSpaceEventType.WHEEL);
  const enter = (e: PointerEvent) => listener({ type: 'mouseEnter', ...relative(viewer.canvas, e) });
  const leave = (e: PointerEvent) => listener({ type: 'mouseLeave', ...relative(viewer.canvas, e) });
  const canvas = viewer.canvas;
  canvas.addEventListener('pointermove', track);
  canvas.addEventListener('pointerenter', enter);
  canvas.addEventListener('pointerleave', leave);
  return () => {
    handler.destroy();
    canvas.removeEventListener('pointermove', track);
    canvas.removeEventListener('pointerenter', enter);
    canvas.removeEventListener('pointerleave', leave);
  };
}

function relative(canvas: HTMLCanvasElement, e: PointerEvent): { x: number; y: number } {
  const box = canvas.getBoundingClientRect();
  return { x: e.clientX - box.left, y: e.clientY - box.top };
}
