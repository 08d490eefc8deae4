/**
 * The loader's logic, apart from its entry so it can be tested with a fake script and importer:
 * defines `window.Pinmark` as a stub that queues calls, imports app.js next to the script and
 * replays the queue on the real instance. Never throws: problems end in one console.warn.
 *
 * QA diagnostics ("what went wrong on this page since it loaded") must start before app.js arrives,
 * so when the tag opts in (`data-mode="qa"` or `data-diagnostics="true"`; `data-diagnostics="false"`
 * wins) the loader starts the small diagnostics core and hands it to `createPinmark` (and keeps it on
 * the stub under a non-enumerable key) rather than defining another global.
 */
import type { DiagnosticsCore } from '../capture/diagnostics/core';
import type { PinmarkIdentifyResult, PinmarkInstance, PinmarkOptions } from '../types';
import { runInNextTask } from '../util/next-task';

type Method = Exclude<keyof PinmarkInstance, 'on' | 'identify'>;

interface Queued {
  method: keyof PinmarkInstance;
  args: unknown[];
  /** For `on`: unsubscribed before load, and the real unsubscribe once loaded. */
  cancelled?: boolean;
  off?: () => void;
  /** For `identify`: settles the promise the stub returned with the real one's result. */
  done?: (result: PinmarkIdentifyResult | Promise<PinmarkIdentifyResult>) => void;
}

/** What the loader hands to app.js besides options. */
export interface LoaderExtras {
  /** The diagnostics core started by the loader, to be adopted (or stopped) by the widget. */
  earlyDiagnostics?: DiagnosticsCore;
}

export interface WidgetModule {
  createPinmark(options?: PinmarkOptions, extras?: LoaderExtras): PinmarkInstance;
}

/** Non-enumerable key of the early diagnostics core on the `window.Pinmark` stub. */
export const EARLY_DIAGNOSTICS_KEY = '__early';

export interface LoaderScript {
  src: string;
  dataset: DOMStringMap;
  nonce?: string;
}

export function installPinmarkLoader(
  win: { Pinmark?: unknown },
  script: LoaderScript | null,
  importModule: (url: string) => Promise<WidgetModule>,
  startDiagnostics?: () => DiagnosticsCore,
): void {
  const warn = (problem: unknown) => console.warn('[pinmark] the widget could not load:', problem);
  try {
    // Loaded twice, or the page already has a global of that name: leave it alone.
    if (win.Pinmark) return;
    if (!script?.src) return warn('the loader must be a <script src> element');
    const src = script.src;
    const data = script.dataset;
    const queue: Queued[] = [];
    let real: PinmarkInstance | null = null;
    /** What identify() resolves with once app.js could not load. */
    let lost: PinmarkIdentifyResult | undefined;

    const forward =
      (method: Method) =>
      (...args: unknown[]): void => {
        if (real) (real[method] as (...a: unknown[]) => void)(...args);
        else queue.push({ method, args });
      };

    const stub: PinmarkInstance = {
      init: forward('init'),
      open: forward('open'),
      close: forward('close'),
      destroy: forward('destroy'),
      signOut: forward('signOut'),
      setViewMode: forward('setViewMode'),
      identify(identity) {
        if (real) return real.identify(identity);
        if (lost) return Promise.resolve(lost);
        const entry: Queued = { method: 'identify', args: [identity] };
        queue.push(entry);
        return new Promise((resolve) => (entry.done = resolve));
      },
      on(event, handler) {
        if (real) return real.on(event, handler);
        const entry: Queued = { method: 'on', args: [event, handler] };
        queue.push(entry);
        return () => {
          entry.cancelled = true;
          entry.off?.();
        };
      },
    };
    win.Pinmark = stub;

    // The tag's consent, read the same way as the options: qa mode means on unless explicitly off.
    const diagnostics = data.diagnostics ? data.diagnostics === 'true' : undefined;
    const qa = data.mode === 'qa';
    let early: DiagnosticsCore | undefined;
    if (startDiagnostics && (diagnostics ?? qa)) {
      try {
        early = startDiagnostics();
        Object.defineProperty(stub, EARLY_DIAGNOSTICS_KEY, { value: early });
      } catch {
        /* diagnostics are a nicety: the widget still loads */
      }
    }
    const failed = (problem: unknown) => {
      // Nobody will adopt the early recorder: give the page its console and listeners back.
      early?.stop();
      warn(problem);
      // identify() never rejects, here neither.
      lost = { ok: false, error: { code: 'load_failed', status: 0, message: String(problem) } };
      for (const entry of queue) entry.done?.(lost);
      queue.length = 0;
    };

    if (data.publicKey && data.markupId) {
      stub.init({
        publicKey: data.publicKey,
        markupId: data.markupId,
        apiBase: data.apiBase || new URL(src).origin,
        // `script.nonce` (browsers hide the attribute but keep the property); `data-nonce` where the
        // tag itself has none, e.g. inserted by a trusted script under 'strict-dynamic'.
        nonce: script.nonce || data.nonce || undefined,
        mode: qa ? 'qa' : undefined,
        diagnostics,
        // `data-screenshot="false"`: no screenshots (a page whose CSP or size makes them a problem).
        screenshot: data.screenshot === 'false' ? { enabled: false } : undefined,
        // `data-locale="de"`: the widget's language (BCP 47), as the `locale` option.
        locale: data.locale || undefined,
        // `data-theme="dark"` or `"system"`, as the `theme` option (a wrong value is its error event).
        theme: (data.theme as PinmarkOptions['theme']) || undefined,
      });
    }

    const start = (module: WidgetModule) => {
      try {
        const instance = module.createPinmark(undefined, { earlyDiagnostics: early });
        for (const entry of queue) {
          if (entry.cancelled) continue;
          const result = (instance[entry.method] as (...a: unknown[]) => unknown)(...entry.args);
          if (entry.method === 'on') entry.off = result as () => void;
          entry.done?.(result as Promise<PinmarkIdentifyResult>);
        }
        queue.length = 0;
        real = instance;
      } catch (error) {
        failed(error);
      }
    };
    // In a task of its own: evaluating app.js is one task, starting the widget the next, so neither
    // holds the page's main thread for long (the import's callback would run inside the first).
    importModule(new URL('app.js', src).href).then((module) => runInNextTask(() => start(module)), failed);
  } catch (error) {
    warn(error);
  }
}
