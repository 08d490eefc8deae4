/**
 * Comment mode: the element under the pointer is outlined (a box in our overlay — the host's
 * elements are never restyled) and a click drops a pin there. The click and the presses around it
 * are swallowed in the capture phase so the page's links and buttons don't react; anything inside
 * the widget is left alone. Esc leaves the mode.
 */
import { useRef } from 'preact/hooks';
import { isInsideWidget, useListeners, useWidget } from '../hooks';
import { strings } from '../strings';

const SWALLOWED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'] as const;

export function CommentMode() {
  const { controller, host, engine } = useWidget();
  const { actions } = controller;
  const outline = useRef<HTMLDivElement>(null);

  useListeners((listeners) => {
    let pointer: { x: number; y: number } | null = null;
    let box: DOMRect | null = null;

    const targetAt = (x: number, y: number, fallback: EventTarget | null): Element | null => {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== host && !host.contains(hit)) return hit;
      return fallback instanceof Element && fallback !== host ? fallback : null;
    };

    // The outline is drawn in the overlay's frame: measured in its read phase, moved in its write phase.
    listeners.own(
      engine.addTask({
        read() {
          const target = pointer && targetAt(pointer.x, pointer.y, null);
          box = target && target !== document.documentElement && target !== document.body ? target.getBoundingClientRect() : null;
        },
        write() {
          const element = outline.current;
          if (!element) return;
          element.hidden = !box;
          if (!box) return;
          const { left, top } = engine.origin;
          element.style.transform = `translate(${box.left - left}px, ${box.top - top}px)`;
          element.style.width = `${box.width}px`;
          element.style.height = `${box.height}px`;
        },
      }),
    );
    const scheduleOutline = () => engine.schedule('scroll');

    listeners.add(
      window,
      'pointermove',
      (event: PointerEvent) => {
        if (isInsideWidget(event, host)) {
          pointer = null;
        } else {
          pointer = { x: event.clientX, y: event.clientY };
        }
        scheduleOutline();
      },
      { capture: true, passive: true },
    );

    for (const type of SWALLOWED) {
      listeners.add(
        window,
        type,
        (event: Event) => {
          if (isInsideWidget(event, host)) return;
          event.preventDefault();
          event.stopImmediatePropagation();
          if (type !== 'click') return;
          const { clientX, clientY } = event as MouseEvent;
          const target = targetAt(clientX, clientY, event.target);
          if (target) void actions.placePin(target, clientX, clientY);
        },
        { capture: true },
      );
    }

    listeners.add(
      window,
      'keydown',
      (event: KeyboardEvent) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        actions.close();
      },
      { capture: true },
    );
  }, []);

  return (
    <>
      <div ref={outline} class="pm-outline" hidden aria-hidden="true" />
      <div class="pm-hint" role="status">
        {strings.commentMode.hint}
      </div>
    </>
  );
}
