/**
 * One owner for every listener, observer, timer and animation frame a part of the widget sets up.
 *
 * The widget lives inside somebody else's page: `destroy()` must leave that page exactly as it was.
 * Registering everything through a ListenerCollection makes that a single call instead of a hunt
 * for forgotten handlers (the pattern comes from the Hypothesis client).
 */

import { runInNextTask } from './next-task';

export type Cleanup = () => void;

/**
 * Callbacks run through here: an exception in the widget's own handler must never surface in the
 * host page, so it is handed to `onError` (the widget reports it) or, without one, warned about.
 */
export class ListenerCollection {
  // `declare` + constructor assignment keeps class-field helpers out of the ES2020 build.
  declare private cleanups: Set<Cleanup>;
  declare private destroyed: boolean;
  declare private readonly onError: ((error: unknown) => void) | undefined;

  constructor(onError?: (error: unknown) => void) {
    this.cleanups = new Set();
    this.destroyed = false;
    this.onError = onError;
  }

  private guard<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      try {
        callback(...args);
      } catch (error) {
        if (this.onError) this.onError(error);
        else console.warn('[pinmark]', error);
      }
    };
  }

  /** addEventListener that is undone by `removeAll()`; the returned function removes it earlier. */
  add<K extends keyof WindowEventMap>(
    target: Window,
    type: K,
    listener: (event: WindowEventMap[K]) => void,
    options?: AddEventListenerOptions | boolean,
  ): Cleanup;
  add<K extends keyof DocumentEventMap>(
    target: Document,
    type: K,
    listener: (event: DocumentEventMap[K]) => void,
    options?: AddEventListenerOptions | boolean,
  ): Cleanup;
  add(target: EventTarget, type: string, listener: (event: Event) => void, options?: AddEventListenerOptions | boolean): Cleanup;
  add(target: EventTarget, type: string, listener: (event: never) => void, options?: AddEventListenerOptions | boolean): Cleanup {
    if (this.destroyed) return noop;
    const handler = this.guard(listener as EventListener);
    target.addEventListener(type, handler, options);
    const capture = typeof options === 'boolean' ? options : !!options?.capture;
    return this.own(() => target.removeEventListener(type, handler, capture));
  }

  setTimeout(callback: () => void, delayMs: number): Cleanup {
    if (this.destroyed) return noop;
    const release = this.own(() => window.clearTimeout(id));
    const run = this.guard(callback);
    const id = window.setTimeout(() => {
      release();
      run();
    }, delayMs);
    return release;
  }

  setInterval(callback: () => void, intervalMs: number): Cleanup {
    if (this.destroyed) return noop;
    const id = window.setInterval(this.guard(callback), intervalMs);
    return this.own(() => window.clearInterval(id));
  }

  requestAnimationFrame(callback: (time: number) => void): Cleanup {
    if (this.destroyed) return noop;
    const release = this.own(() => window.cancelAnimationFrame(id));
    const run = this.guard(callback);
    const id = window.requestAnimationFrame((time) => {
      release();
      run(time);
    });
    return release;
  }

  /**
   * A callback in a task of its own, ahead of the page's ordinary tasks where the browser has
   * `scheduler.postTask` (a zero timer elsewhere): for splitting work that must still happen soon.
   */
  nextTask(callback: () => void): Cleanup {
    if (this.destroyed) return noop;
    const controller = new AbortController();
    const release = this.own(() => controller.abort());
    const run = this.guard(callback);
    runInNextTask(() => {
      release();
      run();
    }, controller.signal);
    return release;
  }

  /** A callback when the page's main thread is idle (at the latest after `timeoutMs`); a short timer where idle callbacks are missing. */
  requestIdleCallback(callback: () => void, timeoutMs: number): Cleanup {
    if (this.destroyed) return noop;
    const run = this.guard(callback);
    if (typeof window.requestIdleCallback !== 'function') return this.setTimeout(callback, 1);
    const release = this.own(() => window.cancelIdleCallback(id));
    const id = window.requestIdleCallback(
      () => {
        release();
        run();
      },
      { timeout: timeoutMs },
    );
    return release;
  }

  /** Owns an observer (MutationObserver, ResizeObserver…): disconnected on `removeAll()`. */
  observe(observer: { disconnect(): void }): Cleanup {
    return this.own(() => observer.disconnect());
  }

  /**
   * Owns any cleanup function. Returns a function that runs it now (once) and forgets it.
   * After `removeAll()` the collection is spent: new registrations are cleaned up immediately.
   */
  own(cleanup: Cleanup): Cleanup {
    if (this.destroyed) {
      safely(cleanup);
      return noop;
    }
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      this.cleanups.delete(release);
      safely(cleanup);
    };
    this.cleanups.add(release);
    return release;
  }

  get size(): number {
    return this.cleanups.size;
  }

  get isDestroyed(): boolean {
    return this.destroyed;
  }

  /** Runs every cleanup (newest first) and refuses new registrations. */
  removeAll(): void {
    this.destroyed = true;
    for (const release of [...this.cleanups].reverse()) release();
    this.cleanups.clear();
  }

  destroy(): void {
    this.removeAll();
  }
}

function noop(): void {}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // A cleanup failing must not stop the others: the page is left as clean as we can make it.
  }
}
