/**
 * Watches the size of the elements pins sit on (a ResizeObserver, shared by pins on one element and
 * capped so a page with thousands of pins does not observe thousands of elements). The observer's
 * entries say whether an element still has an area, so pins learn it without a layout read; beyond
 * the cap, mutations and resizes still trigger frames that read sizes.
 */
import type { PinRecord } from './pins';

export class SizeWatch {
  private declare observer: ResizeObserver;
  private declare watchers: Map<Element, Set<PinRecord>>;
  private declare limit: number;

  constructor(onResize: () => void, limit: number) {
    this.watchers = new Map();
    this.limit = limit;
    this.observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.borderBoxSize?.[0];
        const width = box ? box.inlineSize : entry.contentRect.width;
        const height = box ? box.blockSize : entry.contentRect.height;
        for (const pin of this.watchers.get(entry.target) ?? []) pin.hasSize = width > 0 && height > 0;
      }
      onResize();
    });
  }

  /** Makes `pin` watch `element` (null: nothing) instead of what it watched before. */
  track(pin: PinRecord, element: Element | null): void {
    if (pin.observed === element) return;
    this.untrack(pin);
    if (!element) return;
    let pins = this.watchers.get(element);
    if (!pins) {
      if (this.watchers.size >= this.limit) return;
      this.watchers.set(element, (pins = new Set()));
      this.observer.observe(element);
    }
    pins.add(pin);
    pin.observed = element;
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
