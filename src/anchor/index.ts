/**
 * Anchoring: pure DOM functions that describe where a pin was dropped and find that place again.
 * No widget state here; the contract (PinAnchor, describePin, locatePin, anchorFromThread,
 * canonicalUrlOf) is stable so the anchoring can be hardened without touching its callers.
 */
export { describePin } from './describe';
export { anchorFromThread } from './from-thread';
export { locatePin, pointOf, resolvePin } from './locate';
export { canonicalUrlOf, canonicalUrlFrom, stripTrackingParams, urlWithoutHash } from './canonical-url';
export type { LocatedPin, LocateStatus, PinAnchor, PinElement, PinParent, ResolvedPin } from './types';
