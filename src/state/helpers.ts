/**
 * Read-only helpers the UI uses to present state: where a pin goes, a message's text, what the
 * reviewer may do. They keep the UI away from the anchor and delta modules (data flows one way).
 */
// Not from '../anchor': its index also exports describePin, which the first load must not contain.
import { anchorFromThread } from '../anchor/from-thread';
import { pointOf, resolvePin } from '../anchor/locate';
import type { PinAnchor, ResolvedPin } from '../anchor/types';
import type { MessageResponse, ThreadResponse } from '../api/wire';
import { deltaToPlainText } from '../delta';

export type { PinAnchor, ResolvedPin };

/** The anchor of a stored thread (tolerant of missing fields). */
export function anchorOfThread(thread: ThreadResponse): PinAnchor {
  return anchorFromThread(thread);
}

/** Which element a pin belongs on now (the expensive part: selectors). Run when the page changed. */
export function resolveAnchor(anchor: PinAnchor): ResolvedPin {
  return resolvePin(anchor);
}

/** Viewport point of a resolved pin this frame (one rect read), or null when it has no place. */
export function pointOfPin(resolved: ResolvedPin): { clientX: number; clientY: number } | null {
  return pointOf(resolved);
}

/** Plain text of a message: from its Delta, else the plain-text fields. */
export function messageText(message: MessageResponse): string {
  const fromDelta = deltaToPlainText(message.messageJson);
  if (fromDelta) return fromDelta;
  return typeof message.message === 'string' ? message.message : typeof message.content === 'string' ? message.content : '';
}

/** Whether the server granted `scope`; a record without a scopes list allows everything. */
export function allows(record: { scopes?: unknown }, scope: string): boolean {
  return !Array.isArray(record.scopes) || record.scopes.includes(scope);
}
