/**
 * Puts the widget on the page: exactly one `<pinmark-root>` element appended to <body>, with an open
 * shadow root holding the UI (host-element.ts: top layer, kept attached, CSP-proof styles).
 * Unmounting removes the element and everything it registered.
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
import { applyStyles, HOST_TAG, keepAttached, markLauncherVisible, raiseToTopLayer } from './host-element';
import { activeLocale, formatterWarmUps } from './i18n';
import { reviewChunk } from './lazy';
import { watchScreen } from './screen';
import { watchTouchOnly } from './touch';

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
