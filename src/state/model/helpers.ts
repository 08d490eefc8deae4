/**
 * Read-only helpers the UI uses to present state: a message's text, what the reviewer may do.
 * They keep the UI away from the delta module (data flows one way). Where pins go: anchoring.ts.
 */
import type { MessageResponse } from '../../api/wire';
import { deltaToPlainText } from '../../delta/text';

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
