/**
 * One message of a thread in the widget: MessageView (author, live relative time, the rich text
 * rendered as elements, never HTML) plus attachments and Edit/Delete for the reviewer's own messages
 * when the server's scopes allow. Editing happens in place, on a draft that survives a reload.
 */
import { useState } from 'preact/hooks';
import type { MessageResponse } from '../../api/wire';
import { allows } from '../../state/model/helpers';
import { editKey } from '../../state/model/store';
import { RichTextEditor } from '../editor';
import { useWidget } from '../hooks';
import { MessageAttachments } from '../lazy-media';
import { useMentionSource } from '../mentions';
import { strings } from '../strings';
import { authorOf, bodyOf, MessageView } from './MessageView';
import { ClipVideos } from './ClipVideos';
import { SendStatus } from './SendStatus';

interface MessageProps {
  threadId: string;
  message: MessageResponse;
  /** The first message is the thread's body: deleting it means deleting the thread. */
  first: boolean;
  onOpenImage(url: string, label: string): void;
}

/** An edit or delete needs the server's word; without a scopes list, only one's own messages qualify. */
function may(message: MessageResponse, scope: string, userId: string | null): boolean {
  if (Array.isArray(message.scopes)) return allows(message, scope);
  return !!userId && message.user?.id === userId;
}

export function Message({ threadId, message, first, onOpenImage }: MessageProps) {
  const { store, actions } = useWidget().controller;
  const mentions = useMentionSource();
  const [confirming, setConfirming] = useState(false);
  const session = store.session.value;
  const userId = session.status === 'signed-in' ? session.userId : null;
  const editing = store.editingMessage.value === message.id;
  const task = store.messageTasks.value[message.id];
  const canEdit = may(message, 'update-message', userId);
  const canDelete = !first && may(message, 'delete-message', userId);
  const author = authorOf(message);
  const body = bodyOf(message);

  return (
    <MessageView
      message={message}
      busy={!!task}
      meta={
        <>
          {task && <span class="pm-muted">· {task === 'saving' ? strings.message.saving : strings.message.deleting}</span>}
          {!editing && !task && (canEdit || canDelete) && (
            <span class="pm-message-tools" role="group" aria-label={strings.message.actions(author)}>
              {canEdit && (
                <button type="button" class="pm-link-button" onClick={() => actions.startEdit(message.id)}>
                  {strings.message.edit}
                </button>
              )}
              {canDelete && (
                <button type="button" class="pm-link-button" onClick={() => setConfirming(true)}>
                  {strings.message.delete}
                </button>
              )}
            </span>
          )}
        </>
      }
      replaceBody={
        editing ? (
          <div
            class="pm-edit"
            onKeyDown={(event) => {
              // Esc closes the edit, not the whole thread.
              if (event.key === 'Escape') event.stopPropagation();
            }}
          >
            <RichTextEditor
              label={strings.message.editor}
              value={store.drafts.value[editKey(message.id)] ?? body}
              onChange={(delta) => actions.setDraft(editKey(message.id), delta)}
              onSubmit={() => actions.saveEdit(threadId, message.id)}
              onCancel={() => actions.cancelEdit()}
              mentions={mentions}
              autoFocus
            />
            <div class="pm-actions">
              <button type="button" class="pm-button" onClick={() => actions.cancelEdit()}>
                {strings.message.cancel}
              </button>
              <button type="button" class="pm-button pm-button--primary" onClick={() => actions.saveEdit(threadId, message.id)}>
                {strings.message.save}
              </button>
            </div>
          </div>
        ) : undefined
      }
    >
      <SendStatus localId={message.id} />

      {Array.isArray(message.attachments) && <MessageAttachments attachments={message.attachments} onOpenImage={onOpenImage} />}
      <ClipVideos clips={message.clipVideos} />

      {confirming && !task && (
        <div class="pm-confirm" role="group" aria-label={strings.message.confirmDelete}>
          <span>{strings.message.confirmDelete}</span>
          <button
            type="button"
            class="pm-button pm-button--danger"
            onClick={() => {
              setConfirming(false);
              actions.deleteMessage(threadId, message.id);
            }}
          >
            {strings.message.confirm}
          </button>
          <button type="button" class="pm-button" onClick={() => setConfirming(false)}>
            {strings.message.keep}
          </button>
        </div>
      )}
    </MessageView>
  );
}
