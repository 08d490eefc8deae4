/**
 * Small pure helpers every viewer needs to turn a pointer into a place: percent of a box (clamped,
 * rounded to 0.01 so what is posted is what is drawn again; or exact, for a zoom's anchor), and the
 * reverse.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const clampPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;

/**
 * The point (client px) as percent of the box, neither clamped nor rounded: a zoom's anchor (the
 * spot under the pointer or between the fingers, which may lie just outside the page) kept exactly.
 */
export function exactPercentIn(box: Box, clientX: number, clientY: number): { x: number; y: number } | null {
  if (!(box.width > 0 && box.height > 0)) return null;
  return { x: ((clientX - box.left) / box.width) * 100, y: ((clientY - box.top) / box.height) * 100 };
}

/** The point (client px) as percent of the box (its client rect); null when the box has no size. */
export function percentIn(box: Box, clientX: number, clientY: number): { x: number; y: number } | null {
  const exact = exactPercentIn(box, clientX, clientY);
  return exact && { x: clampPercent(exact.x), y: clampPercent(exact.y) };
}

/** Where a percent point of the box is, in client px. */
export function pointOf(box: Box, xPercent: number, yPercent: number): { x: number; y: number } {
  return { x: box.left + (box.width * xPercent) / 100, y: box.top + (box.height * yPercent) / 100 };
}
