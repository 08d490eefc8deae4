/** The loader's tests' fakes: a widget instance that records calls, a script tag, the two imports. */
import { vi } from 'vitest';
import type { PinmarkInstance } from '../types';
import type { LauncherModule, LoaderScript, WidgetModule } from './stub';

export function fakeInstance() {
  const calls: [string, unknown[]][] = [];
  const offs: ReturnType<typeof vi.fn>[] = [];
  const instance: PinmarkInstance = {
    init: (...args) => void calls.push(['init', args]),
    open: (...args) => void calls.push(['open', args]),
    close: (...args) => void calls.push(['close', args]),
    destroy: (...args) => void calls.push(['destroy', args]),
    signOut: (...args) => void calls.push(['signOut', args]),
    setViewMode: (...args) => void calls.push(['setViewMode', args]),
    identify: (...args) => {
      calls.push(['identify', args]);
      return Promise.resolve({ ok: true, userId: 'u1', name: 'Ada' });
    },
    on: (...args) => {
      calls.push(['on', args]);
      const off = vi.fn();
      offs.push(off);
      return off;
    },
  };
  return { instance, calls, offs };
}

export function script(data: Record<string, string> = {}, src = 'https://cdn.test/widget/pinmark.js'): LoaderScript {
  return { src, dataset: data as DOMStringMap, nonce: 'n0nce' };
}

/**
 * The loader's two imports: launcher.js answers at once with a fake launcher (which reports intent
 * at once when `eager`, as a visitor going straight for it), app.js when the test resolves it.
 */
export function deferredImport({ eager = true } = {}) {
  let resolve!: (module: WidgetModule) => void;
  let reject!: (error: unknown) => void;
  const app = new Promise<WidgetModule>((res, rej) => ((resolve = res), (reject = rej)));
  app.catch(() => {});
  const urls: string[] = [];
  const launcher = { shown: [] as unknown[], removed: 0, focused: false, hooks: null as null | { intent(): void; open(): void } };
  const launcherModule: LauncherModule = {
    showVisitorLauncher(options, hooks) {
      launcher.shown.push(options);
      launcher.hooks = hooks;
      if (eager) hooks.intent();
      return { hasFocus: () => launcher.focused, remove: () => void launcher.removed++ };
    },
  };
  const importer = (url: string): Promise<unknown> => {
    urls.push(url);
    return url.endsWith('/launcher.js') ? Promise.resolve(launcherModule) : app;
  };
  return { importer, urls, launcher, resolve: (m: WidgetModule) => resolve(m), reject: (e: unknown) => reject(e) };
}

/** Two tasks: the widget starts in the task after the import resolved. */
export const tick = () => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0));
