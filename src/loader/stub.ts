/**
 * The loader's logic, apart from its entry so it can be tested with a fake script and importer:
 * defines `window.Pinmark` as a stub that queues calls, and replays the queue on the real instance
 * once app.js (next to the script) has arrived. Never throws: problems end in one console.warn.
 *
 * A visitor pays only for what they use: with `init`, the loader imports `launcher.js` (the
 * launcher alone, visitor/) and app.js only on intent — the pointer near the launcher, focus on it,
 * a press, or the host calling `open`/`identify`. A reviewer who is already known gets app.js at
 * once instead, as before: a session in this tab, a host token source in the options, a link to a
 * thread in the address, a QA page.
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

/** The visitor's launcher while it is on the page: the widget takes its place (runtime.ts). */
export interface LauncherHandover {
  hasFocus(): boolean;
  /** Runs `then` once the launcher is not being pressed (at once if it is not); returns a cancel. */
  afterPress(then: () => void): () => void;
  /** Off the page for good; a launcher.js arriving later does not show it. */
  remove(): void;
}

/** What the loader hands to app.js besides options. */
export interface LoaderExtras {
  /** The diagnostics core started by the loader, to be adopted (or stopped) by the widget. */
  earlyDiagnostics?: DiagnosticsCore;
  launcher?: LauncherHandover;
}

export interface WidgetModule {
  createPinmark(options?: PinmarkOptions, extras?: LoaderExtras): PinmarkInstance;
}

/** launcher.js (visitor/index.ts), typed here without importing it. */
export interface LauncherModule {
  showVisitorLauncher(
    options: PinmarkOptions,
    hooks: { intent(): void; open(): void },
  ): { hasFocus(): boolean; remove(): void; focus?(): void; afterPress?(then: () => void): () => void };
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
  importModule: (url: string) => Promise<unknown>,
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

    let appRequested = false;
    let launcherRequested = false;
    let launcherModule: LauncherModule | null = null;
    /** The latest `init` options: a second `init` before app.js redraws the launcher with them. */
    let latest: PinmarkOptions = {} as PinmarkOptions;
    let shown: ReturnType<LauncherModule['showVisitorLauncher']> | null = null;
    /** The stub has told `ready` listeners already (a visitor's launcher was drawn). */
    let readyTold = false;
    const handover: LauncherHandover & { done?: boolean } = {
      hasFocus: () => !!shown?.hasFocus(),
      afterPress(then) {
        if (shown?.afterPress) return shown.afterPress(then);
        then();
        return () => {};
      },
      remove() {
        handover.done = true;
        shown?.remove();
        shown = null;
      },
    };
    const loadApp = () => {
      if (appRequested) return;
      appRequested = true;
      // In a task of its own: evaluating app.js is one task, starting the widget the next, so neither
      // holds the page's main thread for long (the import's callback would run inside the first).
      importModule(new URL('app.js', src).href).then((module) => runInNextTask(() => start(module as WidgetModule)), failed);
    };
    const draw = () => {
      if (handover.done || real || !launcherModule) return;
      const focused = shown?.hasFocus();
      shown?.remove();
      shown = launcherModule.showVisitorLauncher(latest, { intent: loadApp, open: () => stub.open() });
      if (focused) shown.focus?.();
      // `ready` comes after each init once the launcher is on the page; for a visitor that is now
      // (no session: a known reviewer would have app.js on its way). The widget's own first
      // `ready {signedIn: false}` is then the same news, and not told twice (start below).
      if (appRequested) return;
      readyTold = true;
      for (const entry of queue) {
        if (entry.method !== 'on' || entry.cancelled || entry.args[0] !== 'ready') continue;
        try {
          (entry.args[1] as (payload: { signedIn: boolean }) => void)({ signedIn: false });
        } catch (error) {
          warn(error);
        }
      }
    };
    const showLauncher = () => {
      if (launcherRequested) return draw();
      launcherRequested = true;
      importModule(new URL('launcher.js', src).href).then((module) => {
        launcherModule = module as LauncherModule;
        draw();
      }, loadApp);
    };
    /** Options from `init` (the tag's or the host's): a known reviewer gets the widget at once. */
    const arrive = (options: unknown) => {
      latest = (options && typeof options === 'object' ? options : {}) as PinmarkOptions;
      // A known reviewer gets the widget as before, its own launcher included: a second file
      // beside app.js would only compete with it for the network and the main thread.
      if (knownReviewer(latest)) loadApp();
      else if (!real && !appRequested) showLauncher();
    };

    const stub: PinmarkInstance = {
      init(options) {
        forward('init')(options);
        if (!real) arrive(options);
      },
      open(...args) {
        forward('open')(...args);
        loadApp();
      },
      close: forward('close'),
      destroy(...args) {
        forward('destroy')(...args);
        if (!real) handover.remove();
      },
      signOut: forward('signOut'),
      setViewMode: forward('setViewMode'),
      identify(identity) {
        if (real) return real.identify(identity);
        if (lost) return Promise.resolve(lost);
        const entry: Queued = { method: 'identify', args: [identity] };
        queue.push(entry);
        loadApp();
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
      // A launcher that can never open is worse than none.
      handover.remove();
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
        const instance = module.createPinmark(undefined, { earlyDiagnostics: early, launcher: handover });
        for (const entry of queue) {
          if (entry.cancelled) continue;
          if (entry.method === 'on' && entry.args[0] === 'ready' && readyTold) entry.args[1] = skipFirstSignedOut(entry.args[1]);
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
  } catch (error) {
    warn(error);
  }
}

/** A reviewer the widget will sign in without asking, or a link to a thread: no reason to wait. */
function knownReviewer(options: PinmarkOptions): boolean {
  // A QA page is for testers, and a host that signs its own users in has reviewers, not visitors.
  if (options.mode === 'qa' || typeof options.getCustomerToken === 'function' || typeof options.getIdentityToken === 'function')
    return true;
  try {
    if (/[#&]pinmark-thread=/.test(location.hash)) return true;
    return !!sessionStorage.getItem(`pinmark:session:${options.publicKey}:${options.markupId}`);
  } catch {
    return false; // storage refused (sandboxed frames): the launcher's intent still loads it
  }
}

/** A `ready` listener that ignores one `{signedIn: false}` the stub already told it about. */
function skipFirstSignedOut(handler: unknown): (payload: { signedIn: boolean }) => void {
  let skip = true;
  return (payload) => {
    const repeated = skip && !payload?.signedIn;
    skip = false;
    if (!repeated) (handler as (payload: { signedIn: boolean }) => void)(payload);
  };
}
