/**
 * Failed fetch() calls, seen by wrapping `window.fetch` (an own property of window: no prototype is
 * touched, which is also why XMLHttpRequest is not patched; its failures come from Resource Timing).
 * The wrapper knows what Resource Timing cannot: the method and network failures in every browser.
 *
 * Not part of the loader: fetches between the loader and app.js are covered by Resource Timing's
 * buffer in browsers with `responseStatus`, and the loader's bytes are paid by every visitor.
 */
import { replaceFunction } from './core';

export interface RawFailedFetch {
  method: string;
  /** As passed to fetch(): possibly relative, not yet sanitised. */
  url: string;
  /** 0: no response at all (network error, CORS refusal, blocked by the browser). */
  status: number;
  /** performance.now() when fetch() was called, comparable with Resource Timing's startTime. */
  start: number;
  durationMs: number;
  /** Epoch ms when fetch() was called. */
  time: number;
}

export interface FetchWatch {
  /** Restores window.fetch (or turns the wrapper into a pass-through); safe to call twice. */
  stop(): void;
}

/** Calls `onFailure` for responses with status ≥ 400 and for rejections other than aborts. */
export function watchFailedFetches(win: Window, onFailure: (failure: RawFailedFetch) => void): FetchWatch {
  let stopped = false;
  // Everything we do after the response runs in here: a problem of ours must never turn the page's
  // resolved fetch into a rejected one.
  const note = (bookkeeping: () => RawFailedFetch | null) => {
    if (stopped) return;
    try {
      const failure = bookkeeping();
      if (failure) onFailure(failure);
    } catch {
      /* our bookkeeping, never the page's problem */
    }
  };

  const restore = replaceFunction(
    win,
    'fetch',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (stopped) return original.apply(this, args);
        const [input, init] = args as [unknown, { method?: unknown } | null | undefined];
        let url = '';
        let method = 'GET';
        const start = performance.now();
        const time = Date.now();
        try {
          // Only the shapes fetch() itself knows; anything else is never stringified by us (its
          // toString could have side effects, and fetch will call it anyway).
          const request = input instanceof Request ? input : null;
          url = typeof input === 'string' ? input : request ? request.url : input instanceof URL ? input.href : '';
          method = String(init?.method ?? request?.method ?? method).toUpperCase();
        } catch {
          /* unusual input: fetch will say what is wrong with it */
        }
        const result = original.apply(this, args) as Promise<Response>;
        const failure = (status: number): RawFailedFetch => ({
          method,
          url,
          status,
          start,
          durationMs: Math.round(performance.now() - start),
          time,
        });
        try {
          // A new promise rather than a handler on the original: a fetch nobody handles still reports
          // its unhandled rejection to the page exactly as before.
          return result.then(
            (response) => {
              note(() => (response.status >= 400 ? failure(response.status) : null));
              return response;
            },
            (error: unknown) => {
              // A deliberate abort is the page's choice, not a failure.
              note(() => ((error as { name?: unknown } | null)?.name === 'AbortError' ? null : failure(0)));
              throw error;
            },
          );
        } catch {
          return result; // not a promise (a strange polyfill): hand it back untouched
        }
      },
  );

  return {
    stop() {
      stopped = true;
      try {
        restore?.();
      } catch {
        /* frozen window property: the wrapper already passes everything through */
      }
    },
  };
}
