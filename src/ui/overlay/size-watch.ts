/**
 * Asks for a frame when the box a pin sits on changes size without any other sign (a container
 * query, an image loading beside it): a ResizeObserver, shared by pins on one box and capped so a
 * page with thousands of pins does not observe thousands of elements; beyond the cap, mutations
 * and resizes still trigger frames.
 *
 * It only wakes the engine; whether a pin's element has an area is read with its point in the
 * frame (pointOf), never taken from the observer: a ResizeObserver reports every non-replaced inline
 * box (a link, a span, an inline heading) as 0×0, however much text it holds. Such an element is
 * watched through the nearest ancestor with a box of its own, whose width decides how its text wraps.
 */
import type { PinRecord } from './pins';

export class SizeWatch {
  declare private observer: ResizeObserver;
  declare private watchers: Map<Element, Set<PinRecord>>;
  declare private limit: number;

  constructor(onResize: () => void, limit: number) {
    this.watchers = new Map();
    this.limit = limit;
    this.observer = new ResizeObserver(() => onResize());
  }

  /**
   * Makes `pin` watch `element`'s box (null: nothing) instead of what it watched before. `inline`:
   * the element is laid out in line boxes (resolvePin says so); then its ancestors' style is read.
   */
  track(pin: PinRecord, element: Element | null, inline = false): void {
    const box = element && (inline ? boxAround(element) : element);
    if (pin.observed === box) return;
    this.untrack(pin);
    if (!box) return;
    let pins = this.watchers.get(box);
    if (!pins) {
      if (this.watchers.size >= this.limit) return;
      this.watchers.set(box, (pins = new Set()));
      this.observer.observe(box);
    }
    pins.add(pin);
    pin.observed = box;
  }

  untrack(pin: PinRecord): void {
    const element = pin.observed;
    pin.observed = null;
    const pins = element && this.watchers.get(element);
    if (!element || !pins) return;
    pins.delete(pin);
    if (pins.size > 0) return;
    this.watchers.delete(element);
    this.observer.unobserve(element);
  }

  disconnect(): void {
    this.watchers.clear();
    this.observer.disconnect();
  }
}

/** The nearest ancestor of an inline element that is not inline itself (nor display: contents). */
function boxAround(element: Element): Element {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const display = getComputedStyle(node).display;
    if (display !== 'inline' && display !== 'contents') return node;
  }
  return element;
}
