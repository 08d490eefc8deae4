/**
 * When a visitor shows they may want to give feedback, before they click: the pointer heading for
 * the launcher or coming near it, keyboard focus reaching it, a finger or button going down on it.
 * The rest of the widget is downloaded then (visitor/index.ts), so on a slow network the panel is
 * there by the time the click lands: a hand needs most of a second to cross the screen to a 52 px
 * button, one request on "Fast 3G" about as long.
 *
 * Heading: over the last ~80 ms the pointer moved at least 24 px in a direction within 20° of the
 * launcher's centre. A visitor sweeping towards the corner now and then fetches the widget for
 * nothing; that costs bytes, never time. The launcher's box is read once and again only after
 * the viewport changed, so a pointer moving over the page costs a few arithmetic operations per
 * event and never a layout.
 */
import type { ListenerCollection } from '../util/listener-collection';

/** Always intent this close, whatever the direction. */
export const NEAR_PX = 240;
/** Heading for the launcher counts from this far (about a screen's diagonal on a laptop). */
const HEADING_RANGE_PX = 1200;
const HEADING_MIN_MOVE_PX = 24;
const HEADING_WINDOW_MS = 80;
const HEADING_COS = Math.cos((20 * Math.PI) / 180);

export function watchIntent(button: HTMLElement, listeners: ListenerCollection, onIntent: () => void): void {
  let fired = false;
  let centre: { x: number; y: number } | null = null;
  /** Where the pointer was at the start of the current window. */
  let from: { x: number; y: number; t: number } | null = null;
  const fire = () => {
    if (fired) return;
    fired = true;
    onIntent();
  };
  const measure = () => {
    const box = button.getBoundingClientRect();
    centre = box.width ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : null;
  };
  const forget = () => (centre = null);
  listeners.add(window, 'resize', forget, { passive: true });
  if (window.visualViewport) {
    listeners.add(window.visualViewport, 'resize', forget, { passive: true });
    listeners.add(window.visualViewport, 'scroll', forget, { passive: true });
  }
  listeners.add(
    document,
    'pointermove',
    (event: PointerEvent) => {
      if (fired || event.pointerType === 'touch') return;
      if (!centre) measure();
      if (!centre) return;
      const x = event.clientX;
      const y = event.clientY;
      const toX = centre.x - x;
      const toY = centre.y - y;
      const distance = Math.hypot(toX, toY);
      if (distance < NEAR_PX) return fire();
      if (!from || event.timeStamp - from.t > HEADING_WINDOW_MS * 3) from = { x, y, t: event.timeStamp };
      if (event.timeStamp - from.t < HEADING_WINDOW_MS) return;
      const moveX = x - from.x;
      const moveY = y - from.y;
      const moved = Math.hypot(moveX, moveY);
      from = { x, y, t: event.timeStamp };
      if (moved >= HEADING_MIN_MOVE_PX && distance < HEADING_RANGE_PX && (moveX * toX + moveY * toY) / (moved * distance) > HEADING_COS)
        fire();
    },
    { passive: true },
  );
  for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'] as const) {
    listeners.add(button, type, fire, { passive: true });
  }
}
