/**
 * Bottom sheets, the small screen's panels (placement.ts decides when): which edge a sheet takes
 * and how far the page scrolls so the element being discussed shows beside it. Pure numbers in
 * screen-layer CSS px; follow.ts measures and writes.
 */
import { GAP, MARGIN, PIN_RADIUS, pinBoxAt, union, type Box, type Size } from './placement-geometry';
import type { Point } from './positions';

/** Where a bottom sheet's page goes: docked at the bottom with the page scrolled by `scroll` (screen px), or at the top. */
export interface SheetPlacement {
  edge: 'bottom' | 'top';
  /** How far to scroll the page first (screen px; positive moves the content up). */
  scroll: number;
}

export interface SheetRequest {
  target?: Box;
  point?: Point;
  /** The sheet's height (screen px). */
  height: number;
  viewport: Size;
  /** How far the page can scroll now (screen px), up and down; zeros when it must not scroll. */
  room: { up: number; down: number };
}

/**
 * A sheet sits at the bottom, the thumb's side, with the page scrolled so the target shows above it.
 * Where the page cannot scroll that far (the target is at the end of the page) or must not (the
 * composer's screenshot is being taken), the sheet goes to the top instead when that leaves the
 * target in view; else it stays at the bottom with the page scrolled as far as it goes.
 */
export function placeSheet({ target, point, height, viewport, room }: SheetRequest): SheetPlacement {
  const needed = scrollToShowAbove(target, point, viewport.height - height);
  if (needed === 0) return { edge: 'bottom', scroll: 0 };
  if (needed > 0 ? needed <= room.down : -needed <= room.up) return { edge: 'bottom', scroll: needed };
  if (clearBelow(target, point, height, viewport)) return { edge: 'top', scroll: 0 };
  return { edge: 'bottom', scroll: needed > 0 ? room.down : -room.up };
}

/** Whether the target (all of it, or its pin when it is taller than the room) shows below a sheet of `height` at the top. */
function clearBelow(target: Box | undefined, point: Point | undefined, height: number, viewport: Size): boolean {
  const top = height + GAP;
  const bottom = viewport.height - MARGIN;
  const pinBox = point ? pinBoxAt(point) : undefined;
  const whole = target && pinBox ? union(target, pinBox) : (target ?? pinBox);
  if (!whole) return false;
  const shown = whole.height <= bottom - top ? whole : pinBox;
  return !!shown && shown.top >= top && shown.top + shown.height <= bottom;
}

/**
 * How far to scroll the page (screen px; positive moves the content up) so the target shows above a
 * bottom sheet whose top edge is at `sheetTop`: all of it when it fits there, else its pin in the
 * middle of what is left. 0 when it is already in view.
 */
export function scrollToShowAbove(target: Box | undefined, point: Point | undefined, sheetTop: number): number {
  const top = MARGIN;
  const bottom = sheetTop - GAP;
  if (bottom - top < PIN_RADIUS * 2) return 0;
  const pinBox = point ? pinBoxAt(point) : undefined;
  const whole = target && pinBox ? union(target, pinBox) : (target ?? pinBox);
  if (!whole) return 0;
  if (whole.height <= bottom - top) {
    if (whole.top + whole.height > bottom) return whole.top + whole.height - bottom;
    if (whole.top < top) return whole.top - top;
    return 0;
  }
  const spot = point ?? { x: whole.left, y: whole.top + (bottom - top) / 2 };
  if (spot.y + PIN_RADIUS > bottom || spot.y - PIN_RADIUS < top) return spot.y - (top + bottom) / 2;
  return 0;
}
