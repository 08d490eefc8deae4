/**
 * Anchoring: pure DOM functions that describe where a pin was dropped and find that place again.
 * No widget state here; the contract (PinAnchor, describePin, locatePin, anchorFromThread,
 * canonicalUrlOf) is stable so the anchoring can be hardened without touching its callers.
 */
import type { ThreadResponse } from '../api/wire';
import type { PinAnchor } from './types';

export { describePin } from './describe';
export { locatePin } from './locate';
export { canonicalUrlOf, canonicalUrlFrom, stripTrackingParams, urlWithoutHash } from './canonical-url';
export type { LocatedPin, LocateStatus, PinAnchor, PinElement, PinParent } from './types';

/** The anchor of a stored thread (elements[].path, parents[]), tolerant of missing fields. */
export function anchorFromThread(thread: ThreadResponse): PinAnchor {
  const elements = Array.isArray(thread.elements) ? thread.elements : [];
  const parents = Array.isArray(thread.parents) ? thread.parents : [];
  return {
    url: thread.originalUrl ?? '',
    canonicalUrl: thread.canonicalUrl ?? '',
    elements: elements
      .filter((e) => e && typeof e.path === 'string')
      .map((e) => ({ elementPath: e.path, offsetXPercentage: num(e.offsetXPercentage), offsetYPercentage: num(e.offsetYPercentage) })),
    elementParents: parents
      .filter((p) => p && typeof p.path === 'string')
      .map((p) => ({ url: p.originalUrl ?? '', canonicalUrl: p.canonicalUrl ?? '', path: p.path, depth: num(p.depth) })),
    offsetXPercentage: num(thread.offsetXPercentage),
    offsetYPercentage: num(thread.offsetYPercentage),
  };
}

function num(value: unknown): number {
  return typeof value === 'number' ? value : Number.NaN;
}
