/**
 * The requests behind each kind of queued change (sending.ts owns the queue). Ids made while
 * something was still unsent are swapped here for the server's, read from the results of the items
 * they waited for: a reply to a thread being created, a comment's attachments still uploading.
 */
import type { ApiClient } from '../../api/client';
import type { CreateThreadRequest, MessageRequestAttachment, ThreadResponse, UploadCompleteResponse } from '../../api/wire';
import type { AnyOutboxItem, SendContext } from '../../outbox';
import { isLocalId, LOCAL_PREFIX } from '../model/optimistic';
import type { ClipUpload, SendKinds } from '../model/send-kinds';
import type { Uploader } from './uploads';

export interface SendRequestDeps {
  api: ApiClient;
  uploader: Uploader;
}

/** The server's id of a thread that may have been local when the change was queued. */
export function serverIdOf(threadId: string, resultOf: (id: string) => unknown): string {
  if (!isLocalId(threadId)) return threadId;
  const thread = resultOf(threadId.slice(LOCAL_PREFIX.length)) as ThreadResponse | undefined;
  if (!thread?.id) throw new Error('The thread this change belongs to was not created.');
  return thread.id;
}

/** Attachments already on the server plus those uploaded by the items the comment waited for. */
function attachmentsOf<B extends { attachments?: MessageRequestAttachment[] }>(
  body: B,
  uploads: string[] | undefined,
  resultOf: (id: string) => unknown,
): B {
  if (!uploads?.length) return body;
  const uploaded = uploads.map((id) => {
    const done = resultOf(id) as UploadCompleteResponse | undefined;
    if (!done?.fileId) throw new Error('An attachment of this comment was not uploaded.');
    return { fileId: done.fileId };
  });
  return { ...body, attachments: [...(body.attachments ?? []), ...uploaded] };
}

/** The clips of a new thread, by the fileIds their uploads came back with. */
function clipsOf(body: CreateThreadRequest, clips: ClipUpload[] | undefined, resultOf: (id: string) => unknown): CreateThreadRequest {
  if (!clips?.length) return body;
  const uploaded = clips.map(({ upload, width, height }) => {
    const done = resultOf(upload) as UploadCompleteResponse | undefined;
    if (!done?.fileId) throw new Error('The screen recording of this comment was not uploaded.');
    return { fileId: done.fileId, width, height };
  });
  return { ...body, clipVideos: [...(body.clipVideos ?? []), ...uploaded] };
}

export function sendRequest({ api, uploader }: SendRequestDeps, item: AnyOutboxItem<SendKinds>, ctx: SendContext): Promise<unknown> {
  const opts = { idempotencyKey: item.idempotencyKey, signal: ctx.signal };
  const thread = (threadId: string) => serverIdOf(threadId, ctx.resultOf);
  switch (item.kind) {
    case 'createThread': {
      const body = clipsOf(attachmentsOf(item.payload.body, item.payload.uploads, ctx.resultOf), item.payload.clips, ctx.resultOf);
      return api.createThread(body, opts);
    }
    case 'reply': {
      const body = attachmentsOf(item.payload.body, item.payload.uploads, ctx.resultOf);
      return api.createMessage(thread(item.payload.threadId), body, opts);
    }
    case 'editMessage':
      return api.updateMessage(item.payload.messageId, item.payload.body, opts);
    case 'deleteMessage':
      return api.deleteMessage(item.payload.messageId, opts);
    case 'setResolved': {
      const threadId = thread(item.payload.threadId);
      return item.payload.resolved ? api.resolveThread(threadId, opts) : api.unresolveThread(threadId, opts);
    }
    case 'deleteThread':
      return api.deleteThread(thread(item.payload.threadId), opts);
    case 'movePin':
      return api.movePin(thread(item.payload.threadId), item.payload.body, opts);
    // Uploads carry no key: each attempt asks for its own upload policy (so its own body), and a
    // file stored twice is only an orphan the server sweeps.
    case 'upload': {
      const { resourceType, resourceId, blob, name } = item.payload;
      return uploader.uploadFile({ resourceType, resourceId: thread(resourceId), file: blob, filename: name, signal: ctx.signal });
    }
    case 'screenshot': {
      const threadId = thread(item.payload.threadId);
      const { blob, width, height } = item.payload;
      return uploader
        .uploadScreenshot(threadId, { blob, width, height, signal: ctx.signal })
        .then((screenshot) => ({ threadId, screenshot }));
    }
  }
}
