/**
 * The loader's logic, apart from its entry so it can be tested with a fake script and importer:
 * defines `window.Pinmark` as a stub that queues calls, imports app.js next to the script and
 * replays the queue on the real instance. Never throws: problems end in one console.warn.
 */
import type { PinmarkInstance, PinmarkOptions } from '../types';

type Method = 'init' | 'open' | 'close' | 'destroy' | 'on';

interface Queued {
  method: Method;
  args: unknown[];
  /** For `on`: unsubscribed before load, and the real unsubscribe once loaded. */
  cancelled?: boolean;
  off?: () => void;
}

export interface WidgetModule {
  createPinmark(options?: PinmarkOptions): PinmarkInstance;
}

export interface LoaderScript {
  src: string;
  dataset: DOMStringMap;
  nonce?: string;
}

export function installPinmarkLoader(
  win: { Pinmark?: unknown },
  script: LoaderScript | null,
  importModule: (url: string) => Promise<WidgetModule>,
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

    const forward =
      (method: Exclude<Method, 'on'>) =>
      (...args: unknown[]): void => {
        if (real) (real[method] as (...a: unknown[]) => void)(...args);
        else queue.push({ method, args });
      };

    const stub: PinmarkInstance = {
      init: forward('init'),
      open: forward('open'),
      close: forward('close'),
      destroy: forward('destroy'),
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

    if (data.publicKey && data.markupId) {
      stub.init({
        publicKey: data.publicKey,
        markupId: data.markupId,
        apiBase: data.apiBase || new URL(src).origin,
        nonce: script.nonce || undefined,
      });
    }

    importModule(new URL('app.js', src).href).then((module) => {
      try {
        const instance = module.createPinmark();
        for (const entry of queue) {
          if (entry.cancelled) continue;
          const result = (instance[entry.method] as (...a: unknown[]) => unknown)(...entry.args);
          if (entry.method === 'on') entry.off = result as () => void;
        }
        queue.length = 0;
        real = instance;
      } catch (error) {
        warn(error);
      }
    }, warn);
  } catch (error) {
    warn(error);
  }
}
