/**
 * One message as it reads, presentational: its author, a live relative time with the exact time on
 * hover, "edited", and its rich text rendered from the Delta as elements (never HTML). Slots take
 * what only some callers have: the widget's Message adds Edit/Delete, the in-place editor, send
 * status and attachments; the review app (app/) adds its attachment list.
 */
import type { ComponentChildren } from 'preact';
import type { MessageResponse } from '../../api/wire';
import { renderDelta, textToDelta } from '../../delta';
import { messageText } from '../../state/model/helpers';
import { strings } from '../strings';
import { RelativeTime } from './RelativeTime';

export interface MessageViewProps {
  message: MessageResponse;
  busy?: boolean;
  /** After the time in the header: "saving…", the Edit/Delete tools. */
  meta?: ComponentChildren;
  /** Shown instead of the text (the in-place editor). */
  replaceBody?: ComponentChildren;
  /** Below the text: send status, attachments, confirmations. */
  children?: ComponentChildren;
}

/** The name a message shows for its author. */
export function authorOf(message: MessageResponse): string {
  return message.user?.name || strings.thread.unknownAuthor;
}

/** The message's rich text, from its Delta or else its plain text. */
export function bodyOf(message: MessageResponse) {
  return message.messageJson ?? textToDelta(messageText(message));
}

export function MessageView({ message, busy, meta, replaceBody, children }: MessageViewProps) {
  // Our server sets modifiedAt = createdAt on creation and moves it on every edit.
  const edited = Number.isFinite(message.modifiedAt) && message.modifiedAt > message.createdAt;
  return (
    <li class="pm-message" aria-busy={busy ? 'true' : undefined}>
      <div class="pm-message-meta">
        <strong class="pm-author">{authorOf(message)}</strong>
        <RelativeTime epochMs={message.createdAt} />
        {edited && <span class="pm-muted">· {strings.message.edited}</span>}
        {meta}
      </div>
      {replaceBody ?? <div class="pm-text">{renderDelta(bodyOf(message))}</div>}
      {children}
    </li>
  );
}
