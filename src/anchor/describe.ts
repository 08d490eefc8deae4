/**
 * Turns a click on the host page into a PinAnchor: 2–4 independent paths to the element (see
 * candidates.ts) with the click's spot inside it in percent, paths of up to five ancestors (so a pin
 * survives its element disappearing) and the spot relative to the whole document as a last resort.
 * Runs on the reviewer's click, on the host's main thread: all of it shares one WorkBudget, so even
 * a 50 000-element page gets its anchor within one short task. Lazy (loaded on entering comment mode).
 */
import { WorkBudget } from './budget';
import { candidatePaths, parentPaths } from './candidates';
import { canonicalUrlOf } from './canonical-url';
import { boxOf, clampPercent, documentMetrics } from './geometry';
import type { PinAnchor } from './types';

/** Document-wide queries one describe may run (each ≈ 1 ms on a 50 000-element page, far less on most). */
export const DESCRIBE_MAX_QUERIES = 300;
/** Time for all path searches of one pin; what is left when it runs out needs no queries. */
export const DESCRIBE_MAX_MS = 16;

export function describePin(target: Element, clientX: number, clientY: number): PinAnchor {
  const doc = target.ownerDocument;
  const url = doc.URL;
  const canonicalUrl = canonicalUrlOf(doc);
  // The same box the pin is placed against later (pointOf): for a wrapped inline, the union of its lines.
  const rect = boxOf(target).box;
  const budget = new WorkBudget(DESCRIBE_MAX_QUERIES, DESCRIBE_MAX_MS);
  // The element's own paths first: they get the best of the budget, ancestors what is left.
  const paths = candidatePaths(target, budget);
  const offsetXPercentage = percentWithin(clientX - rect.left, rect.width);
  const offsetYPercentage = percentWithin(clientY - rect.top, rect.height);
  const { width, height, scrollX, scrollY } = documentMetrics(doc);
  return {
    url,
    canonicalUrl,
    elements: paths.map((elementPath) => ({ elementPath, offsetXPercentage, offsetYPercentage })),
    elementParents: parentPaths(target, budget).map(({ path, depth }) => ({ url, canonicalUrl, path, depth })),
    offsetXPercentage: percentWithin(clientX + scrollX, width),
    offsetYPercentage: percentWithin(clientY + scrollY, height),
  };
}

/** `offset` as a percentage of `size`, clamped; the middle when the size is unknown. */
function percentWithin(offset: number, size: number): number {
  if (!(size > 0) || !Number.isFinite(offset)) return 50;
  return clampPercent((offset / size) * 100);
}
