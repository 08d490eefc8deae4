/**
 * `destroy()` leaves the page exactly as before `init()`: this test counts. It records every event
 * listener added to the page (window, document, page elements, font and media-query objects…),
 * every observer observing, every timer, interval, animation frame and idle callback, then drives
 * the widget through everything that registers things — silent sign-in via identify(), comment
 * mode, the composer, a thread, diagnostics recording — and after destroy() expects nothing left:
 * no listener, no observer, no pending timer once one-shot ones have run out, the same DOM
 * serialisation, the same globals and prototypes, `fetch` and `console` given back.
 */
import { afterEach, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { canonicalUrlOf } from './anchor';
import { createFakeService, makeThread } from './ui/testing/fake-service';
import { withExchange } from './ui/testing/exchange';
import { frames, startWidget, type Harness } from './ui/testing/harness';

let harness: Harness | null = null;
const undo: (() => void)[] = [];

afterEach(() => {
  harness?.stop();
  harness = null;
  while (undo.length) undo.pop()!();
});

/** Replaces `owner[name]` for the test; put back in afterEach. */
function patch<T extends object, K extends keyof T>(owner: T, name: K, make: (original: T[K]) => T[K]) {
  const original = owner[name];
  owner[name] = make(original);
  undo.push(() => (owner[name] = original));
}

/** Called by the test runner itself (expect.element polls, the runner's RPC), not by the widget or this test. */
function fromRunner(): boolean {
  // 0 "Error", 1 this function, 2 the patched function, 3 its caller.
  const caller = (new Error().stack ?? '').split('\n')[3] ?? '';
  return /node_modules\/(\.vite\/deps\/)?(@?vitest|chai|tinyspy)|@vitest|__vitest/.test(caller);
}

function instrument() {
  const ids = new WeakMap<object, number>();
  let next = 0;
  const idOf = (value: object) => ids.get(value) ?? (ids.set(value, ++next), next);
  const listeners = new Map<string, string>();
  /** A listener on the widget's own nodes (shadow tree, host, detached) goes away with them. */
  const pageTarget = (target: EventTarget) =>
    !(target instanceof Node) || (target.getRootNode() === document && (target as Element).localName !== 'pinmark-root');
  const keyOf = (target: EventTarget, type: string, fn: unknown, options?: boolean | EventListenerOptions) =>
    `${idOf(target)}:${type}:${idOf(fn as object)}:${typeof options === 'boolean' ? options : !!options?.capture}`;
  const describe = (target: EventTarget, type: string) =>
    `${target === window ? 'window' : target === document ? 'document' : (target as { constructor: { name: string } }).constructor.name} ${type}`;
  // The runner gives `window` an addEventListener of its own (counting error listeners): patch both.
  const owners: EventTarget[] = [EventTarget.prototype];
  if (Object.prototype.hasOwnProperty.call(window, 'addEventListener')) owners.push(window);
  for (const owner of owners) {
    patch(
      owner,
      'addEventListener',
      (add) =>
        function (
          this: EventTarget,
          type: string,
          fn: EventListenerOrEventListenerObject | null,
          options?: boolean | AddEventListenerOptions,
        ) {
          if (fn && pageTarget(this) && !fromRunner()) {
            const key = keyOf(this, type, fn, options);
            listeners.set(key, describe(this, type));
            const forget = () => listeners.delete(key);
            if (typeof options === 'object' && options.once) add.call(this, type, forget, { once: true, capture: options.capture });
            if (typeof options === 'object' && options.signal) options.signal.addEventListener('abort', forget);
          }
          return add.call(this, type, fn, options);
        },
    );
    patch(
      owner,
      'removeEventListener',
      (remove) =>
        function (
          this: EventTarget,
          type: string,
          fn: EventListenerOrEventListenerObject | null,
          options?: boolean | EventListenerOptions,
        ) {
          if (fn) listeners.delete(keyOf(this, type, fn, options));
          return remove.call(this, type, fn, options);
        },
    );
  }

  const observing = new Map<object, Set<unknown>>();
  const watch = (Kind: { prototype: object; name: string }) => {
    const p = Kind.prototype as { observe(target: unknown): void; disconnect(): void; unobserve?(target: unknown): void };
    patch(
      p,
      'observe',
      (observe) =>
        function (this: object, target: unknown, ...rest: unknown[]) {
          if (!observing.has(this)) observing.set(this, new Set());
          observing.get(this)!.add(target ?? Kind.name);
          return (observe as (...a: unknown[]) => void).call(this, target, ...rest);
        },
    );
    patch(
      p,
      'disconnect',
      (disconnect) =>
        function (this: object) {
          observing.delete(this);
          return disconnect.call(this);
        },
    );
    if (p.unobserve) {
      patch(
        p,
        'unobserve',
        (unobserve) =>
          function (this: object, target: unknown) {
            observing.get(this)?.delete(target);
            if (observing.get(this)?.size === 0) observing.delete(this);
            return unobserve!.call(this, target);
          },
      );
    }
  };
  [MutationObserver, ResizeObserver, IntersectionObserver, PerformanceObserver].forEach(watch);

  /** Pending one-shot timers and frames, and running intervals, by kind and id. */
  const pending = new Set<string>();
  const timers = (set: 'setTimeout' | 'setInterval' | 'requestAnimationFrame' | 'requestIdleCallback', clear: string) => {
    const once = set !== 'setInterval';
    const w = window as unknown as Record<string, (...a: unknown[]) => number>;
    patch(
      w,
      set,
      (original) =>
        function (callback: unknown, ...rest: unknown[]) {
          if (typeof callback !== 'function' || fromRunner()) return original.call(window, callback, ...rest);
          let key = '';
          const run = (...args: unknown[]) => {
            if (once) pending.delete(key);
            return (callback as (...a: unknown[]) => unknown)(...args);
          };
          const id = original.call(window, run, ...rest);
          key = `${set}:${id}`;
          pending.add(key);
          return id;
        },
    );
    patch(
      w,
      clear,
      (original) =>
        function (id: unknown) {
          pending.delete(`${set}:${String(id)}`);
          return original.call(window, id);
        },
    );
  };
  timers('setTimeout', 'clearTimeout');
  timers('setInterval', 'clearInterval');
  timers('requestAnimationFrame', 'cancelAnimationFrame');
  if ('requestIdleCallback' in window) timers('requestIdleCallback', 'cancelIdleCallback');
  return { listeners, observing, pending };
}

const prototypes = { Array, Object, Function, Element, HTMLElement, Node, EventTarget, Document, Window, Promise, String };
function prototypeSnapshot() {
  return Object.entries(prototypes).map(([name, Kind]) => {
    const own = Object.getOwnPropertyDescriptors(Kind.prototype);
    return [name, Object.keys(own).sort(), Object.keys(own).map((key) => own[key]!.value ?? own[key]!.get)] as const;
  });
}

it('destroy() leaves DOM, listeners, observers, timers, globals and prototypes exactly as before init', async () => {
  await page.viewport(1280, 800);
  sessionStorage.clear();
  localStorage.clear();
  const fixture = document.createElement('main');
  fixture.innerHTML = `<h1 id="headline" style="margin:40px;width:400px;height:60px">Welcome</h1>
    <p id="target" style="margin:40px;width:300px;height:80px">Comment on me</p><div style="height:1500px"></div>`;
  document.body.append(fixture);
  undo.push(() => fixture.remove());

  const thread = makeThread(1, {
    canonicalUrl: canonicalUrlOf(document),
    elements: [
      { id: 'e', threadId: 'thread-1', path: '#headline', offsetXPercentage: 50, offsetYPercentage: 50, createdAt: 0, modifiedAt: 0 },
    ],
  });
  const service = withExchange(createFakeService({ threads: [thread] }));
  const globals = Object.keys(window).sort();
  const protos = prototypeSnapshot();
  const consoleBefore = { error: console.error, warn: console.warn };
  const sheets = { adopted: document.adoptedStyleSheets.length, styleSheets: document.styleSheets.length };
  const seen = instrument();
  // The harness installs the fake service's fetch first: that is what must be there afterwards.
  const html = document.documentElement.outerHTML;

  harness = await startWidget(service, { diagnostics: true });
  await expect(harness.pinmark.identify({ customerToken: 'tok-u1' })).resolves.toMatchObject({ ok: true });
  const pin = page.getByRole('button', { name: 'Thread 1', exact: true });
  await expect.element(pin).toBeVisible();
  // Comment mode, the composer (with a draft), then a thread, which replaces the composer.
  await page.getByRole('button', { name: 'Add comment' }).click();
  await page.elementLocator(document.getElementById('target')!).hover();
  await frames();
  await page.elementLocator(document.getElementById('target')!).click();
  await page.getByRole('textbox', { name: 'Comment' }).fill('Half-written');
  await pin.click();
  await expect.element(page.getByRole('dialog', { name: 'Thread 1' })).toBeVisible();
  window.dispatchEvent(new Event('resize'));
  await frames();

  expect(seen.listeners.size).toBeGreaterThan(5);
  expect(seen.observing.size).toBeGreaterThan(0);
  expect(seen.pending.size).toBeGreaterThan(0);
  expect(console.error).not.toBe(consoleBefore.error); // diagnostics record the console while the widget runs

  harness.pinmark.destroy();
  // One-shot timers already queued (a frame, a Preact effect flush) run out and schedule nothing new.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await frames(3);

  expect([...seen.listeners.values()]).toEqual([]);
  expect([...seen.observing.keys()].map((o) => (o as object).constructor.name)).toEqual([]);
  expect([...seen.pending]).toEqual([]);
  expect(document.documentElement.outerHTML).toBe(html);
  expect({ adopted: document.adoptedStyleSheets.length, styleSheets: document.styleSheets.length }).toEqual(sheets);
  expect(window.fetch).toBe(service.fetch);
  expect({ error: console.error, warn: console.warn }).toEqual(consoleBefore);
  while (undo.length > 1) undo.pop()!(); // the instrumentation, before comparing prototypes
  expect(Object.keys(window).sort()).toEqual(globals);
  expect(prototypeSnapshot()).toEqual(protos);
});
