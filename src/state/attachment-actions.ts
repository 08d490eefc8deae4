/**
 * Files a reviewer attaches to a message (file picker, drag and drop, pasted images). Each file
 * uploads as soon as it is added, so posting only waits for what is still in flight; a failed file
 * stays in the list with its reason and a retry, and nothing typed is touched. Lists are kept per
 * composer: `NEW_THREAD` for the new-comment composer, a thread id for a reply.
 */
import type { ListenerCollection } from '../util/listener-collection';
import { widgetError } from './errors';
import { NEW_THREAD, type Store, type WidgetError } from './store';
import { randomId, type Uploader } from './uploads';

export { NEW_THREAD } from './store';
/** Mirrors the server's limits (docs/api-decisions.md) so the reviewer hears at once, not after uploading. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export interface AttachmentDraft {
  id: string;
  name: string;
  size: number;
  type: string;
  status: 'uploading' | 'uploaded' | 'failed';
  fileId?: string;
  error?: WidgetError;
  /** Object URL of an image, for its thumbnail. */
  previewUrl?: string;
}

export interface AttachmentActionDeps {
  store: Store;
  owner: ListenerCollection;
  uploader: Uploader;
  markupId: string;
  report: (error: unknown, context: string) => WidgetError;
}

export type AttachmentActions = ReturnType<typeof createAttachmentActions>;

export function createAttachmentActions({ store, owner, uploader, markupId, report }: AttachmentActionDeps) {
  const { attachments } = store;
  const files = new Map<string, File>();
  const controllers = new Map<string, AbortController>();
  owner.own(() => {
    for (const controller of controllers.values()) controller.abort();
    for (const list of Object.values(attachments.peek())) list.forEach(revoke);
  });

  const listOf = (key: string) => attachments.peek()[key] ?? [];
  function setList(key: string, list: AttachmentDraft[]) {
    const { [key]: _old, ...rest } = attachments.peek();
    attachments.value = list.length ? { ...rest, [key]: list } : rest;
  }
  function patch(key: string, id: string, change: Partial<AttachmentDraft>) {
    setList(key, listOf(key).map((draft) => (draft.id === id ? { ...draft, ...change } : draft)));
  }
  function revoke(draft: AttachmentDraft) {
    if (draft.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    files.delete(draft.id);
    controllers.get(draft.id)?.abort();
    controllers.delete(draft.id);
  }

  function upload(key: string, id: string) {
    const file = files.get(id);
    if (!file) return;
    const controller = new AbortController();
    controllers.set(id, controller);
    patch(key, id, { status: 'uploading', error: undefined });
    uploader
      .uploadFile({
        resourceType: 'message_attachment',
        resourceId: key === NEW_THREAD ? markupId : key,
        file,
        filename: file.name || 'file',
        signal: controller.signal,
      })
      .then(
        (done) => {
          if (controllers.get(id) === controller) patch(key, id, { status: 'uploaded', fileId: done.fileId });
        },
        (error: unknown) => {
          if (controller.signal.aborted || owner.isDestroyed) return;
          patch(key, id, { status: 'failed', error: report(error, 'attachment') });
        },
      )
      .finally(() => {
        if (controllers.get(id) === controller) controllers.delete(id);
      });
  }

  return {
    /** Adds files to a composer's list and starts uploading them; refuses what the server would. */
    addAttachments(key: string, added: readonly File[]): void {
      const list = [...listOf(key)];
      for (const file of added) {
        const draft: AttachmentDraft = { id: randomId(), name: file.name || 'file', size: file.size, type: file.type, status: 'uploading' };
        if (list.length >= MAX_ATTACHMENTS) {
          store.notice.value = widgetError('too_many_attachments');
          break;
        }
        if (file.size > MAX_ATTACHMENT_BYTES) {
          list.push({ ...draft, status: 'failed', error: widgetError('attachment_too_large') });
          continue;
        }
        if (file.type.startsWith('image/')) draft.previewUrl = URL.createObjectURL(file);
        files.set(draft.id, file);
        list.push(draft);
      }
      setList(key, list);
      for (const draft of list) if (draft.status === 'uploading' && !controllers.has(draft.id)) upload(key, draft.id);
    },

    retryAttachment(key: string, id: string): void {
      if (files.has(id)) upload(key, id);
    },

    removeAttachment(key: string, id: string): void {
      const draft = listOf(key).find((d) => d.id === id);
      if (draft) revoke(draft);
      setList(key, listOf(key).filter((d) => d.id !== id));
    },

    /** After a successful post: the files are on the server, the local copies can go. */
    clearAttachments(key: string): void {
      listOf(key).forEach(revoke);
      setList(key, []);
    },

    /**
     * The fileIds to send, once every upload has finished; an error when one failed (the reviewer
     * decides: retry or remove it) — a message never silently loses an attachment.
     */
    async attachmentsReady(key: string): Promise<{ fileIds: { fileId: string }[] } | { error: WidgetError }> {
      for (;;) {
        const list = listOf(key);
        const failed = list.find((d) => d.status === 'failed');
        if (failed) return { error: { ...widgetError('attachment_failed', failed.name), cause: failed.error } };
        if (list.every((d) => d.status === 'uploaded')) return { fileIds: list.map((d) => ({ fileId: d.fileId! })) };
        await new Promise<void>((resolve) => {
          const stop = attachments.subscribe(() => {
            if (listOf(key).every((d) => d.status !== 'uploading')) {
              queueMicrotask(() => stop());
              resolve();
            }
          });
        });
      }
    },
  };
}
