/**
 * Puts the widget on the page: exactly one `<pinmark-root>` element appended to <body>, with an open
 * shadow root holding the UI. Styles are adopted stylesheets, or a `<style nonce>` where those are
 * unsupported, so strict CSPs work. Unmounting removes the element and everything it registered.
 */
import { effect, signal } from '@preact/signals';
import { h, render } from 'preact';
import type { Controller } from '../state/actions';
import { ListenerCollection } from '../util/listener-collection';
import { App } from './App';
import baseCss from './base.css?inline';
import dockCss from './dock.css?inline';
import { Widget, type ReviewTools } from './hooks';
import { reviewChunk } from './lazy';

export const HOST_TAG = 'pinmark-root';
const STYLES = `${baseCss}\n${dockCss}`;

export interface MountedWidget {
  host: HTMLElement;
  unmount(): void;
}

export function mountWidget(controller: Controller, options: { nonce?: string } = {}): MountedWidget {
  const host = document.createElement(HOST_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  container.className = 'pm';
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
        const tools = createReviewTools({ controller, host, adoptStyles });
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
  render(h(Widget.Provider, { value: { controller, host, adoptStyles, review } }, h(App, null)), container);
  markLauncherVisible();

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
