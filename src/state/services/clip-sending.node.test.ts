/**
 * A new comment's screen recording is sent as `clipVideos`, not as an attachment: the clip's upload
 * (an outbox item the comment waited for) is swapped for the fileId it came back with, beside the
 * frame size recorded with it; attachments stay attachments; a clip whose upload left no result
 * stops the request rather than posting the comment without it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import type { CreateThreadRequest } from '../../api/wire';
import type { AnyOutboxItem, SendContext } from '../../outbox';
import type { SendKinds } from '../model/send-kinds';
import { sendRequest } from './send-requests';
import type { Uploader } from './uploads';

const body = { isImageThread: false, message: { ops: [{ insert: 'It flickers\n' }] } } as unknown as CreateThreadRequest;

function createThreadItem(payload: Partial<SendKinds['createThread']>): AnyOutboxItem<SendKinds> {
  return {
    id: 'item-1',
    kind: 'createThread',
    payload: { body, user: { userId: 'u1', name: 'Ada' }, at: 1, ...payload },
    idempotencyKey: 'key-1',
    lane: 'item-1',
    dependsOn: [],
    status: 'sending',
    attempts: 1,
  } as unknown as AnyOutboxItem<SendKinds>;
}

function send(item: AnyOutboxItem<SendKinds>, results: Record<string, unknown>) {
  const createThread = vi.fn(async (sent: CreateThreadRequest) => ({ id: 't-1', sent }));
  const api = { createThread } as unknown as ApiClient;
  const ctx: SendContext = { signal: new AbortController().signal, resultOf: (id) => results[id], attempt: 1 };
  return { result: sendRequest({ api, uploader: {} as Uploader }, item, ctx), createThread };
}

describe('a new comment with a screen recording', () => {
  it('names the uploaded clip in clipVideos with its frame, and its files in attachments', async () => {
    const item = createThreadItem({ uploads: ['file-upload'], clips: [{ upload: 'clip-upload', width: 1280, height: 720 }] });
    const { result, createThread } = send(item, { 'file-upload': { fileId: 'f-file' }, 'clip-upload': { fileId: 'f-clip' } });
    await result;
    const sent = createThread.mock.calls[0]![0];
    expect(sent.attachments).toEqual([{ fileId: 'f-file' }]);
    expect(sent.clipVideos).toEqual([{ fileId: 'f-clip', width: 1280, height: 720 }]);
  });

  it('keeps a clip uploaded before posting and adds none when there is no recording', async () => {
    const stored = { ...body, clipVideos: [{ fileId: 'f-early', width: 800, height: 600 }] };
    const { result, createThread } = send(createThreadItem({ body: stored }), {});
    await result;
    expect(createThread.mock.calls[0]![0].clipVideos).toEqual([{ fileId: 'f-early', width: 800, height: 600 }]);
    const plain = send(createThreadItem({}), {});
    await plain.result;
    expect(plain.createThread.mock.calls[0]![0].clipVideos).toBeUndefined();
  });

  it('never posts the comment without a clip whose upload has no result', () => {
    const item = createThreadItem({ clips: [{ upload: 'clip-upload', width: 1280, height: 720 }] });
    expect(() => send(item, {})).toThrow(/screen recording/);
  });
});
