/**
 * One message of the open thread: the widget's MessageView (author, time, "edited", the rich text)
 * with its attachments, plus Edit and Delete where the server's scopes allow — one's own messages,
 * and everyone's for owners and admins. Editing happens in place in the widget's editor, on a draft
 * that a refusal or a reload keeps; deleting asks first. The first message is the thread itself:
 * it is edited here, and deleted with the thread (ThreadView's "Delete thread").
 */
import { useState } from 'preact/hooks';
import type { MessageResponse } from '../../src/api/wire';
import { RichTextEditor } from '../../src/ui/editor';
import type { MentionSource } from '../../src/ui/editor/RichTextEditor';
import { MessageAttachmentList } from '../../src/ui/media/attachment-list';
import { ClipVideos } from '../../src/ui/thread/ClipVideos';
import { authorOf, bodyOf, MessageView } from '../../src/ui/thread/MessageView';
import { strings } from '../../src/ui/strings';
import { drafts, setDraft } from '../state/drafts';
import { busy } from '../state/thread';
import { cancelEdit, editingMessage, editKey, mayOnMessage, removeMessage, saveEdit, startEdit } from '../state/thread-edits';

const openImage = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

interface MessageItemProps {
  threadId: string;
  message: MessageResponse;
  first: boolean;
  mentions: MentionSource;
}

export function MessageItem({ threadId, message, first, mentions }: MessageItemProps) {
  const words = strings.message;
  const [confirming, setConfirming] = useState(false);
  const draft = drafts.value[editKey(message.id)];
  // An unsaved edit (its draft outlived a reload or a refusal) stays open until saved or cancelled.
  const editing = editingMessage.value === message.id || draft !== undefined;
  const saving = !!busy.value[`edit:${message.id}`];
  const deleting = !!busy.value[`delete:${message.id}`];
  const canEdit = mayOnMessage(message, 'update-message');
  const canDelete = !first && mayOnMessage(message, 'delete-message');
  const author = authorOf(message);
  const save = () => void saveEdit(threadId, message.id, drafts.peek()[editKey(message.id)] ?? bodyOf(message));

  return (
    <MessageView
      message={message}
      busy={saving || deleting}
      meta={
        <>
          {(saving || deleting) && <span class="pm-muted">· {saving ? words.saving : words.deleting}</span>}
          {!editing && !saving && !deleting && (canEdit || canDelete) && (
            <span class="message-tools" role="group" aria-label={words.actions(author)}>
              {canEdit && (
                <button type="button" class="link-button" onClick={() => startEdit(message.id)}>
                  {words.edit}
                </button>
              )}
              {canDelete && (
                <button type="button" class="link-button" aria-expanded={confirming} onClick={() => setConfirming(true)}>
                  {words.delete}
                </button>
              )}
            </span>
          )}
        </>
      }
      replaceBody={
        editing ? (
          <div class="message-edit">
            <RichTextEditor
              label={words.editor}
              value={draft ?? bodyOf(message)}
              onChange={(delta) => setDraft(editKey(message.id), delta)}
              onSubmit={save}
              onCancel={() => cancelEdit(message.id)}
              mentions={mentions}
              autoFocus
            />
            <div class="actions">
              <button type="button" class="button button--small button--quiet" onClick={() => cancelEdit(message.id)}>
                {words.cancel}
              </button>
              <button type="button" class="button button--small button--primary" disabled={saving} onClick={save}>
                {saving ? words.saving : words.save}
              </button>
            </div>
          </div>
        ) : undefined
      }
    >
      {Array.isArray(message.attachments) && <MessageAttachmentList attachments={message.attachments} onOpenImage={openImage} />}
      <ClipVideos clips={message.clipVideos} />
      {confirming && !deleting && (
        <div class="message-confirm" role="group" aria-label={words.confirmDelete}>
          <span>{words.confirmDelete}</span>
          <button
            type="button"
            class="button button--small button--danger"
            autoFocus
            onClick={() => {
              setConfirming(false);
              void removeMessage(threadId, message.id);
            }}
          >
            {words.confirm}
          </button>
          <button type="button" class="button button--small button--quiet" onClick={() => setConfirming(false)}>
            {words.keep}
          </button>
        </div>
      )}
    </MessageView>
  );
}
