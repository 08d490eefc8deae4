/**
 * When a visitor shows they may want to give feedback, before they click: the pointer coming near
 * the launcher, keyboard focus reaching it, a finger or button going down on it. The rest of the
 * widget is downloaded then (visitor/index.ts), so the panel is there by the time the click lands.
 *
 * Nearness is a distance to the launcher's centre in the screen's px; the launcher's box is read
 * once and again only after the viewport changed, so a pointer moving over the page costs a few
 * arithmetic operations per event and never a layout.
 */
import type { ListenerCollection } from '../util/listener-collection';

/** How close the pointer comes before the download starts: about a second of hand travel away. */
export const NEAR_PX = 240;

export function watchIntent(button: HTMLElement, listeners: ListenerCollection, onIntent: () => void): void {
  let fired = false;
  let centre: { x: number; y: number } | null = null;
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
      if (centre && Math.hypot(event.clientX - centre.x, event.clientY - centre.y) < NEAR_PX) fire();
    },
    { passive: true },
  );
  for (const type of ['pointerenter', 'pointerdown', 'touchstart', 'focus'] as const) {
    listeners.add(button, type, fire, { passive: true });
  }
}
