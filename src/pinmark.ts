/**
 * `createPinmark()`: the public face of the widget, shared by the npm package and the script-tag
 * loader (`window.Pinmark`). Every entry point catches: the host page never sees an exception, it
 * gets an `error` event and one console.warn instead.
 */
// The handle only (≈1 KB): the full recorder is a lazy chunk it loads when diagnostics are on.
import { createDiagnosticsHandle } from './capture/diagnostics/handle';
import type { LoaderExtras } from './loader/stub';
import { toWidgetError } from './state/errors';
import type { PinmarkEventMap } from './state/events';
import type { WidgetError } from './state/store';
import { startRuntime, type Runtime, type RuntimeConfig } from './runtime';
import type { ScreenshotConfig } from './state/screenshot-actions';
import type { PinmarkInstance, PinmarkOptions } from './types';
import { Emitter } from './util/emitter';

export function createPinmark(options?: PinmarkOptions, extras?: LoaderExtras): PinmarkInstance {
  const events = new Emitter<PinmarkEventMap>();
  let runtime: Runtime | null = null;
  // Per instance, not per runtime: a re-init must not lose what was recorded since the page loaded.
  const diagnostics = createDiagnosticsHandle(extras?.earlyDiagnostics);

  const report = (error: unknown, context: string): WidgetError => {
    const problem = toWidgetError(error);
    console.warn(`[pinmark] ${context}: ${problem.message || problem.code}`);
    events.emit('error', { code: problem.code, status: problem.status, message: problem.message });
    return problem;
  };

  const guard = (context: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      report(error, context);
    }
  };

  const instance: PinmarkInstance = {
    init(next) {
      guard('init', () => {
        runtime?.destroy();
        runtime = null;
        if (typeof window === 'undefined' || typeof document === 'undefined') {
          throw new Error('Pinmark needs a browser (window and document).');
        }
        const config = validateOptions(next);
        // The widget's own requests are not the page's problems (the service may share the page's origin).
        const own = ['api', 'storage', 'widget', 'sign-in', 'idp'].map((path) => `${config.apiBase}/${path}`);
        diagnostics.configure({ diagnostics: config.diagnostics }, own);
        runtime = startRuntime(config, events.emit.bind(events), report, config.diagnostics ? diagnostics : null);
      });
    },
    open: () => guard('open', () => runtime?.open()),
    close: () => guard('close', () => runtime?.close()),
    destroy: () =>
      guard('destroy', () => {
        const current = runtime;
        runtime = null;
        current?.destroy();
        diagnostics.stop();
      }),
    on(event, handler) {
      try {
        return events.on(event, handler);
      } catch {
        return () => {};
      }
    },
  };

  if (options) instance.init(options);
  return instance;
}

class OptionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OptionsError';
  }
}

/** Checks the host's options and returns a clean copy; throws a readable OptionsError. */
export function validateOptions(options: PinmarkOptions): RuntimeConfig {
  if (typeof options !== 'object' || options === null) throw new OptionsError('init() needs an options object.');
  const text = (name: 'publicKey' | 'markupId' | 'apiBase') => {
    const value = options[name];
    if (typeof value !== 'string' || !value.trim()) throw new OptionsError(`Option "${name}" is required.`);
    return value.trim();
  };
  const publicKey = text('publicKey');
  const markupId = text('markupId');
  const apiBase = text('apiBase').replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(apiBase) || !isUrl(apiBase)) {
    throw new OptionsError(`Option "apiBase" must be an http(s) URL, got "${apiBase}".`);
  }
  const optionalFn = (name: 'getCustomerToken' | 'getIdentityToken') => {
    const value = options[name];
    if (value !== undefined && typeof value !== 'function') throw new OptionsError(`Option "${name}" must be a function.`);
    return value;
  };
  const breakpoints = options.viewModeBreakpoints;
  if (options.mode !== undefined && options.mode !== 'default' && options.mode !== 'qa') {
    throw new OptionsError(`Option "mode" must be "default" or "qa", got "${String(options.mode)}".`);
  }
  return {
    publicKey,
    markupId,
    apiBase,
    signInUrl: typeof options.signInUrl === 'string' && options.signInUrl ? options.signInUrl : undefined,
    getCustomerToken: optionalFn('getCustomerToken'),
    getIdentityToken: optionalFn('getIdentityToken'),
    nonce: typeof options.nonce === 'string' && options.nonce ? options.nonce : undefined,
    viewModeBreakpoints: typeof breakpoints === 'object' && breakpoints !== null ? breakpoints : undefined,
    screenshot: screenshotOptions(options.screenshot),
    // QA mode is a bug-reporting set-up: diagnostics unless the host says no.
    diagnostics: options.diagnostics ?? options.mode === 'qa',
  };
}

function screenshotOptions(value: PinmarkOptions['screenshot']): ScreenshotConfig {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) throw new OptionsError('Option "screenshot" must be an object.');
  const selectors = value.privateSelectors;
  if (selectors !== undefined && (!Array.isArray(selectors) || selectors.some((s) => typeof s !== 'string'))) {
    throw new OptionsError('Option "screenshot.privateSelectors" must be an array of CSS selectors.');
  }
  const timeout = value.timeoutMs;
  if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
    throw new OptionsError('Option "screenshot.timeoutMs" must be a positive number of milliseconds.');
  }
  return {
    enabled: value.enabled !== false,
    privateSelectors: selectors ? [...selectors] : undefined,
    pixelPerfect: value.pixelPerfect === true,
    timeoutMs: timeout,
  };
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
