/**
 * The scroller's viewport as state: scroll position and size, read at most once per frame (scroll
 * events come faster than frames) and on resize. The pages near it are derived from these numbers
 * and the layout, never measured.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Viewport {
  scrollTop: number;
  width: number;
  height: number;
}

export function useViewport(scroller: { current: HTMLElement | null }): Viewport {
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, width: 0, height: 0 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const next = { scrollTop: element.scrollTop, width: element.clientWidth, height: element.clientHeight };
      setViewport((old) => (old.scrollTop === next.scrollTop && old.width === next.width && old.height === next.height ? old : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    element.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', schedule);
      resize.disconnect();
    };
  }, [scroller.current]);
  return viewport;
}
