/**
 * Finds where a stored pin belongs on the current page. In order: one of the element paths (the
 * same relative spot inside the element: exact), the nearest ancestor that still exists (the
 * original page spot kept inside that ancestor: approximate), the page-level offsets (approximate),
 * else the pin is orphaned. Selectors come from storage, so a bad one must never throw.
 */
import { clampPercent, documentMetrics } from './geometry';
import type { LocatedPin, PinAnchor } from './types';

export function locatePin(anchor: PinAnchor, root: Document = document): LocatedPin {
  for (const spot of anchor.elements ?? []) {
    const element = query(root, spot?.elementPath);
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    return {
      status: 'exact',
      element,
      clientX: rect.left + (rect.width * clampPercent(finiteOr(spot.offsetXPercentage, 50))) / 100,
      clientY: rect.top + (rect.height * clampPercent(finiteOr(spot.offsetYPercentage, 50))) / 100,
    };
  }

  const page = pagePoint(anchor, root);
  const parents = [...(anchor.elementParents ?? [])].sort((a, b) => finiteOr(a?.depth, 99) - finiteOr(b?.depth, 99));
  for (const parent of parents) {
    const element = query(root, parent?.path);
    if (!element) continue;
    const rect = element.getBoundingClientRect();
    const x = page ? page.x : rect.left + rect.width / 2;
    const y = page ? page.y : rect.top + rect.height / 2;
    return {
      status: 'approximate',
      element,
      clientX: Math.min(rect.right, Math.max(rect.left, x)),
      clientY: Math.min(rect.bottom, Math.max(rect.top, y)),
    };
  }

  if (page) return { status: 'approximate', element: null, clientX: page.x, clientY: page.y };
  return { status: 'orphaned', element: null, clientX: 0, clientY: 0 };
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

function pagePoint(anchor: PinAnchor, root: Document): { x: number; y: number } | null {
  const px = anchor.offsetXPercentage;
  const py = anchor.offsetYPercentage;
  if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
  const { width, height, scrollX, scrollY } = documentMetrics(root);
  return { x: (clampPercent(px) / 100) * width - scrollX, y: (clampPercent(py) / 100) * height - scrollY };
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
