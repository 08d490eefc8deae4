/**
 * Files a reviewer attaches to a message (file picker, drag and drop, pasted images). Each file is
 * queued in the outbox as soon as it is added (it waits in IndexedDB, so offline and after a reload
 * too); posting never waits: the comment is queued behind its uploads. A refused file stays in the
 * list with its reason and a retry, and nothing typed is touched. Lists are kept per
 * composer: `NEW_THREAD` for the new-comment composer, a thread id for a reply.
 */
import type { ListenerCollection } from '../../util/listener-collection';
import { widgetError } from '../model/errors';
import { NEW_THREAD, type AttachmentDraft, type WidgetError } from '../model/shapes';
import type { Store } from '../model/store';
import type { Sending } from '../services/sending';
import { randomId } from '../services/uploads';

export { NEW_THREAD } from '../model/shapes';
export type { AttachmentDraft } from '../model/shapes';
/** Mirrors the server's limits (docs/api-decisions.md) so the reviewer hears at once, not after uploading. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export interface AttachmentActionDeps {
  store: Store;
  owner: ListenerCollection;
  markupId: string;
  /** The outbox the files are uploaded through (they wait in IndexedDB until stored). */
  sending: () => Promise<Sending>;
  report: (error: unknown, context: string) => WidgetError;
}

export type AttachmentActions = ReturnType<typeof createAttachmentActions>;

export function createAttachmentActions({ store, owner, markupId, sending, report }: AttachmentActionDeps) {
  const { attachments } = store;
  const previews = new Map<string, string>();
  owner.own(() => {
    for (const url of previews.values()) URL.revokeObjectURL(url);
    previews.clear();
  });

  const listOf = (key: string) => attachments.peek()[key] ?? [];
  function setList(key: string, list: AttachmentDraft[]) {
    const { [key]: _old, ...rest } = attachments.peek();
    attachments.value = list.length ? { ...rest, [key]: list } : rest;
  }
  function forget(id: string) {
    const url = previews.get(id);
    if (url) URL.revokeObjectURL(url);
    previews.delete(id);
  }

  return {
    /** Adds files to a composer's list and queues their uploads; refuses what the server would. */
    async addAttachments(key: string, added: readonly File[]): Promise<void> {
      let outbox: Sending;
      try {
        outbox = await sending();
      } catch (error) {
        if (!owner.isDestroyed) store.notice.value = report(error, 'attachment');
        return;
      }
      if (owner.isDestroyed) return;
      const list = [...listOf(key)];
      for (const file of added) {
        const name = file.name || 'file';
        if (list.length >= MAX_ATTACHMENTS) {
          store.notice.value = widgetError('too_many_attachments');
          break;
        }
        if (file.size > MAX_ATTACHMENT_BYTES) {
          list.push({
            id: randomId(),
            name,
            size: file.size,
            type: file.type,
            status: 'failed',
            error: widgetError('attachment_too_large'),
          });
          continue;
        }
        const id = outbox.upload({
          composer: key,
          name,
          type: file.type,
          size: file.size,
          blob: file,
          resourceType: 'message_attachment',
          resourceId: key === NEW_THREAD ? markupId : key,
        });
        const draft: AttachmentDraft = { id, name, size: file.size, type: file.type, status: 'uploading' };
        if (file.type.startsWith('image/')) {
          draft.previewUrl = URL.createObjectURL(file);
          previews.set(id, draft.previewUrl);
        }
        list.push(draft);
      }
      setList(key, list);
    },

    retryAttachment(key: string, id: string): void {
      if (listOf(key).some((d) => d.id === id))
        void sending().then(
          (outbox) => outbox.retryUploads(id),
          () => {},
        );
    },

    removeAttachment(key: string, id: string): void {
      forget(id);
      setList(
        key,
        listOf(key).filter((d) => d.id !== id),
      );
      void sending().then(
        (outbox) => outbox.dropUpload(id),
        () => {},
      );
    },

    /** After posting: the comment owns the uploads now (the outbox sends them first). */
    clearAttachments(key: string): void {
      listOf(key).forEach((draft) => forget(draft.id));
      setList(key, []);
    },

    /**
     * What the comment carries: the fileIds of files already stored and the uploads it must wait
     * for; an error when one was refused (the reviewer decides: retry or remove it) — a message
     * never silently loses an attachment.
     */
    attachmentsReady(key: string): { fileIds: { fileId: string }[]; uploads: string[] } | { error: WidgetError } {
      const list = listOf(key);
      const failed = list.find((d) => d.status === 'failed');
      if (failed) return { error: { ...widgetError('attachment_failed', failed.name), cause: failed.error } };
      return {
        fileIds: list.flatMap((d) => (d.status === 'uploaded' && d.fileId ? [{ fileId: d.fileId }] : [])),
        uploads: list.flatMap((d) => (d.status === 'uploading' ? [d.id] : [])),
      };
    },
  };
}
