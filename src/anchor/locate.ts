/**
 * Finds where a stored pin belongs on the current page. In order: one of the element paths (the
 * same relative spot inside the element: exact), the nearest ancestor that still exists (the same
 * relative spot inside that ancestor: approximate), the page-level offsets (approximate), else the
 * pin is orphaned. Selectors come from storage, so a bad one must never throw.
 */
import { clampPercent, documentMetrics } from './geometry';
import type { LocatedPin, PinAnchor, ResolvedPin } from './types';

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
  const pageX = finiteOr(anchor.offsetXPercentage, Number.NaN);
  const pageY = finiteOr(anchor.offsetYPercentage, Number.NaN);
  for (const spot of anchor.elements ?? []) {
    const element = query(root, spot?.elementPath);
    if (!element) continue;
    return {
      status: 'exact',
      element,
      offsetXPercentage: clampPercent(finiteOr(spot.offsetXPercentage, 50)),
      offsetYPercentage: clampPercent(finiteOr(spot.offsetYPercentage, 50)),
      pageXPercentage: pageX,
      pageYPercentage: pageY,
    };
  }

  // The nearest ancestor that still exists stands in, with the pin at the same relative spot.
  const first = anchor.elements?.[0];
  const parents = [...(anchor.elementParents ?? [])].sort((a, b) => finiteOr(a?.depth, 99) - finiteOr(b?.depth, 99));
  for (const parent of parents) {
    const element = query(root, parent?.path);
    if (!element) continue;
    return {
      status: 'approximate',
      element,
      offsetXPercentage: clampPercent(finiteOr(first?.offsetXPercentage, 50)),
      offsetYPercentage: clampPercent(finiteOr(first?.offsetYPercentage, 50)),
      pageXPercentage: pageX,
      pageYPercentage: pageY,
    };
  }

  if (Number.isFinite(pageX) && Number.isFinite(pageY)) {
    return { ...ORPHANED, status: 'approximate', pageXPercentage: clampPercent(pageX), pageYPercentage: clampPercent(pageY) };
  }
  return ORPHANED;
}

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

/** The first rendered element matching `path`, or null (bad selector, no match, display:none). */
function query(root: Document, path: unknown): Element | null {
  if (typeof path !== 'string' || !path.trim()) return null;
  let element: Element | null;
  try {
    element = root.querySelector(path);
  } catch {
    return null;
  }
  return element && element.getClientRects().length > 0 ? element : null;
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
