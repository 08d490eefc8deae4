/**
 * Writing inside a thread: replies, and edits and deletions of one's own messages. Edits and
 * deletions show at once and roll back with an explanation when the server refuses; the edit's
 * text is kept as a draft until the server confirms it, so a failure never loses it. Part of the
 * reviewing chunk (see reviewing.ts).
 */
import type { MessageResponse } from '../api/wire';
import type { AttachmentActions } from './attachment-actions';
import type { DraftActions } from './draft-actions';
import { toWidgetError, widgetError } from './errors';
import { messageBodyOf } from './message-body';
import { editKey, updateThread, type WidgetError } from './store';
import type { Sending } from './sending';
import type { ThreadActionDeps } from './thread-actions';

export interface MessageActionDeps extends ThreadActionDeps {
  markupId: string;
  sending: () => Promise<Sending>;
  drafts: Pick<DraftActions, 'clearDraft'>;
  attachments: Pick<AttachmentActions, 'attachmentsReady' | 'clearAttachments'>;
}

export function createMessageActions(deps: MessageActionDeps) {
  const { store, api, owner, emit, report, authed, drafts, attachments } = deps;

  const threadOf = (threadId: string) => store.threads.peek().find((t) => t.id === threadId);
  const replaceMessage = (threadId: string, messageId: string, next: MessageResponse) =>
    updateThread(store, threadId, (t) => ({ ...t, messages: (t.messages ?? []).map((m) => (m.id === messageId ? next : m)) }));
  function setTask(messageId: string, task: 'saving' | 'deleting' | null) {
    const { [messageId]: _old, ...rest } = store.messageTasks.peek();
    store.messageTasks.value = task ? { ...rest, [messageId]: task } : rest;
  }
  const failed = (code: string, error: unknown, context: string): WidgetError => ({
    ...widgetError(code),
    cause: owner.isDestroyed ? toWidgetError(error) : report(error, context),
  });

  return {
    async reply(threadId: string): Promise<void> {
      const { busy, error } = store.thread;
      if (busy.peek()) return;
      const body = messageBodyOf(store.drafts.peek()[threadId]);
      if ('error' in body) {
        error.value = body.error;
        return;
      }
      busy.value = 'reply';
      error.value = null;
      try {
        const files = await attachments.attachmentsReady(threadId);
        if ('error' in files) {
          error.value = files.error;
          return;
        }
        const request = { ...body, ...(files.fileIds.length ? { attachments: files.fileIds } : {}) };
        // Into the outbox: the reply shows at once and survives failures and reloads.
        const sending = await deps.sending();
        if (owner.isDestroyed) return;
        sending.postReply(threadId, request);
        attachments.clearAttachments(threadId);
        drafts.clearDraft(threadId);
      } catch (failure) {
        if (!owner.isDestroyed) error.value = report(failure, 'reply');
      } finally {
        busy.value = null;
      }
    },

    /** Opens the message's editor (with an unsent earlier edit if there is one). */
    startEdit(messageId: string): void {
      store.thread.error.value = null;
      store.editingMessage.value = messageId;
    },

    /** Closes the editor; the edit's draft is discarded (the message is unchanged). */
    cancelEdit(): void {
      const id = store.editingMessage.peek();
      if (id) drafts.clearDraft(editKey(id));
      store.editingMessage.value = null;
    },

    async saveEdit(threadId: string, messageId: string): Promise<void> {
      const before = threadOf(threadId)?.messages?.find((m) => m.id === messageId);
      if (!before || store.messageTasks.peek()[messageId]) return;
      const body = messageBodyOf(store.drafts.peek()[editKey(messageId)] ?? before.messageJson);
      if ('error' in body) {
        store.thread.error.value = body.error;
        return;
      }
      store.thread.error.value = null;
      store.editingMessage.value = null;
      replaceMessage(threadId, messageId, {
        ...before,
        messageJson: body.message,
        message: body.content,
        content: body.content,
        mentionIds: body.mentionIds,
        modifiedAt: Math.max(Date.now(), before.createdAt + 1),
      });
      setTask(messageId, 'saving');
      try {
        const saved = await authed(() => api.updateMessage(messageId, body));
        if (owner.isDestroyed) return;
        if (saved && typeof saved === 'object' && saved.id === messageId) replaceMessage(threadId, messageId, { ...before, ...saved });
        drafts.clearDraft(editKey(messageId));
        emit('messageUpdated', { threadId, message: saved ?? before });
      } catch (error) {
        if (owner.isDestroyed) return;
        // Back as it was, with the editor open again on the kept draft.
        replaceMessage(threadId, messageId, before);
        store.editingMessage.value = messageId;
        store.thread.error.value = failed('edit_failed', error, 'edit');
      } finally {
        setTask(messageId, null);
      }
    },

    async deleteMessage(threadId: string, messageId: string): Promise<void> {
      const thread = threadOf(threadId);
      const index = thread?.messages?.findIndex((m) => m.id === messageId) ?? -1;
      if (!thread || index < 0 || store.messageTasks.peek()[messageId]) return;
      const removed = thread.messages![index]!;
      store.thread.error.value = null;
      setTask(messageId, 'deleting');
      updateThread(store, threadId, (t) => ({ ...t, messages: (t.messages ?? []).filter((m) => m.id !== messageId) }));
      try {
        await authed(() => api.deleteMessage(messageId));
        if (owner.isDestroyed) return;
        drafts.clearDraft(editKey(messageId));
        emit('messageDeleted', { threadId, messageId });
      } catch (error) {
        if (owner.isDestroyed) return;
        updateThread(store, threadId, (t) => {
          const messages = [...(t.messages ?? [])];
          messages.splice(Math.min(index, messages.length), 0, removed);
          return { ...t, messages };
        });
        store.thread.error.value = failed('delete_failed', error, 'delete-message');
      } finally {
        setTask(messageId, null);
      }
    },

    /** Who can be mentioned: asked once per page (the composer asks when `@` is first typed). */
    async loadMentionCandidates(): Promise<boolean> {
      if (store.mentionCandidates.peek()) return true;
      try {
        const tags = await authed(() => api.getMarkupTags(deps.markupId));
        const list = Array.isArray(tags?.taggable) ? tags.taggable : [];
        store.mentionCandidates.value = list
          .filter((u) => u && typeof u.id === 'string' && typeof u.name === 'string')
          .map((u) => ({ id: u.id, name: u.name, ...(typeof u.email === 'string' && u.email ? { email: u.email } : {}) }));
        return true;
      } catch (error) {
        if (!owner.isDestroyed) report(error, 'mentions');
        return false;
      }
    },
  };
}
