/**
 * Turns a click on the host page into a PinAnchor: a CSS path for the element, the click's spot
 * inside it in percent, paths of a few ancestors (so a pin survives its element disappearing) and
 * the spot relative to the whole document as a last resort.
 */
import { canonicalUrlOf } from './canonical-url';
import { clampPercent, documentMetrics } from './geometry';
import { createPathBuilder } from './selector';
import type { PinAnchor, PinParent } from './types';

const MAX_PARENTS = 5;

export function describePin(target: Element, clientX: number, clientY: number): PinAnchor {
  const doc = target.ownerDocument;
  const url = doc.URL;
  const canonicalUrl = canonicalUrlOf(doc);
  const pathOf = createPathBuilder();
  const rect = target.getBoundingClientRect();
  // The target first: it gets the best of the shared time budget, ancestors what is left.
  const elementPath = pathOf(target);

  const elementParents: PinParent[] = [];
  let depth = 1;
  for (let parent = target.parentElement; parent && depth <= MAX_PARENTS; parent = parent.parentElement, depth++) {
    if (parent === doc.body || parent === doc.documentElement) break;
    elementParents.push({ url, canonicalUrl, path: pathOf(parent), depth });
  }

  const { width, height, scrollX, scrollY } = documentMetrics(doc);
  return {
    url,
    canonicalUrl,
    elements: [
      {
        elementPath,
        offsetXPercentage: percentWithin(clientX - rect.left, rect.width),
        offsetYPercentage: percentWithin(clientY - rect.top, rect.height),
      },
    ],
    elementParents,
    offsetXPercentage: percentWithin(clientX + scrollX, width),
    offsetYPercentage: percentWithin(clientY + scrollY, height),
  };
}

/** The document's scrollable size and current scroll position. */
function percentWithin(offset: number, size: number): number {
  if (!(size > 0) || !Number.isFinite(offset)) return 50;
  return clampPercent((offset / size) * 100);
}
