/**
 * Time slices for html2canvas's parse and paint, so a screenshot never holds the host's main thread
 * for long (the widget's rule: no task over 50 ms). Our build rewrites html2canvas to ask `pause()`
 * before each element it parses or paints (scripts/html2canvas-slices.ts); once a slice has run
 * `SLICE_MS`, the answer is a promise that settles in a new task, so the host's input, scrolling and
 * rendering get their turn. A cancelled or timed-out capture stops at the next pause instead of
 * finishing work nobody will see.
 *
 * An html2canvas without the rewrite (a host bundling ours differently) has no `__pinmarkSetHooks`;
 * captures then work as before, in one task.
 */
import type { Guard } from './guard';

/** Work per slice: leaves room under 50 ms for one element that takes long on its own. */
export const SLICE_MS = 10;

type Pause = () => Promise<void> | undefined;

/** What our rewrite of html2canvas asks the capture for (scripts/html2canvas-slices.ts). */
export interface Html2canvasHooks {
  pause?: Pause;
  /** Where font baselines are measured; null → the host document, as html2canvas does by itself. */
  fontDocument?: () => Document | null;
  /** The host changed its DOM while it was copied in slices, so it is being copied again in one task. */
  onCloneRetry?: () => void;
  /** A copy made by us instead of html2canvas (null: html2canvas copies it), already inert. */
  ownClone?: (original: Element) => Element | null;
  /** Each element's copy, right after `cloneNode`, before it is in any document (inert-clone.ts). */
  inert?: (original: Element, copy: Element) => void;
  /** Whether an element of the page is far outside the captured viewport (its pseudo-elements stay as they are). */
  offscreen?: (original: Element) => boolean;
  /** The capture adopts html2canvas's pseudo-element hiding rules itself (pseudo-hide.ts): no <style> in the copy. */
  pseudoHideSheet?: boolean;
  /** Each copy with the original's computed style, while the copy is being built. */
  styled?: (original: Element, copy: HTMLElement | SVGElement, style: CSSStyleDeclaration) => void;
  /** The properties copied onto an <svg> and the nodes inside it (svg-styles.ts); html2canvas copies all of them. */
  svgProperties?: (style: CSSStyleDeclaration, node: Element) => string[];
  /** An <svg> whose content is left out of the copy: its computed style is not copied onto it either. */
  plainSvg?: (original: Element) => boolean;
  /** Copy this child as an empty box ('stub'), leave it out as part of the box before it ('merged'), or copy it (stubs.ts). */
  stub?: (original: Element) => 'stub' | 'merged' | null;
  /** The box's copy, made by html2canvas without children, to be sized (after `stub` said 'stub'). */
  stubbed?: (original: Element, copy: HTMLElement) => void;
  /** Elements of the clone html2canvas need not parse: nothing of them is drawn (prune.ts). */
  skipParse?: (element: Element) => boolean;
  /** The URL to load a cross-origin image from, or null to leave it out (foreign-images.ts). */
  imageSource?: (url: string) => Promise<string | null>;
}
export type SetHooks = (hooks: Html2canvasHooks | null) => void;

interface SchedulerLike {
  yield?: () => Promise<void>;
}

export interface Slicer {
  /** Starts a new slice: call at the start of each task html2canvas begins on its own (iframe load). */
  restart(): void;
  readonly pause: Pause;
  /** Ends the slice here whatever its length (before a step known to be long on its own). */
  yieldNow(): Promise<void>;
  /** How often html2canvas gave the thread back (for stats and tests). */
  readonly yields: number;
  dispose(): void;
}

export function createSlicer(guard: Guard, win: Window & typeof globalThis = window, sliceMs: number = SLICE_MS): Slicer {
  let sliceStart = performance.now();
  let coarseStart = Date.now();
  let yields = 0;
  let channel: MessageChannel | undefined;
  const waiting: Array<() => void> = [];
  const scheduler = (win as { scheduler?: SchedulerLike }).scheduler;

  // A message to ourselves runs as a new task at once, unlike setTimeout (clamped, throttled when hidden).
  const nextTask = (): Promise<void> => {
    if (typeof scheduler?.yield === 'function') return scheduler.yield();
    if (!channel) {
      channel = new win.MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel!.port2.postMessage(null);
    });
  };

  const yieldNow = (): Promise<void> => {
    yields++;
    return nextTask().then(() => {
      guard.check();
      sliceStart = performance.now();
      coarseStart = Date.now();
    });
  };

  return {
    restart() {
      sliceStart = performance.now();
      coarseStart = Date.now();
    },
    pause() {
      // Asked before every element: the coarse clock (far cheaper to read) says when the slice is
      // surely not used up yet; near its end, or if the wall clock was set back, the precise one decides.
      const coarse = Date.now() - coarseStart;
      if (coarse >= 0 && coarse < sliceMs - 1) {
        guard.checkCancelled();
        return undefined;
      }
      const now = performance.now();
      guard.check(now);
      return now - sliceStart < sliceMs ? undefined : yieldNow();
    },
    yieldNow,
    get yields() {
      return yields;
    },
    dispose() {
      if (channel) {
        channel.port1.onmessage = null;
        channel.port1.close();
        channel.port2.close();
      }
      // Anything still waiting would otherwise hang forever: let it run to the next guard check.
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}
