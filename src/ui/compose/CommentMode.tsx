/**
 * Comment mode's look: the element under the pointer is outlined (a box in our overlay — the host's
 * elements are never restyled) and a hint (CommentHint, in the screen layer) says what to do. The
 * clicks themselves are handled in the first load (comment-clicks.ts), so they work before this
 * arrives. Without a mouse, Tab and Shift+Tab move the outline through the page's elements and
 * Enter comments on the outlined one (keyboard-targets.ts); these keys are taken only while comment
 * mode is on.
 */
import type { Signal } from '@preact/signals';
import { useRef } from 'preact/hooks';
import { pageTargetAt } from '../comment-clicks';
import { isInsideWidget, useListeners, useReview, useWidget } from '../hooks';
import { strings } from '../strings';
import { describeTarget, nextTarget, pointIn } from './keyboard-targets';

/** What the element chosen with Tab is called (null: the pointer's), shared with the hint. */
export type ChosenTarget = Signal<string | null>;

/** The outline, in the layout viewport with the page's elements; App puts the hint in the screen layer. */
export function CommentMode({ chosen }: { chosen: ChosenTarget }) {
  const { host, controller } = useWidget();
  const { actions } = controller;
  const { engine } = useReview();
  const outline = useRef<HTMLDivElement>(null);
  const setChosen = (what: string | null) => {
    chosen.value = what;
  };

  useListeners((listeners) => {
    let pointer: { x: number; y: number } | null = null;
    /** The element chosen with Tab; the pointer takes over as soon as it moves. */
    let keyed: Element | null = null;
    let box: DOMRect | null = null;

    // The outline is drawn in the overlay's frame: measured in its read phase, moved in its write phase.
    listeners.own(
      engine.addTask({
        read() {
          const target = keyed?.isConnected ? keyed : pointer && pageTargetAt(host, pointer.x, pointer.y, null);
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
          if (keyed) {
            keyed = null;
            setChosen(null);
          }
        }
        scheduleOutline();
      },
      { capture: true, passive: true },
    );

    listeners.add(
      window,
      'keydown',
      (event: KeyboardEvent) => {
        if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === 'Tab') {
          event.preventDefault();
          event.stopImmediatePropagation();
          const next = nextTarget(keyed?.isConnected ? keyed : null, event.shiftKey, host);
          if (!next) return;
          keyed = next;
          pointer = null;
          next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          setChosen(describeTarget(next));
          scheduleOutline();
        } else if (event.key === 'Enter' && keyed?.isConnected && !event.repeat) {
          // Enter comments on the outlined element — not on the focused launcher, which would leave the mode.
          event.preventDefault();
          event.stopImmediatePropagation();
          const { x, y } = pointIn(keyed);
          void actions.placePin(keyed, x, y);
        }
      },
      { capture: true },
    );
    listeners.own(() => setChosen(null));
  }, []);

  return <div ref={outline} class="pm-outline" hidden aria-hidden="true" />;
}

/**
 * What to do, at the top of the screen. On a touch-only device: "Tap anything to comment", without
 * Esc (there is no key; the launcher, shown pressed, leaves the mode) and without the Tab words.
 */
export function CommentHint({ chosen }: { chosen: ChosenTarget }) {
  const touchOnly = useWidget().touchOnly.value;
  const what = chosen.value;
  return (
    <div class="pm-hint">
      <span role="status">
        {touchOnly ? strings.commentMode.tapHint : strings.commentMode.hint}
        {!what && !touchOnly && <span class="pm-sr"> · {strings.commentMode.keyboardHint}</span>}
      </span>
      <span class="pm-hint-target" role="status">
        {what && strings.commentMode.target(what)}
      </span>
    </div>
  );
}
