/**
 * Comment mode's clicks, in the first load: from the moment the launcher shows pressed, a click on
 * the page drops a pin and never reaches the page (its links and buttons don't react), even while
 * the outline and the pin layer are still downloading. The presses around the click are swallowed
 * in the capture phase too; anything inside the widget is left alone. Esc leaves the mode.
 */
import { isInsideWidget, useListeners, useWidget } from './hooks';

const SWALLOWED = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'] as const;

/**
 * The page element at a viewport point, never the widget itself: the topmost one under our layers
 * (the host sits in the top layer, above anything the page stacks). Whatever the page itself shows
 * on top there — a sticky header, a cookie banner — is what the reviewer clicked, so it is the hit.
 */
export function pageTargetAt(host: HTMLElement, x: number, y: number, fallback: EventTarget | null): Element | null {
  const hits = typeof document.elementsFromPoint === 'function' ? document.elementsFromPoint(x, y) : [document.elementFromPoint(x, y)];
  for (const hit of hits) if (hit && hit !== host && !host.contains(hit)) return hit;
  return fallback instanceof Element && fallback !== host && !host.contains(fallback) ? fallback : null;
}

export function useCommentClicks(active: boolean): void {
  const { controller, host } = useWidget();
  const { actions } = controller;
  useListeners(
    (listeners) => {
      if (!active) return;
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
            const target = pageTargetAt(host, clientX, clientY, event.target);
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
    },
    [active],
  );
}
