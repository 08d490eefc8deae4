/**
 * Adapter from the server's thread shape (elements[].path, parents[]) to the PinAnchor that
 * locatePin takes. Its own module so the first load can import it without describePin (finder).
 */
import type { ThreadResponse } from '../api/wire';
import type { PinAnchor } from './types';

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
