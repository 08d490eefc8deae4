/**
 * Boxes and the few distances shared by panel placement (placement.ts) and bottom sheets
 * (placement-sheet.ts): pure numbers in screen-layer CSS px.
 */
import type { Point } from './positions';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Kept free at the viewport's edges. */
export const MARGIN = 8;
/** Between the target and the panel. */
export const GAP = 10;
/** Half the drawn pin (28 px plus its ring): the pin itself must stay uncovered too. */
export const PIN_RADIUS = 16;

/** The drawn pin's box around its point. */
export function pinBoxAt(point: Point): Box {
  return { left: point.x - PIN_RADIUS, top: point.y - PIN_RADIUS, width: PIN_RADIUS * 2, height: PIN_RADIUS * 2 };
}

/** `value` within [min, max]; `min` wins when the range is empty (the panel is larger than the screen). */
export function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

export function intersection(a: Box, b: Box): Box | undefined {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : undefined;
}

export function union(a: Box, b: Box): Box {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}
