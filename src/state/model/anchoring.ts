/**
 * Where a pin goes, for the pin layer and the overlay engine: they stay away from the anchor module
 * (data flows one way). Only the review chunk imports this, so the locating code is not in the
 * first load.
 */
// Not from '../../anchor': its index also exports describePin, which the first load must not contain.
import { anchorFromThread } from '../../anchor/from-thread';
import { pointOf, resolvePin, type PinPoint } from '../../anchor/locate';
import type { PinAnchor, ResolvedPin } from '../../anchor/types';
import type { ThreadResponse } from '../../api/wire';

export type { PinAnchor, ResolvedPin };

/** The anchor of a stored thread (tolerant of missing fields). */
export function anchorOfThread(thread: ThreadResponse): PinAnchor {
  return anchorFromThread(thread);
}

/** Which element a pin belongs on now (the expensive part: selectors). Run when the page changed. */
export function resolveAnchor(anchor: PinAnchor): ResolvedPin {
  return resolvePin(anchor);
}

/** Viewport point of a resolved pin this frame and the size of its element's box (one layout read), or null when it has no place. */
export function pointOfPin(resolved: ResolvedPin): PinPoint | null {
  return pointOf(resolved);
}
