/**
 * Zoom gestures as numbers, shared by the image viewer (which zooms one transformed layer) and the
 * PDF viewer (which lays its pages out again at the new scale): how much a wheel turn zooms — a
 * trackpad's pinch arrives as ctrl+wheel with small deltas, so it zooms faster per unit — the
 * middle and spread of two fingers, and Safari's own pinch events.
 */

export interface Point {
  x: number;
  y: number;
}

const WHEEL_RATE = 0.0015;
const PINCH_WHEEL_RATE = 0.01;
/** A line of a line-mode wheel (Firefox), in px. */
const LINE_PX = 16;

/** The factor one wheel event zooms by (>1 in, <1 out). */
export function wheelZoomFactor(event: Pick<WheelEvent, 'deltaY' | 'deltaMode' | 'ctrlKey'>): number {
  const rate = event.ctrlKey ? PINCH_WHEEL_RATE : WHEEL_RATE;
  const delta = event.deltaMode === 1 ? event.deltaY * LINE_PX : event.deltaY;
  return Math.exp(-delta * rate);
}

/** Two fingers' middle (what a pinch zooms about) and their distance (its factor: now / at the start). */
export function pinchOf(a: Point, b: Point): { mid: Point; distance: number } {
  return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(a.x - b.x, a.y - b.y) };
}

/** Safari's own pinch event (not in the DOM typings): `scale` since the gesture began, about clientX/Y. */
interface GestureEventLike extends UIEvent {
  scale: number;
  clientX: number;
  clientY: number;
}

export interface SafariPinchHandlers {
  /** A pinch begins about this point; false leaves it alone (two fingers on a touch screen: the touch handlers zoom). */
  start(clientX: number, clientY: number): boolean;
  /** `scale`: since the start (1 = as it was). */
  change(scale: number, clientX: number, clientY: number): void;
}

/**
 * Safari sends a trackpad's pinch as gesture events, not as ctrl+wheel as other browsers do; left
 * alone they zoom the whole page. This zooms the viewer instead. (On iOS they come beside touch
 * events, which `start` declines.) Returns the remover.
 */
export function listenSafariPinch(element: HTMLElement, handlers: SafariPinchHandlers): () => void {
  let taken = false;
  const onStart = (event: Event) => {
    event.preventDefault();
    const gesture = event as GestureEventLike;
    taken = handlers.start(gesture.clientX, gesture.clientY);
  };
  const onChange = (event: Event) => {
    event.preventDefault();
    const gesture = event as GestureEventLike;
    if (taken && Number.isFinite(gesture.scale) && gesture.scale > 0) handlers.change(gesture.scale, gesture.clientX, gesture.clientY);
  };
  const onEnd = (event: Event) => {
    event.preventDefault();
    taken = false;
  };
  element.addEventListener('gesturestart', onStart);
  element.addEventListener('gesturechange', onChange);
  element.addEventListener('gestureend', onEnd);
  return () => {
    element.removeEventListener('gesturestart', onStart);
    element.removeEventListener('gesturechange', onChange);
    element.removeEventListener('gestureend', onEnd);
  };
}
