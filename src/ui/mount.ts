/**
 * Puts the widget on the page: exactly one `<pinmark-root>` element appended to <body>, with an open
 * shadow root holding the UI. Styles are adopted stylesheets, or a `<style nonce>` where those are
 * unsupported, so strict CSPs work. Unmounting removes the element and everything it registered.
 *
 * Host pages are not always kind: cookie banners at the maximum z-index arrive after us, `transform`
 * on <body> would make our `position: fixed` relative to it, single-page apps replace <body> with
 * us inside. So the host goes into the browser's top layer (a manual popover; base.css cancels the
 * popover's UA look and its ::backdrop) with the maximum z-index as the fallback, and it is put back
 * whenever the page takes it out of the document.
 */
import { effect, signal } from '@preact/signals';
import { h, render } from 'preact';
import type { Controller } from '../state/controller';
import type { PinmarkTheme } from '../types';
import { ListenerCollection } from '../util/listener-collection';
import { createAnnouncer, type WidgetEvents } from './announcer';
import { App } from './App';
import baseCss from './base.css?inline';
import dockCss from './dock.css?inline';
import { Widget, type ReviewTools } from './hooks';
import { activeLocale, formatterWarmUps } from './i18n';
import { reviewChunk } from './lazy';
import { watchScreen } from './screen';
import { watchTouchOnly } from './touch';

export const HOST_TAG = 'pinmark-root';
const STYLES = `${baseCss}\n${dockCss}`;

export interface MountedWidget {
  host: HTMLElement;
  unmount(): void;
}

export interface MountOptions {
  nonce?: string;
  theme?: PinmarkTheme;
  /** The controller's events, for the live region (announcer.ts). */
  events?: WidgetEvents;
}

export function mountWidget(controller: Controller, options: MountOptions = {}): MountedWidget {
  const host = document.createElement(HOST_TAG);
  // On the host, where base.css picks the palette and a page may still override any variable.
  host.setAttribute('data-theme', options.theme ?? 'light');
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.className = 'pm';
  // The reviewer's language, not the page's (`:host` pins ltr): `lang` for screen readers' voices,
  // `dir` mirrors the layout for right-to-left locales.
  const locale = activeLocale();
  container.lang = locale.tag;
  container.dir = locale.dir;
  const adopted = new Set<string>();
  /** Lazy chunks bring their own styles; each is added once, for the life of the mount. */
  const adoptStyles = (css: string) => {
    if (adopted.has(css)) return;
    adopted.add(css);
    applyStyles(shadow, css, options.nonce, container);
  };
  adoptStyles(STYLES);
  shadow.append(container);

  const listeners = new ListenerCollection();
  // Keys typed into the widget are ours: don't let the page's shortcuts see them bubble up.
  for (const type of ['keydown', 'keyup', 'keypress'] as const) {
    listeners.add(container, type, (event: Event) => event.stopPropagation());
  }

  const announcement = createAnnouncer(controller, options.events, listeners);
  // On a phone the screen is the visual viewport, not the layout viewport `position: fixed` uses.
  const screen = watchScreen(listeners);
  const touchOnly = watchTouchOnly(listeners);
  const review = signal<ReviewTools | null>(null);
  let unmounted = false;
  let loadingReview = false;
  /** The review layer, once a reviewer is signed in (or about to comment); a failed download is tried again next time. */
  const startReview = () => {
    if (review.peek() || loadingReview) return;
    loadingReview = true;
    reviewChunk.load().then(
      ({ createReviewTools }) => {
        loadingReview = false;
        if (unmounted || review.peek()) return;
        const tools = createReviewTools({ controller, host, adoptStyles, screen });
        listeners.own(() => tools.destroy());
        review.value = tools;
      },
      (error: unknown) => {
        loadingReview = false;
        if (!unmounted) controller.actions.partFailedToLoad(error);
      },
    );
  };
  const { store } = controller;
  listeners.own(
    effect(() => {
      if (store.session.value.status === 'signed-in' || store.mode.value !== 'idle') startReview();
    }),
  );

  document.body.append(host);
  raiseToTopLayer(host);
  keepAttached(host, listeners);
  render(
    h(Widget.Provider, { value: { controller, host, adoptStyles, review, announcement, screen, touchOnly } }, h(App, null)),
    container,
  );
  markLauncherVisible();
  warmUpWhenIdle(formatterWarmUps(), listeners);

  return {
    host,
    unmount() {
      unmounted = true;
      try {
        render(null, container);
      } finally {
        listeners.removeAll();
        host.remove();
      }
    },
  };
}

/** One step per idle period, so none of them is a long task of its own. */
function warmUpWhenIdle(steps: (() => unknown)[], listeners: ListenerCollection): void {
  const next = () => {
    steps.shift()?.();
    if (steps.length) listeners.requestIdleCallback(next, 5_000);
  };
  listeners.requestIdleCallback(next, 5_000);
}

type PopoverHost = HTMLElement & { showPopover?: () => void };

/**
 * Above everything the page stacks, whatever its z-index and wherever it is in the DOM: the top
 * layer. Browsers without the Popover API keep the host at the maximum z-index (base.css).
 */
function raiseToTopLayer(host: PopoverHost): void {
  if (typeof host.showPopover !== 'function' || !host.isConnected) return;
  try {
    if (host.getAttribute('popover') !== 'manual') host.setAttribute('popover', 'manual');
    if (!host.matches(':popover-open')) host.showPopover();
  } catch {
    // A browser that refuses (an early Popover implementation): the maximum z-index still applies.
  }
}

/** A page that removes us again and again (a DOM "integrity" script) wins after this many. */
const MAX_REATTACH_PER_10S = 20;

/**
 * Single-page apps replace <body> (`document.body = …`, `replaceChild`, `body.innerHTML = …`) or
 * <html>, taking the host along, and moving it out of the top layer. Watching only the direct
 * children of the document, <html> and <body> is enough to see that, and cheap; the pins find
 * their elements again through the overlay's own observer.
 */
function keepAttached(host: PopoverHost, listeners: ListenerCollection): void {
  let watched: Node[] = [];
  const reattached: number[] = [];
  const watch = () => {
    const nodes: Node[] = [document, document.documentElement, document.body].filter((node) => !!node);
    if (nodes.length === watched.length && nodes.every((node, i) => node === watched[i])) return;
    observer.disconnect();
    for (const node of nodes) observer.observe(node, { childList: true });
    watched = nodes;
  };
  const observer = new MutationObserver(() => {
    try {
      const body = document.body;
      if (body && !host.isConnected) {
        const now = performance.now();
        while (reattached.length && now - reattached[0]! > 10_000) reattached.shift();
        if (reattached.length < MAX_REATTACH_PER_10S) {
          reattached.push(now);
          body.append(host);
        }
      }
      // Moved (into a new <body>, say) also means out of the top layer.
      raiseToTopLayer(host);
      watch();
    } catch (error) {
      // Observer callbacks are not guarded by the ListenerCollection: never throw into the page.
      console.warn('[pinmark]', error);
    }
  });
  watch();
  listeners.observe(observer);
}

/** The launcher is in the page with its styles; `npm run bench` measures up to this mark. */
function markLauncherVisible(): void {
  try {
    performance.mark('pinmark:launcher-visible');
  } catch {
    /* no User Timing */
  }
}

/** Adds `css` after the styles already there (a `<style>` goes before the UI's container). */
function applyStyles(shadow: ShadowRoot, css: string, nonce: string | undefined, container: Node): void {
  try {
    if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // Fall through to a <style> element.
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  shadow.insertBefore(style, container.parentNode === shadow ? container : null);
}
