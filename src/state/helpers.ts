/**
 * Read-only helpers the UI uses to present state: where a pin goes, a message's text, what the
 * reviewer may do. They keep the UI away from the anchor and delta modules (data flows one way).
 */
// Not from '../anchor': its index also exports describePin, which the first load must not contain.
import { anchorFromThread } from '../anchor/from-thread';
import { locatePin } from '../anchor/locate';
import type { LocatedPin, PinAnchor } from '../anchor/types';
import type { MessageResponse, ThreadResponse } from '../api/wire';
import { deltaToPlainText } from '../delta';

export type { LocatedPin, PinAnchor };

export function locateThread(thread: ThreadResponse): LocatedPin {
  return locatePin(anchorFromThread(thread));
}

export function locateAnchor(anchor: PinAnchor): LocatedPin {
  return locatePin(anchor);
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
