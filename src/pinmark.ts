/**
 * `createPinmark()`: the public face of the widget, shared by the npm package and the script-tag
 * loader (`window.Pinmark`). Every entry point catches: the host page never sees an exception, it
 * gets an `error` event and one console.warn instead.
 */
import { toWidgetError } from './state/errors';
import type { PinmarkEventMap } from './state/events';
import type { WidgetError } from './state/store';
import { startRuntime, type Runtime, type RuntimeConfig } from './runtime';
import type { PinmarkInstance, PinmarkOptions } from './types';
import { Emitter } from './util/emitter';

export function createPinmark(options?: PinmarkOptions): PinmarkInstance {
  const events = new Emitter<PinmarkEventMap>();
  let runtime: Runtime | null = null;

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
        runtime = startRuntime(validateOptions(next), events.emit.bind(events), report);
      });
    },
    open: () => guard('open', () => runtime?.open()),
    close: () => guard('close', () => runtime?.close()),
    destroy: () =>
      guard('destroy', () => {
        const current = runtime;
        runtime = null;
        current?.destroy();
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
  return {
    publicKey,
    markupId,
    apiBase,
    signInUrl: typeof options.signInUrl === 'string' && options.signInUrl ? options.signInUrl : undefined,
    getCustomerToken: optionalFn('getCustomerToken'),
    getIdentityToken: optionalFn('getIdentityToken'),
    nonce: typeof options.nonce === 'string' && options.nonce ? options.nonce : undefined,
    viewModeBreakpoints: typeof breakpoints === 'object' && breakpoints !== null ? breakpoints : undefined,
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
