/**
 * `createPinmark()`: the public face of the widget, shared by the npm package and the script-tag
 * loader (`window.Pinmark`). Every entry point catches: the host page never sees an exception, it
 * gets an `error` event and one console.warn instead.
 */
// The handle only (≈1 KB): the full recorder is a lazy chunk it loads when diagnostics are on.
import { createDiagnosticsHandle } from './capture/diagnostics/handle';
import { checkSubscription, HostInputError, tokenSourceOf, viewModeOf } from './host-input';
import type { LauncherHandover, LoaderExtras } from './loader/stub';
import { toWidgetError } from './state/model/errors';
import type { PinmarkEventMap } from './state/model/events';
import type { WidgetError } from './state/model/shapes';
import { startRuntime, type Runtime, type RuntimeConfig } from './runtime';
import type { LiveRefreshConfig, ScreenshotConfig } from './state/model/config';
import type { PinmarkIdentifyResult, PinmarkInstance, PinmarkOptions, PinmarkTheme } from './types';
import { checkStrings } from './ui/i18n';
import { Emitter } from './util/emitter';

export function createPinmark(options?: PinmarkOptions, extras?: LoaderExtras): PinmarkInstance {
  const events = new Emitter<PinmarkEventMap>();
  let runtime: Runtime | null = null;
  // Per instance, not per runtime: a re-init must not lose what was recorded since the page loaded.
  const diagnostics = createDiagnosticsHandle(extras?.earlyDiagnostics);
  // The visitor's launcher goes to the newest runtime: one replaced by a re-init (the loader replays
  // every queued init) must not take it off the page, perhaps under a press the next one waits out.
  let lease = 0;
  const leaseLauncher = (): LauncherHandover | undefined => {
    const handover = extras?.launcher;
    if (!handover) return undefined;
    const mine = ++lease;
    return { ...handover, remove: () => void (mine === lease && handover.remove()) };
  };

  const report = (error: unknown, context: string): WidgetError => {
    const problem = error instanceof HostInputError ? { code: error.code, status: 0, message: error.message } : toWidgetError(error);
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
      const launcher = leaseLauncher();
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
        runtime = startRuntime(config, events.emit.bind(events), report, config.diagnostics ? diagnostics : null, launcher);
      });
      // Options the widget refused: the visitor's launcher would be a button that never opens.
      if (!runtime) extras?.launcher?.remove();
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
        checkSubscription(event, handler);
        return events.on(event, handler);
      } catch (error) {
        report(error, 'on');
        return () => {};
      }
    },
    identify(identity) {
      // Never rejects: a rejected promise the host did not catch would surface as its page's error.
      const failed = (error: unknown): PinmarkIdentifyResult => {
        const problem = toWidgetError(error);
        // Replaced by a later identify()/signOut()/destroy(): the host did that, nothing failed.
        if (problem.code === 'cancelled') return { ok: false, error: { code: problem.code, status: 0, message: problem.message } };
        const { code, status, message } = report(error, 'identify');
        return { ok: false, error: { code, status, message } };
      };
      try {
        const source = tokenSourceOf(identity);
        if (!runtime) throw new HostInputError('not_initialized', 'identify() needs init() first.');
        return runtime.identify(source).then(({ userId, name }): PinmarkIdentifyResult => ({ ok: true, userId, name }), failed);
      } catch (error) {
        return Promise.resolve(failed(error));
      }
    },
    signOut: () => guard('signOut', () => runtime?.signOut()),
    setViewMode: (mode) =>
      guard('setViewMode', () => {
        const setting = viewModeOf(mode, 'setViewMode()');
        if (!runtime) throw new HostInputError('not_initialized', 'setViewMode() needs init() first.');
        runtime.setViewMode(setting);
      }),
  };

  if (options) instance.init(options);
  return instance;
}

class OptionsError extends HostInputError {
  constructor(message: string) {
    super('invalid_options', message);
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
    viewMode: options.viewMode === undefined ? undefined : viewModeOf(options.viewMode, 'Option "viewMode"', 'invalid_options'),
    screenshot: screenshotOptions(options.screenshot),
    locale: localeOption(options.locale),
    strings:
      options.strings === undefined
        ? undefined
        : checkStrings(options.strings, (message) => {
            throw new OptionsError(message);
          }),
    theme: themeOption(options.theme),
    liveRefresh: liveRefreshOptions(options.liveRefresh),
    // QA mode is a bug-reporting set-up: diagnostics unless the host says no.
    diagnostics: options.diagnostics ?? options.mode === 'qa',
  };
}

/** Polling intervals; a floor keeps a typo from turning every reviewer into a load test. */
function liveRefreshOptions(value: PinmarkOptions['liveRefresh']): LiveRefreshConfig | false | undefined {
  if (value === undefined || value === false) return value;
  if (typeof value !== 'object' || value === null) throw new OptionsError('Option "liveRefresh" must be false or an object.');
  const interval = (name: 'intervalMs' | 'hiddenIntervalMs') => {
    const ms = value[name];
    if (ms !== undefined && (typeof ms !== 'number' || !(ms >= 250) || ms === Infinity)) {
      throw new OptionsError(`Option "liveRefresh.${name}" must be a number of milliseconds, at least 250.`);
    }
    return ms;
  };
  return { intervalMs: interval('intervalMs'), hiddenIntervalMs: interval('hiddenIntervalMs') };
}

/** `light` unless the host asks for `dark` or `system`: a widget that changes colour on its own would surprise hosts. */
function themeOption(value: PinmarkOptions['theme']): PinmarkTheme {
  if (value === undefined) return 'light';
  if (value !== 'light' && value !== 'dark' && value !== 'system') {
    throw new OptionsError(`Option "theme" must be "light", "dark" or "system", got "${String(value)}".`);
  }
  return value;
}

/** A tag the browser cannot read is not an error (English, as for any unknown locale); a non-string is. */
function localeOption(value: PinmarkOptions['locale']): string | undefined {
  if (value !== undefined && typeof value !== 'string') {
    throw new OptionsError(`Option "locale" must be a language tag such as "de" or "en-GB", got a ${typeof value}.`);
  }
  return value?.trim() || undefined;
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
