/** Preact glue: component-scoped listener owners and the shared context of one mounted widget. */
import type { ReadonlySignal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext, useLayoutEffect } from 'preact/hooks';
import type { Controller } from '../state/controller';
import { ListenerCollection } from '../util/listener-collection';
import type { OverlayEngine } from './overlay/engine';
import type { PositionBoard } from './positions';
import type { ScreenViewport } from './screen';

export interface WidgetContext {
  controller: Controller;
  /** The `<pinmark-root>` element: events inside it are the widget's own. */
  host: HTMLElement;
  /** Adds a lazy chunk's stylesheet to the widget's shadow root (once). */
  adoptStyles(css: string): void;
  /** The review layer's tools, once its chunk arrived (for signed-in reviewers only). */
  review: ReadonlySignal<ReviewTools | null>;
  /** What the live region says now (announcer.ts). */
  announcement: ReadonlySignal<string>;
  /** The visual viewport the screen layer follows (screen.ts). */
  screen: ScreenViewport;
  /** True on a touch-only device: touch words, no key hints (touch.ts). */
  touchOnly: ReadonlySignal<boolean>;
}

/** What the pin layer and everything placed beside pins share; made by review.ts. */
export interface ReviewTools {
  positions: PositionBoard;
  /** Places pins every frame and runs other parts' layout reads/writes in its read/write phases. */
  engine: OverlayEngine;
}

export const Widget = createContext<WidgetContext | null>(null);

export function useWidget(): WidgetContext {
  const context = useContext(Widget);
  if (!context) throw new Error('Pinmark UI rendered outside its mount');
  return context;
}

/** The review tools; only for components App renders once they exist (the review layer's). */
export function useReview(): ReviewTools {
  const tools = useWidget().review.value;
  if (!tools) throw new Error('Pinmark review UI rendered before its tools');
  return tools;
}

/**
 * Runs `setup` with a fresh ListenerCollection; everything it registers is removed on unmount/deps change.
 * A layout effect: listeners are live in the same commit that shows their UI (comment mode's pressed
 * launcher must never be visible while a click would still reach the host page).
 */
export function useListeners(setup: (listeners: ListenerCollection) => void, deps: unknown[]): void {
  const context = useContext(Widget);
  useLayoutEffect(() => {
    const listeners = new ListenerCollection((error) => context?.controller.report(error, 'ui'));
    setup(listeners);
    return () => listeners.removeAll();
  }, deps);
}

/** True when the event happened inside the widget (its shadow tree or host). */
export function isInsideWidget(event: Event, host: HTMLElement): boolean {
  return event.composedPath().includes(host);
}
