/**
 * The always-on part of QA diagnostics, shared by the loader and the full recorder.
 *
 * Problems that happen before app.js arrives are lost unless something records them from the first
 * moment, so the loader starts this core when the script tag opts in, and the app later adopts the
 * same object (recorder.ts) instead of starting a second one. Every byte here is paid by every visitor
 * of every customer page (loader budget ≤ 1.5 KB gzip), so it only keeps raw console problems in a
 * ring buffer; formatting values, failed requests (fetch.ts, Resource Timing in resource-timing.ts)
 * and sanitising URLs are added by recorder.ts, which the loader never ships. Failed requests from
 * before app.js arrives are still found through Resource Timing's buffer (browsers with responseStatus).
 *
 * It patches only own properties (console.error, console.warn; fetch.ts window.fetch), never a
 * prototype; `stop()` puts back the identical original functions, or, when someone wrapped ours
 * meanwhile, leaves their wrapper in place and turns ours into a pass-through. No wrapper ever throws
 * its own problems into the host page, and the original is always called.
 */

export const RING_SIZE = 50;

export type ConsoleLevel = 'error' | 'warn';
export type ConsoleSource = 'console' | 'uncaught' | 'unhandledrejection';

export interface RawConsoleEntry {
  level: ConsoleLevel;
  source: ConsoleSource;
  /** Epoch ms. */
  time: number;
  /**
   * What was logged (console arguments, or the ErrorEvent / PromiseRejectionEvent) until the full
   * recorder formats it; formatted text once adopted. Raw values are kept, not formatted, in the
   * loader because a safe formatter would cost more bytes than the rest of the loader.
   */
  data: unknown[] | string;
}

export interface DiagnosticsCore {
  /** Shape version: a cached old loader may meet a newer app.js, which checks this before adopting. */
  readonly version: 1;
  /** Epoch ms when recording began. */
  readonly startedAt: number;
  readonly console: RawConsoleEntry[];
  /** Entries pushed out of the ring buffer, by level. */
  readonly dropped: Record<ConsoleLevel, number>;
  stopped: boolean;
  /** Installed by the full recorder so later entries are formatted when they happen. */
  format?: (entry: RawConsoleEntry) => string;
  /** Restores everything it changed; safe to call twice. */
  stop(): void;
}

export type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Replaces an own function property of a host object. The returned undo puts the exact original
 * descriptor back (or deletes what was not an own property), unless someone replaced our wrapper
 * after us: then theirs stays and ours must already be a pass-through. Null when nothing was replaced.
 */
export function replaceFunction(target: object, key: string, make: (original: AnyFunction) => AnyFunction): (() => void) | null {
  const host = target as Record<string, unknown>;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  const original = host[key];
  if (typeof original !== 'function') return null;
  const wrapper = make(original as AnyFunction);
  try {
    host[key] = wrapper;
  } catch {
    return null;
  }
  return host[key] === wrapper
    ? () => {
        if (host[key] !== wrapper) return;
        if (descriptor) Object.defineProperty(target, key, descriptor);
        else delete host[key];
      }
    : null;
}

export function startDiagnosticsCore(win: Window): DiagnosticsCore {
  const undo: (() => void)[] = [];
  // Set while recording: whatever our own bookkeeping logs (a value's toString, say) passes through.
  let busy = false;

  const core: DiagnosticsCore = {
    version: 1,
    startedAt: Date.now(),
    console: [],
    dropped: { error: 0, warn: 0 },
    stopped: false,
    stop() {
      core.stopped = true;
      for (const restore of undo.splice(0)) {
        try {
          restore();
        } catch {
          /* a frozen or exotic host object: nothing more we can do */
        }
      }
    },
  };

  const record = (bookkeeping: () => void): void => {
    if (core.stopped || busy) return;
    busy = true;
    try {
      bookkeeping();
    } catch {
      /* our problem, never the page's */
    }
    busy = false;
  };

  const addConsole = (level: ConsoleLevel, source: ConsoleSource, data: unknown[]) =>
    record(() => {
      const entry: RawConsoleEntry = { level, source, time: Date.now(), data };
      if (core.format) entry.data = core.format(entry);
      if (core.console.push(entry) > RING_SIZE) core.dropped[core.console.shift()!.level]++;
    });

  for (const level of ['error', 'warn'] as const) {
    const restore = replaceFunction(
      (win as Window & typeof globalThis).console,
      level,
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          // The widget's own warnings are about the widget, not the page.
          if (!(typeof args[0] === 'string' && args[0].startsWith('[pinmark]'))) addConsole(level, 'console', args);
          return original.apply(this, args);
        },
    );
    if (restore) undo.push(restore);
  }

  const listen = (type: 'error' | 'unhandledrejection', source: ConsoleSource) => {
    // Capture phase, so a handler that stops propagation cannot hide the problem from us.
    const listener = (event: Event) => {
      // Failed <img>/<script> loads also reach a capturing window listener; they are not exceptions.
      if (type === 'unhandledrejection' || event.target === win) addConsole('error', source, [event]);
    };
    win.addEventListener(type, listener, { capture: true, passive: true });
    undo.push(() => win.removeEventListener(type, listener, true));
  };
  listen('error', 'uncaught');
  listen('unhandledrejection', 'unhandledrejection');

  return core;
}
