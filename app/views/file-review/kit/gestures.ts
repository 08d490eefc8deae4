/**
 * Zoom gestures as numbers, shared by the image viewer (which zooms one transformed layer) and the
 * PDF viewer (which lays its pages out again at the new scale): how much a wheel turn zooms — a
 * trackpad's pinch arrives as ctrl+wheel with small deltas, so it zooms faster per unit — and the
 * middle and spread of two fingers.
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
