/** Keeps a popover (composer, thread panel) beside a pin as the page scrolls and changes. */
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { ListenerCollection } from '../util/listener-collection';
import { useReview } from './hooks';
import { placeBeside } from './positions';

export function useFollowPin(key: string, ref: RefObject<HTMLElement>): void {
  const { positions } = useReview();
  // A layout effect, so the popover is placed before its first paint (no flash in the corner).
  // Its size is not read here: offsetWidth would make the browser lay the new popover out inside the
  // click that opened it, tens of milliseconds on a heavy page. The ResizeObserver's first report
  // comes after the frame's own layout and still before paint, and places it exactly.
  useLayoutEffect(() => {
    const listeners = new ListenerCollection();
    const element = ref.current;
    if (!element) return undefined;
    let size = { width: 0, height: 0 };
    const place = () => {
      const point = placeBeside(positions.get(key), size, positions.viewport);
      element.style.transform = `translate(${point.x}px, ${point.y}px)`;
    };
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.borderBoxSize?.[0];
      if (box) size = { width: box.inlineSize, height: box.blockSize };
      place();
    });
    observer.observe(element);
    listeners.observe(observer);
    listeners.own(positions.follow(place));
    place();
    return () => listeners.removeAll();
  }, [key]);
}
