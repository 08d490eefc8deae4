/**
 * The widget is a guest: it adds exactly one element to the host page, and destroy() leaves the page
 * as it was — DOM, event listeners and observers. Counted by wrapping the DOM APIs before any script runs.
 */
import { test, expect } from '@playwright/test';

const trackListeners = () => {
  const active = new Map<string, number>();
  const key = (target: unknown, type: string, capture: unknown) => {
    const name = target === window ? 'window' : target === document ? 'document' : 'other';
    const c = typeof capture === 'boolean' ? capture : !!(capture as { capture?: boolean } | undefined)?.capture;
    return `${name}:${type}:${c}`;
  };
  const listenerIds = new WeakMap<object, number>();
  let nextId = 0;
  const idOf = (fn: unknown) => {
    if (!fn || (typeof fn !== 'object' && typeof fn !== 'function')) return -1;
    if (!listenerIds.has(fn as object)) listenerIds.set(fn as object, nextId++);
    return listenerIds.get(fn as object)!;
  };
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const live = new Set<string>();
  EventTarget.prototype.addEventListener = function (type, fn, opts) {
    if (this === window || this === document) {
      const k = `${key(this, type, opts)}:${idOf(fn)}`;
      if (!live.has(k)) {
        live.add(k);
        active.set(k, 1);
      }
    }
    return add.call(this, type, fn, opts);
  };
  EventTarget.prototype.removeEventListener = function (type, fn, opts) {
    if (this === window || this === document) live.delete(`${key(this, type, opts)}:${idOf(fn)}`);
    return remove.call(this, type, fn, opts);
  };
  let observers = 0;
  for (const Ctor of [MutationObserver, ResizeObserver, IntersectionObserver]) {
    const observe = Ctor.prototype.observe;
    const disconnect = Ctor.prototype.disconnect;
    const watching = new WeakSet<object>();
    Ctor.prototype.observe = function (this: object, ...args: unknown[]) {
      if (!watching.has(this)) {
        watching.add(this);
        observers++;
      }
      return (observe as (...a: unknown[]) => void).apply(this, args);
    } as typeof observe;
    Ctor.prototype.disconnect = function (this: object) {
      if (watching.has(this)) {
        watching.delete(this);
        observers--;
      }
      return disconnect.call(this);
    } as typeof disconnect;
  }
  (window as unknown as { __pinmarkProbe: () => { listeners: number; observers: number } }).__pinmarkProbe = () => ({
    listeners: live.size,
    observers,
  });
};

test('adds exactly one element; destroy() removes it and every listener and observer', async ({ page }) => {
  await page.addInitScript(trackListeners);
  await page.goto('/manual.html');
  await page.waitForFunction(() => typeof (window as any).Pinmark?.init === 'function');
  const before = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    elements: document.querySelectorAll('*').length,
    probe: (window as any).__pinmarkProbe(),
  }));

  await page.evaluate(() => (window as any).Pinmark.init((window as any).pinmarkDemoConfig));
  await expect(page.getByRole('button', { name: 'Add comment' })).toBeVisible();
  const during = await page.evaluate(() => ({
    elements: document.querySelectorAll('*').length,
    hosts: Array.from(document.querySelectorAll('*'))
      .filter((e) => e.shadowRoot)
      .map((e) => e.tagName.toLowerCase()),
    probe: (window as any).__pinmarkProbe(),
  }));
  expect(during.elements - before.elements).toBe(1);
  expect(during.hosts).toEqual(['pinmark-root']);
  expect(during.probe.listeners).toBeGreaterThan(before.probe.listeners);

  // Use it a little, so the comment-mode listeners exist too.
  await page.getByRole('button', { name: 'Add comment' }).click();

  await page.evaluate(() => (window as any).Pinmark.destroy());
  const after = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    probe: (window as any).__pinmarkProbe(),
  }));
  expect(after.html).toBe(before.html);
  expect(after.probe).toEqual(before.probe);
});
