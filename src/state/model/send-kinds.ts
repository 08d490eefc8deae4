/**
 * Every kind of change a reviewer makes goes through the outbox (sending.ts). This file says, per
 * kind, three things the outbox itself cannot know:
 *  - `show`: how the change looks before the server confirmed it — an idempotent edit of the thread
 *    list, applied again after every reload of the list, so a queued edit survives reloads too;
 *  - `sent`: what the server's answer changes, and which host event it is;
 *  - `undo`: how it is taken back when the server refuses it for good (the reviewer is told why).
 * New threads and replies are not here: they are whole local objects (optimistic.ts); nor are
 * uploads, which show as attachment chips and "uploading" screenshots (sending.ts).
 */
import type {
  CreateMessageRequest,
  CreateThreadRequest,
  MessageResponse,
  MovePinRequest,
  ThreadResponse,
  UpdateMessageRequest,
  UploadResourceType,
} from '../../api/wire';
import type { EmitFn } from './events';

type Author = { userId: string; name: string };

/** Where a pin is: the part of a thread a move changes. */
export type PinGeometry = Pick<
  ThreadResponse,
  'elements' | 'parents' | 'offsetXPercentage' | 'offsetYPercentage' | 'originalUrl' | 'proxyUrl'
>;

/** A screen recording a comment carries as a clip, by the outbox id of its upload (which it waits for). */
export interface ClipUpload {
  upload: string;
  width: number;
  height: number;
}

export interface SendKinds {
  /** `uploads`: outbox ids of attachments still uploading when the comment was posted; `clips`: of its clips. */
  createThread: { body: CreateThreadRequest; user: Author; at: number; uploads?: string[]; clips?: ClipUpload[] };
  reply: { threadId: string; body: CreateMessageRequest; user: Author; at: number; uploads?: string[] };
  editMessage: { threadId: string; messageId: string; body: UpdateMessageRequest; before: MessageResponse; at: number };
  deleteMessage: { threadId: string; messageId: string; removed: MessageResponse; index: number };
  setResolved: { threadId: string; resolved: boolean };
  deleteThread: { threadId: string; removed: ThreadResponse; index: number };
  movePin: { threadId: string; body: MovePinRequest; after: PinGeometry; before: PinGeometry };
  /**
   * A file attached in a composer (`composer`: its draft key), uploaded from IndexedDB; the comment
   * it belongs to waits for it. `resourceId` is the markup, or a thread (maybe still local).
   */
  upload: {
    composer: string;
    name: string;
    type: string;
    size: number;
    blob: Blob;
    resourceType: UploadResourceType;
    resourceId: string;
    /** A screen recording's frame (clips only), kept so a clip restored after a reload can still be sent. */
    width?: number;
    height?: number;
  };
  /** A new thread's screenshot: the image waits in IndexedDB as a Blob until it is uploaded. */
  screenshot: { threadId: string; blob: Blob; width: number; height: number };
}

/** The `composer` of an upload no composer shows (the QA diagnostics file): it never becomes a chip. */
export const NO_COMPOSER = '';

/** The kinds that change something that already exists on the server. */
export type ChangeKind = Exclude<keyof SendKinds, 'createThread' | 'reply' | 'upload' | 'screenshot'>;

type Threads = ThreadResponse[];
const mapThread = (threads: Threads, threadId: string, change: (t: ThreadResponse) => ThreadResponse): Threads =>
  threads.some((t) => t.id === threadId) ? threads.map((t) => (t.id === threadId ? change(t) : t)) : threads;
const mapMessages = (threads: Threads, threadId: string, change: (m: MessageResponse[]) => MessageResponse[]): Threads =>
  mapThread(threads, threadId, (t) => ({ ...t, messages: change(t.messages ?? []) }));

function edited(message: MessageResponse, body: UpdateMessageRequest, at: number): MessageResponse {
  const content = body.content ?? message.content;
  return {
    ...message,
    messageJson: body.message ?? message.messageJson,
    message: content,
    content,
    mentionIds: body.mentionIds ?? message.mentionIds,
    modifiedAt: Math.max(at, message.createdAt + 1),
  };
}

/** Each kind's optimistic look: idempotent (applying it twice changes nothing more). */
export function showChange<K extends ChangeKind>(kind: K, payload: SendKinds[K], threads: Threads): Threads {
  switch (kind) {
    case 'editMessage': {
      const p = payload as SendKinds['editMessage'];
      return mapMessages(threads, p.threadId, (ms) => ms.map((m) => (m.id === p.messageId ? edited(m, p.body, p.at) : m)));
    }
    case 'deleteMessage': {
      const p = payload as SendKinds['deleteMessage'];
      return mapMessages(threads, p.threadId, (ms) => (ms.some((m) => m.id === p.messageId) ? ms.filter((m) => m.id !== p.messageId) : ms));
    }
    case 'setResolved': {
      const p = payload as SendKinds['setResolved'];
      return mapThread(threads, p.threadId, (t) => (t.resolved === p.resolved ? t : { ...t, resolved: p.resolved }));
    }
    case 'deleteThread': {
      const p = payload as SendKinds['deleteThread'];
      return threads.some((t) => t.id === p.threadId) ? threads.filter((t) => t.id !== p.threadId) : threads;
    }
    case 'movePin': {
      const p = payload as SendKinds['movePin'];
      return mapThread(threads, p.threadId, (t) => ({ ...t, ...p.after }));
    }
  }
  return threads;
}

/** Takes a refused change back, where the thread list still shows it. */
export function undoChange<K extends ChangeKind>(kind: K, payload: SendKinds[K], threads: Threads): Threads {
  switch (kind) {
    case 'editMessage': {
      const p = payload as SendKinds['editMessage'];
      return mapMessages(threads, p.threadId, (ms) => ms.map((m) => (m.id === p.messageId ? p.before : m)));
    }
    case 'deleteMessage': {
      const p = payload as SendKinds['deleteMessage'];
      return mapMessages(threads, p.threadId, (ms) => {
        if (ms.some((m) => m.id === p.messageId)) return ms;
        const next = [...ms];
        next.splice(Math.min(p.index, next.length), 0, p.removed);
        return next;
      });
    }
    case 'setResolved': {
      const p = payload as SendKinds['setResolved'];
      return mapThread(threads, p.threadId, (t) => ({ ...t, resolved: !p.resolved }));
    }
    case 'deleteThread': {
      const p = payload as SendKinds['deleteThread'];
      if (threads.some((t) => t.id === p.threadId)) return threads;
      const next = [...threads];
      next.splice(Math.min(p.index, next.length), 0, p.removed);
      return next;
    }
    case 'movePin': {
      const p = payload as SendKinds['movePin'];
      return mapThread(threads, p.threadId, (t) => ({ ...t, ...p.before }));
    }
  }
  return threads;
}

/** The server's answer into the list, and the host's event for it. */
export function confirmChange<K extends ChangeKind>(
  kind: K,
  payload: SendKinds[K],
  result: unknown,
  threads: Threads,
  emit: EmitFn,
): Threads {
  switch (kind) {
    case 'editMessage': {
      const p = payload as SendKinds['editMessage'];
      const saved =
        result && typeof result === 'object' && (result as MessageResponse).id === p.messageId ? (result as MessageResponse) : undefined;
      const next = saved
        ? mapMessages(threads, p.threadId, (ms) => ms.map((m) => (m.id === p.messageId ? { ...m, ...saved } : m)))
        : threads;
      const shown = next.find((t) => t.id === p.threadId)?.messages?.find((m) => m.id === p.messageId);
      emit('messageUpdated', { threadId: p.threadId, message: shown ?? saved ?? edited(p.before, p.body, p.at) });
      return next;
    }
    case 'deleteMessage': {
      const p = payload as SendKinds['deleteMessage'];
      emit('messageDeleted', { threadId: p.threadId, messageId: p.messageId });
      return threads;
    }
    case 'setResolved': {
      const p = payload as SendKinds['setResolved'];
      const modifiedAt = (result as { modifiedAt?: number } | undefined)?.modifiedAt;
      emit(p.resolved ? 'threadResolved' : 'threadReopened', { threadId: p.threadId });
      return typeof modifiedAt === 'number' ? mapThread(threads, p.threadId, (t) => ({ ...t, modifiedAt })) : threads;
    }
    case 'deleteThread': {
      emit('threadDeleted', { threadId: (payload as SendKinds['deleteThread']).threadId });
      return threads;
    }
    case 'movePin': {
      const p = payload as SendKinds['movePin'];
      const moved = threads.find((t) => t.id === p.threadId);
      if (moved) emit('threadMoved', { threadId: p.threadId, thread: moved });
      return threads;
    }
  }
  return threads;
}

/** The thread a change belongs to (its lane: changes to one thread go in the order they were made). */
export const threadOfChange = (payload: SendKinds[ChangeKind]): string => payload.threadId;
