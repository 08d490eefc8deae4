/**
 * Finds where a stored pin belongs on the current page. In order: the element its paths agree on
 * (vote.ts; exact, or approximate when the paths disagree), the nearest ancestor that still resolves
 * (approximate, the pin at the same relative spot inside it), the page-level offsets (approximate),
 * else the pin is orphaned. Stored paths are evaluated defensively (query.ts): nothing here throws.
 * First load: every visitor downloads this, so it imports neither describe.ts nor finder.
 */
import { clampPercent, documentMetrics } from './geometry';
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

/** Viewport coordinates of a resolved pin this frame (cheap: one rect read), or null when orphaned. */
export function pointOf(resolved: ResolvedPin, root: Document = document): { clientX: number; clientY: number } | null {
  if (resolved.status === 'orphaned') return null;
  if (resolved.element) {
    const rect = resolved.element.getBoundingClientRect();
    return {
      clientX: rect.left + (rect.width * resolved.offsetXPercentage) / 100,
      clientY: rect.top + (rect.height * resolved.offsetYPercentage) / 100,
    };
  }
  const { width, height, scrollX, scrollY } = documentMetrics(root);
  return { clientX: (resolved.pageXPercentage / 100) * width - scrollX, clientY: (resolved.pageYPercentage / 100) * height - scrollY };
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
