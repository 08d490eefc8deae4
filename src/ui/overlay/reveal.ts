/**
 * Off-screen pins sit outside the viewport inside the overlay layer, which clips them. Whatever wants
 * to show one — keyboard focus, find-in-page, scrollIntoView, test automation — scrolls the layer
 * towards it. The layer must stay put (every pin would be off), so the scroll is undone and the page
 * is scrolled instead, to the element of the pin that would have come into view.
 */
import type { PinRecord } from './pins';

/** Handles a scroll of the layer; true when it moved the page. Event handler, not in a frame. */
export function layerScrolled(layer: HTMLElement, pins: Iterable<PinRecord>): boolean {
  const dx = layer.scrollLeft;
  const dy = layer.scrollTop;
  if (dx === 0 && dy === 0) return false;
  layer.scrollLeft = 0;
  layer.scrollTop = 0;
  const centre = { x: window.innerWidth / 2 + dx, y: window.innerHeight / 2 + dy };
  let target: Element | null = null;
  let nearest = Infinity;
  for (const pin of pins) {
    const element = pin.resolved?.element;
    if (pin.state !== 'offscreen' || !pin.client || !element?.isConnected) continue;
    const distance = Math.hypot(pin.client.x - centre.x, pin.client.y - centre.y);
    if (distance < nearest) [nearest, target] = [distance, element];
  }
  if (target) target.scrollIntoView({ block: 'center', inline: 'center' });
  else window.scrollBy(dx, dy);
  return true;
}

/** Scrolls a pin's element into view when the pin is out of sight (keyboard focus on it). */
export function revealPin(pin: PinRecord | undefined): void {
  const element = pin?.resolved?.element;
  if (!pin || (pin.state !== 'parked' && pin.state !== 'offscreen') || !element?.isConnected) return;
  element.scrollIntoView({ block: 'center', inline: 'center' });
}
