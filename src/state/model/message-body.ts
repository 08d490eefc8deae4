/**
 * The three forms of a message sent together (the Delta, its plain text, its mention ids), all
 * derived from one normalized Delta so they always agree, and checked against the server's limits
 * first so an over-long message is explained before it is sent.
 */
import type { Delta } from '../../api/wire';
import { deltaToPlainText, mentionIdsOf, normalizeDelta } from '../../delta';
import { isEmptyDelta } from './drafts';
import { widgetError } from './errors';
import type { WidgetError } from './store';

/** The server's limits for a message (docs/api-decisions.md). */
export const MESSAGE_LIMITS = { text: 20_000, ops: 5_000 } as const;

export interface MessageBody {
  message: Delta;
  content: string;
  mentionIds: string[];
}

export function messageBodyOf(draft: Delta | undefined): MessageBody | { error: WidgetError } {
  const message = normalizeDelta(draft ?? { ops: [] });
  if (isEmptyDelta(message)) return { error: widgetError('empty_message') };
  const content = deltaToPlainText(message);
  if (content.length > MESSAGE_LIMITS.text || message.ops.length > MESSAGE_LIMITS.ops) {
    return { error: widgetError('message_too_long') };
  }
  return { message, content, mentionIds: mentionIdsOf(message) };
}
