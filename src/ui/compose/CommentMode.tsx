/**
 * Comment mode's look: the element under the pointer is outlined (a box in our overlay — the host's
 * elements are never restyled) and a hint says what to do. The clicks themselves are handled in the
 * first load (comment-clicks.ts), so they work before this arrives.
 */
import { useRef } from 'preact/hooks';
import { pageTargetAt } from '../comment-clicks';
import { isInsideWidget, useListeners, useReview, useWidget } from '../hooks';
import { strings } from '../strings';

export function CommentMode() {
  const { host } = useWidget();
  const { engine } = useReview();
  const outline = useRef<HTMLDivElement>(null);

  useListeners((listeners) => {
    let pointer: { x: number; y: number } | null = null;
    let box: DOMRect | null = null;


    // The outline is drawn in the overlay's frame: measured in its read phase, moved in its write phase.
    listeners.own(
      engine.addTask({
        read() {
          const target = pointer && pageTargetAt(host, pointer.x, pointer.y, null);
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
