/**
 * Writing inside a thread: replies, and edits and deletions of one's own messages. All go through
 * the outbox (sending.ts): they show at once, survive reloads, and roll back with an explanation
 * when the server refuses; the edit's text is kept as a draft until the server confirms it, so a
 * failure never loses it. Part of the reviewing chunk (see reviewing.ts).
 */
import type { AttachmentActions } from './attachment-actions';
import type { DraftActions } from './draft-actions';
import type { WidgetErrorCode } from '../model/error-codes';
import { toWidgetError, widgetError } from '../model/errors';
import { messageBodyOf } from '../model/message-body';
import { editKey, type WidgetError } from '../model/store';
import type { Sending } from '../services/sending';
import type { ThreadActionDeps } from './thread-actions';

export interface MessageActionDeps extends ThreadActionDeps {
  markupId: string;
  sending: () => Promise<Sending>;
  drafts: Pick<DraftActions, 'clearDraft'>;
  attachments: Pick<AttachmentActions, 'attachmentsReady' | 'clearAttachments'>;
}

export function createMessageActions(deps: MessageActionDeps) {
  const { store, api, owner, report, drafts, attachments } = deps;

  const threadOf = (threadId: string) => store.threads.peek().find((t) => t.id === threadId);
  const failed = (code: WidgetErrorCode, error: unknown, context: string): WidgetError => ({
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
        const files = attachments.attachmentsReady(threadId);
        if ('error' in files) {
          error.value = files.error;
          return;
        }
        const request = { ...body, ...(files.fileIds.length ? { attachments: files.fileIds } : {}) };
        // Into the outbox, behind its attachments' uploads: shown at once, survives failures and reloads.
        const sending = await deps.sending();
        if (owner.isDestroyed) return;
        sending.postReply(threadId, request, files.uploads);
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

    /** Queues the edit: shown at once; a refusal puts the message back and reopens the edit (sending.ts). */
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
      try {
        const sending = await deps.sending();
        if (owner.isDestroyed) return;
        // The edit's draft stays until the server confirmed it: a refusal gives it back.
        sending.change('editMessage', { threadId, messageId, body, before, at: Date.now() });
      } catch (error) {
        if (owner.isDestroyed) return;
        store.editingMessage.value = messageId;
        store.thread.error.value = failed('edit_failed', error, 'edit');
      }
    },

    /** Queues the deletion: the message goes at once and comes back if the server refuses. */
    async deleteMessage(threadId: string, messageId: string): Promise<void> {
      const thread = threadOf(threadId);
      const index = thread?.messages?.findIndex((m) => m.id === messageId) ?? -1;
      if (!thread || index < 0 || store.messageTasks.peek()[messageId]) return;
      store.thread.error.value = null;
      try {
        const sending = await deps.sending();
        if (owner.isDestroyed) return;
        sending.change('deleteMessage', { threadId, messageId, removed: thread.messages[index]!, index });
      } catch (error) {
        if (!owner.isDestroyed) store.thread.error.value = failed('delete_failed', error, 'delete-message');
      }
    },

    /** Who can be mentioned: asked once per page (the composer asks when `@` is first typed). */
    async loadMentionCandidates(): Promise<boolean> {
      if (store.mentionCandidates.peek()) return true;
      try {
        const tags = await api.getMarkupTags(deps.markupId);
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
