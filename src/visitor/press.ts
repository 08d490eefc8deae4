/**
 * Whether the visitor's launcher is being pressed right now, so the widget waits for the press to
 * end before taking the launcher's place. A click is only dispatched when the button went down and
 * came up on the same element: app.js arriving between the two (a slow press, a loaded machine)
 * would replace the element under the finger and the press would do nothing at all.
 *
 * A press is a pointer down on the button (until the pointer comes up or is cancelled anywhere) or
 * Space held on it (buttons act on Space's keyup; Enter acts on keydown and needs no waiting).
 */
import type { ListenerCollection } from '../util/listener-collection';

/** A press held longer than this is not a click any more: the widget takes over anyway. */
const LONGEST_PRESS_MS = 3_000;

export interface PressWatch {
  /** Runs `then` now, or once the current press has ended and its click has been handled. */
  afterPress(then: () => void): () => void;
}

export function watchPress(button: HTMLElement, listeners: ListenerCollection): PressWatch {
  let pressed = false;
  let waiting: (() => void) | null = null;
  let stopWaiting: (() => void) | null = null;
  const run = () => {
    const then = waiting;
    waiting = null;
    stopWaiting?.();
    stopWaiting = null;
    then?.();
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    // The click comes after pointerup/keyup in the same input event: let it reach the button first.
    if (waiting) listeners.setTimeout(run, 0);
  };
  listeners.add(button, 'pointerdown', (event) => {
    if ((event as PointerEvent).isPrimary) pressed = true;
  });
  listeners.add(button, 'keydown', (event) => {
    const key = event as KeyboardEvent;
    if (key.key === ' ' && !key.repeat) pressed = true;
  });
  // On the window and in the capture phase: the press ends wherever the pointer or key comes up.
  for (const type of ['pointerup', 'pointercancel', 'keyup'] as const) listeners.add(window, type, release, { capture: true });
  // The window losing focus (another app, a dialog) ends a press whose key or button comes up elsewhere.
  listeners.add(window, 'blur', (event) => {
    if (event.target === window) release();
  });
  return {
    afterPress(then) {
      if (!pressed) {
        then();
        return () => {};
      }
      waiting = then;
      stopWaiting = listeners.setTimeout(run, LONGEST_PRESS_MS);
      return () => {
        waiting = null;
        stopWaiting?.();
        stopWaiting = null;
      };
    },
  };
}
