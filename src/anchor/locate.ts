/**
 * Finds where a stored pin belongs on the current page. In order: the element its paths agree on
 * (vote.ts; exact, or approximate when the paths disagree), the nearest ancestor that still resolves
 * (approximate, the pin at the same relative spot inside it), the page-level offsets (approximate),
 * else the pin is orphaned. Stored paths are evaluated defensively (query.ts): nothing here throws.
 * First load: every visitor downloads this, so it imports neither describe.ts nor finder.
 */
import { boxOf, clampPercent, documentMetrics, flowsInLines, spotIn } from './geometry';
import type { LocatedPin, PinAnchor, PinElement, ResolvedPin } from './types';
import { vote } from './vote';

/** Resolves and places in one go; for callers that do it once (the overlay resolves and places apart). */
export function locatePin(anchor: PinAnchor, root: Document = document): LocatedPin {
  const resolved = resolvePin(anchor, root);
  const point = pointOf(resolved, root);
  return { status: resolved.status, element: resolved.element, clientX: point?.clientX ?? 0, clientY: point?.clientY ?? 0 };
}

const ORPHANED: ResolvedPin = {
  status: 'orphaned',
  element: null,
  offsetXPercentage: Number.NaN,
  offsetYPercentage: Number.NaN,
  pageXPercentage: Number.NaN,
  pageYPercentage: Number.NaN,
};

/** Which element the pin belongs on now, and where inside it (the expensive part: selectors). */
export function resolvePin(anchor: PinAnchor, root: Document = document): ResolvedPin {
  try {
    const pageX = finiteOr(anchor?.offsetXPercentage, Number.NaN);
    const pageY = finiteOr(anchor?.offsetYPercentage, Number.NaN);
    const spots = (Array.isArray(anchor?.elements) ? anchor.elements : []).filter(
      (s): s is PinElement => !!s && typeof s.elementPath === 'string',
    );
    const parents = Array.isArray(anchor?.elementParents) ? anchor.elementParents : [];
    const verdict = spots.length || parents.length ? vote(spots.length ? spots : [NO_SPOT], parents, root) : null;
    if (verdict) {
      return {
        status: verdict.status,
        element: verdict.element,
        inline: flowsInLines(verdict.element),
        offsetXPercentage: clampPercent(finiteOr(verdict.spot.offsetXPercentage, 50)),
        offsetYPercentage: clampPercent(finiteOr(verdict.spot.offsetYPercentage, 50)),
        pageXPercentage: pageX,
        pageYPercentage: pageY,
      };
    }
    if (Number.isFinite(pageX) && Number.isFinite(pageY)) {
      return { ...ORPHANED, status: 'approximate', pageXPercentage: clampPercent(pageX), pageYPercentage: clampPercent(pageY) };
    }
  } catch {
    // A hostile anchor (getters that throw, a detached root…) is an orphaned pin, not an error in the page.
  }
  return ORPHANED;
}

/** A pin with ancestors but no element paths: they are looked up with the spot in the middle. */
const NO_SPOT: PinElement = { elementPath: '', offsetXPercentage: 50, offsetYPercentage: 50 };

/** Where a resolved pin is this frame, and the size of the box it sits on (zero: nothing to pin on). */
export interface PinPoint {
  clientX: number;
  clientY: number;
  width: number;
  height: number;
}

/**
 * Viewport coordinates of a resolved pin this frame, or null when orphaned. Cheap: one layout read,
 * which also says whether the element has a box at all — a ResizeObserver cannot tell for inline
 * elements, whose boxes it reports as 0×0. An inline element's line boxes (getClientRects), so a
 * spot between its lines moves onto one; any other element's one rect (getBoundingClientRect,
 * cheaper: this runs for every pin in every frame).
 */
export function pointOf(resolved: ResolvedPin, root: Document = document): PinPoint | null {
  if (resolved.status === 'orphaned') return null;
  const element = resolved.element;
  if (element && resolved.inline) {
    const box = boxOf(element);
    const { x, y } = spotIn(box, resolved.offsetXPercentage, resolved.offsetYPercentage);
    return { clientX: x, clientY: y, width: box.box.width, height: box.box.height };
  }
  if (element) {
    const rect = element.getBoundingClientRect();
    return {
      clientX: rect.left + (rect.width * resolved.offsetXPercentage) / 100,
      clientY: rect.top + (rect.height * resolved.offsetYPercentage) / 100,
      width: rect.width,
      height: rect.height,
    };
  }
  const { width, height, scrollX, scrollY } = documentMetrics(root);
  return {
    clientX: (resolved.pageXPercentage / 100) * width - scrollX,
    clientY: (resolved.pageYPercentage / 100) * height - scrollY,
    width,
    height,
  };
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
