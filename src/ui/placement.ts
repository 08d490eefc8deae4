/**
 * Where a panel (the composer, the thread panel) goes: beside the element being discussed, never
 * over it — a reviewer must see the headline, the price cell or the buy button they write about.
 * On a small screen there is no "beside": the panel is a bottom sheet, and the follower scrolls
 * the page so the target shows above it (placement-sheet.ts; follow.ts measures and writes).
 *
 * Pure geometry on numbers the overlay's frame already measured (the target's box, the pin's
 * point, the panel's size from a ResizeObserver, the screen layer's size), all in screen-layer
 * CSS px. No DOM: it runs in the overlay's write phase, where reading layout would force a second
 * layout per frame while the page scrolls.
 *
 * Why not Floating UI (`@floating-ui/dom`): its computePosition measures the floating element and
 * walks its clipping ancestors (layout reads in our write phase) and is asynchronous, while a panel
 * must be written in the same frame as the pins it follows. `@floating-ui/core` with a platform
 * answering from our numbers avoids the reads but stays asynchronous and costs 3.2 KB gzip (dom:
 * 6.2 KB) for flip + shift, about 60 lines here; the rules it lacks (sheet, keep the pin uncovered,
 * stay off the launcher's chips) would be ours either way.
 */
import { clamp, GAP, intersection, MARGIN, overlaps, pinBoxAt, union, type Box, type Size } from './placement-geometry';
import type { Point } from './positions';

export type { Box, Size };
export { placeSheet, scrollToShowAbove, type SheetPlacement } from './placement-sheet';

/** Which side of the discussed element the panel is on; 'corner' when there is no pin to be beside. */
export type Side = 'right' | 'left' | 'below' | 'above' | 'corner';

export type PanelPlacement = { kind: 'sheet' } | { kind: 'beside'; x: number; y: number; side: Side };

/**
 * Screens at most this wide (the screen's CSS px: the visual viewport at scale 1, not the page's
 * layout width, which a page wider than a phone makes 980 px or more) get bottom sheets. A 340 px
 * panel beside a target needs at least ~560 px to leave the target a useful width.
 */
export const SMALL_SCREEN_MAX_WIDTH = 560;

/** The one place that decides "small screen": bottom sheets instead of panels beside the target. */
export function isSmallScreen(viewport: Size): boolean {
  return viewport.width > 0 && viewport.width <= SMALL_SCREEN_MAX_WIDTH;
}

/** The panel's top (or start) edge sits this far before the pin, so it reads as "about this spot". */
const LEAD = 20;

export interface PanelRequest {
  /** The discussed element's border box; absent when it is not known (not resolved, page-level pin). */
  target?: Box;
  /** The pin's point; absent when the pin has no place (not found on this page). */
  point?: Point;
  size: Size;
  viewport: Size;
  /** An area to keep clear when there is another choice (the launcher's chips, dock.css). */
  avoid?: Box;
}

export function placePanel({ target, point, size, viewport, avoid }: PanelRequest): PanelPlacement {
  if (isSmallScreen(viewport)) return { kind: 'sheet' };
  if (!point && !target) return corner(size, viewport, avoid);
  const screen = { left: 0, top: 0, width: viewport.width, height: viewport.height };
  const pinBox = point ? pinBoxAt(point) : undefined;
  // Only the part of the target on screen matters: a panel beside a tall card stays in view.
  const visible = target ? intersection(target, screen) : undefined;
  // Nothing of it on screen and no pin (a collapsed or scrolled-away element): nothing to sit beside.
  if (!visible && !pinBox) return corner(size, viewport, avoid);
  const subject = visible && pinBox ? union(visible, pinBox) : (visible ?? pinBox!);
  const focus = point ?? { x: subject.left + LEAD, y: subject.top + LEAD };

  // Beside the whole target first; when it is too wide or tall for that (a full-width headline),
  // beside the pin, so at least the spot being discussed stays uncovered.
  const subjects = pinBox && pinBox !== subject ? [subject, pinBox] : [subject];
  let fallback: PanelPlacement | null = null;
  for (const around of subjects) {
    for (const side of SIDES) {
      const rect = besideOn(side, around, focus, size, viewport, avoid);
      if (!rect) continue;
      const placed: PanelPlacement = { kind: 'beside', side, x: rect.left, y: rect.top };
      if (!avoid || !overlaps(rect, avoid)) return placed;
      fallback ??= placed;
    }
  }
  if (fallback) return fallback;
  return roomiest(pinBox ?? subject, focus, size, viewport);
}

const SIDES = ['right', 'left', 'below', 'above'] as const;

/** The panel's box on `side` of `around`, shifted along it to stay in view and off `avoid`; null when it does not fit. */
function besideOn(side: (typeof SIDES)[number], around: Box, focus: Point, size: Size, viewport: Size, avoid?: Box): Box | null {
  const horizontal = side === 'right' || side === 'left';
  let left: number;
  let top: number;
  if (horizontal) {
    left = side === 'right' ? around.left + around.width + GAP : around.left - GAP - size.width;
    if (left < MARGIN || left + size.width > viewport.width - MARGIN) return null;
    top = clamp(focus.y - LEAD, MARGIN, viewport.height - size.height - MARGIN);
  } else {
    top = side === 'below' ? around.top + around.height + GAP : around.top - GAP - size.height;
    if (top < MARGIN || top + size.height > viewport.height - MARGIN) return null;
    left = clamp(focus.x - LEAD, MARGIN, viewport.width - size.width - MARGIN);
  }
  const rect = { left, top, width: size.width, height: size.height };
  if (avoid && overlaps(rect, avoid)) {
    // Slide along the side, within the viewport, until it clears the chips (they sit in a corner).
    if (horizontal) {
      const above = avoid.top - GAP - size.height;
      const below = avoid.top + avoid.height + GAP;
      if (above >= MARGIN) rect.top = Math.min(rect.top, above);
      else if (below + size.height <= viewport.height - MARGIN) rect.top = Math.max(rect.top, below);
    } else {
      const before = avoid.left - GAP - size.width;
      const after = avoid.left + avoid.width + GAP;
      if (before >= MARGIN) rect.left = Math.min(rect.left, before);
      else if (after + size.width <= viewport.width - MARGIN) rect.left = Math.max(rect.left, after);
    }
  }
  return rect;
}

/**
 * Nothing to be beside (a comment listed as not placed): near the launcher, bottom-right, but beside
 * the dock rather than over its chips and the list it was opened from.
 */
function corner(size: Size, viewport: Size, avoid?: Box): PanelPlacement {
  let x = viewport.width - size.width - MARGIN - 64;
  const y = Math.max(MARGIN, viewport.height - size.height - 88);
  if (avoid && overlaps({ left: x, top: y, width: size.width, height: size.height }, avoid)) {
    const dockOnRight = avoid.left + avoid.width / 2 > viewport.width / 2;
    x = dockOnRight ? avoid.left - GAP - size.width : avoid.left + avoid.width + GAP;
  }
  return { kind: 'beside', side: 'corner', x: clamp(x, MARGIN, viewport.width - size.width - MARGIN), y };
}

/** Nothing fits (a tiny window): the side with the most room, kept in view. */
function roomiest(around: Box, focus: Point, size: Size, viewport: Size): PanelPlacement {
  const room = {
    right: viewport.width - (around.left + around.width),
    left: around.left,
    below: viewport.height - (around.top + around.height),
    above: around.top,
  };
  const side = SIDES.reduce((best, next) => (room[next] > room[best] ? next : best));
  const horizontal = side === 'right' || side === 'left';
  const x = horizontal ? (side === 'right' ? around.left + around.width + GAP : around.left - GAP - size.width) : focus.x - LEAD;
  const y = horizontal ? focus.y - LEAD : side === 'below' ? around.top + around.height + GAP : around.top - GAP - size.height;
  return {
    kind: 'beside',
    side,
    x: clamp(x, MARGIN, viewport.width - size.width - MARGIN),
    y: clamp(y, MARGIN, viewport.height - size.height - MARGIN),
  };
}
