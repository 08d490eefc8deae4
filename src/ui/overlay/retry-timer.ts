/**
 * One timer for the resolve queue's earliest retry (reanchor.ts): armed after every frame, so a pin
 * waiting for late content is tried again when its retry is due even if nothing else asks for a
 * frame. Owned by the engine's ListenerCollection, so destroy() clears it.
 */
import type { ListenerCollection } from '../../util/listener-collection';

export class RetryTimer {
  declare private at: number;
  declare private cancel: (() => void) | null;
  declare private listeners: ListenerCollection;
  declare private wake: () => void;

  constructor(listeners: ListenerCollection, wake: () => void) {
    this.listeners = listeners;
    this.wake = wake;
    this.at = Infinity;
    this.cancel = null;
  }

  /** Sets the timer for `at` (a performance.now() time; Infinity: none), unless it is set for that already. */
  arm(at: number): void {
    if (at === this.at) return;
    this.cancel?.();
    this.cancel = null;
    this.at = at;
    if (at === Infinity) return;
    this.cancel = this.listeners.setTimeout(
      () => {
        this.at = Infinity;
        this.cancel = null;
        this.wake();
      },
      Math.max(0, at - performance.now()),
    );
  }
}
