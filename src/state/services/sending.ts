/**
 * Every change the reviewer makes goes through the persistent outbox (outbox/): new comments and
 * replies, edits, deletions, resolutions, moved pins, attachments and screenshots. Each shows at
 * once (send-view.ts, optimistic.ts, send-kinds.ts), waits in IndexedDB through failures, reloads and closed tabs, and is sent with a
 * stable Idempotency-Key so the server never applies it twice. Network errors, timeouts, 5xx and
 * 429 are retried; a 401 waits for the reviewer to sign in again; other refusals mark a comment
 * failed with Retry and Discard, and take any other change back with an explanation (an edit
 * reopens with its text). A lazy chunk, started once a reviewer is signed in.
 */
import type { ApiClient } from '../../api/client';
import type { CreateMessageRequest, CreateThreadRequest, MessageResponse, ThreadResponse, UploadCompleteResponse } from '../../api/wire';
import { createOutbox, type AnyOutboxItem, type Outbox, type OutboxError, type OutboxOptions } from '../../outbox';
import type { WidgetErrorCode } from '../model/error-codes';
import { widgetError } from '../model/errors';
import type { EmitFn } from '../model/events';
import { isLocalId, LOCAL_PREFIX, localIdOf, mergeOptimistic } from '../model/optimistic';
import { confirmChange, undoChange, type ChangeKind, type ClipUpload, type SendKinds } from '../model/send-kinds';
import { sendRequest } from './send-requests';
import { createSendView, toWidget } from './send-view';
import { editKey, NEW_THREAD, updateThread, type Store, type WidgetError } from '../model/store';
import { createUploader } from './uploads';

export type { SendKinds };
type Author = { userId: string; name: string };
type Item = AnyOutboxItem<SendKinds>;
type ChangeItem = Extract<Item, { kind: ChangeKind }>;

/** What the reviewer reads when the server refuses a change for good. */
const REFUSED: Record<ChangeKind, WidgetErrorCode> = {
  editMessage: 'edit_failed',
  deleteMessage: 'delete_failed',
  setResolved: 'resolve_failed',
  deleteThread: 'thread_delete_failed',
  movePin: 'move_failed',
};
const NOT_CHANGES = new Set<string>(['createThread', 'reply', 'upload', 'screenshot']);
const isChange = (item: Item): item is ChangeItem => !NOT_CHANGES.has(item.kind);
/** What a comment waits for: its thread when that is still being created, its attachments' uploads. */
const dependencies = (threadId: string | undefined, uploads: readonly string[] = []) => [
  ...(threadId && isLocalId(threadId) ? [threadId.slice(LOCAL_PREFIX.length)] : []),
  ...uploads,
];

export interface SendingDeps {
  store: Store;
  api: ApiClient;
  emit: EmitFn;
  report: (error: unknown, context: string) => WidgetError;
  markupId: string;
  user: Author;
  /** A 401 the silent renewal could not fix: ask the reviewer to sign in (then call `resume`). */
  onSignInNeeded(): void;
  /** Puts a discarded comment's text back in a composer, so nothing typed is lost. */
  restoreDraft(key: string, body: CreateMessageRequest | CreateThreadRequest): void;
  /** A confirmed edit's draft is no longer needed (until then it is what a refusal gives back). */
  clearDraft(key: string): void;
  /** Test seam: where the outbox keeps its items (default IndexedDB) and how it coordinates tabs. */
  outboxOptions?: Pick<OutboxOptions<SendKinds>, 'storage' | 'locks' | 'broadcast'>;
}

export type Sending = ReturnType<typeof createSending>;

export function createSending(deps: SendingDeps) {
  const { store, api, emit } = deps;
  const uploader = createUploader({ api });
  /** Server ids of threads created in this page's life, by local id (a late screenshot needs it). */
  const serverIds = new Map<string, string>();
  const view = createSendView(store, deps.markupId, serverIds);

  const outbox: Outbox<SendKinds> = createOutbox<SendKinds>({
    scope: `${deps.markupId}:${deps.user.userId}`,
    send: (item, ctx) => sendRequest({ api, uploader }, item, ctx),
    ...deps.outboxOptions,
  });
  const show = () => view(outbox.snapshot().items);

  /** The server refused a change for good: take it back and say why (an edit reopens with its text). */
  function refused(item: ChangeItem, error: OutboxError) {
    store.threads.value = undoChange(item.kind, item.payload, store.threads.peek());
    outbox.discard(item.id);
    const cause = toWidget(error)!;
    const problem: WidgetError = { ...widgetError(REFUSED[item.kind]), status: cause.status, cause };
    const here = store.openThreadId.peek() === item.payload.threadId;
    if (item.kind === 'editMessage' && here) store.editingMessage.value = item.payload.messageId;
    if (here && item.kind !== 'movePin') store.thread.error.value = problem;
    else store.notice.value = problem;
  }

  /** An attachment refused for good after its comment was posted: the comment goes back to its composer. */
  function uploadRefused(item: Extract<Item, { kind: 'upload' }>, error: OutboxError) {
    if (!outbox.list().some((other) => other.dependsOn.includes(item.id))) return; // its chip shows it
    discardItems(item.id);
    store.notice.value = { ...widgetError('attachment_failed', item.payload.name), cause: toWidget(error) };
  }

  function reconcile(item: Item, result: unknown) {
    const localId = localIdOf(item.id);
    switch (item.kind) {
      case 'upload': {
        const fileId = (result as UploadCompleteResponse | undefined)?.fileId;
        const list = store.attachments.peek()[item.payload.composer];
        if (fileId && list?.some((draft) => draft.id === item.id)) {
          const next = list.map((draft) =>
            draft.id === item.id ? { ...draft, status: 'uploaded' as const, fileId, error: undefined } : draft,
          );
          store.attachments.value = { ...store.attachments.peek(), [item.payload.composer]: next };
        }
        return;
      }
      case 'screenshot': {
        const { threadId, screenshot } = result as { threadId: string; screenshot: ThreadResponse['screenshot'] };
        if (screenshot) updateThread(store, threadId, (t) => ({ ...t, screenshot }));
        return;
      }
      case 'createThread': {
        const thread = result as ThreadResponse;
        if (!thread?.id) return;
        serverIds.set(localId, thread.id);
        store.threads.value = [...store.threads.peek().filter((t) => t.id !== localId && t.id !== thread.id), thread];
        if (store.openThreadId.peek() === localId) store.openThreadId.value = thread.id;
        emit('threadCreated', { thread });
        return;
      }
      case 'reply': {
        const message = result as MessageResponse;
        if (!message?.id) return;
        const threadId = message.threadId || item.payload.threadId;
        updateThread(store, threadId, (t) => {
          const rest = t.messages.filter((m) => m.id !== localId && m.id !== message.id);
          return { ...t, messages: [...rest, message], lastActivityAt: Math.max(t.lastActivityAt ?? 0, message.createdAt) };
        });
        emit('messageCreated', { threadId, message });
        return;
      }
      default:
        store.threads.value = confirmChange(item.kind, item.payload, result, store.threads.peek(), emit);
        if (item.kind === 'editMessage' || item.kind === 'deleteMessage') deps.clearDraft(editKey(item.payload.messageId));
    }
  }

  /** Removes an item and what depends on it: changes are taken back, comments go back to their composer. */
  function discardItems(id: string) {
    const items = outbox.list();
    for (const removed of outbox.discard(id)) {
      const item = items.find((i) => i.id === removed);
      if (!item || item.kind === 'upload' || item.kind === 'screenshot') continue;
      if (isChange(item)) {
        store.threads.value = undoChange(item.kind, item.payload, store.threads.peek());
        continue;
      }
      deps.restoreDraft(item.kind === 'createThread' ? NEW_THREAD : item.payload.threadId, item.payload.body);
      const gone = localIdOf(removed);
      store.threads.value = store.threads
        .peek()
        .filter((t) => t.id !== gone)
        .map((t) => (t.messages.some((m) => m.id === gone) ? { ...t, messages: t.messages.filter((m) => m.id !== gone) } : t));
      if (store.openThreadId.peek() === gone) store.openThreadId.value = null;
    }
    show();
  }

  const unsubscribe = [
    outbox.on('change', show),
    outbox.on('sent', ({ item, result }) => {
      reconcile(item, result);
      show();
    }),
    outbox.on('auth', () => deps.onSignInNeeded()),
    outbox.on('failed', ({ item, error }) => {
      deps.report({ code: error.code ?? 'send_failed', status: error.status ?? 0, message: error.message }, `send-${item.kind}`);
      if (isChange(item)) refused(item, error);
      else if (item.kind === 'upload') uploadRefused(item, error);
    }),
  ];
  void outbox.ready.then(show, () => {});

  return {
    /** Queues a new thread (after its attachments' `uploads` and `clips`); returns its local id (its pin shows at once). */
    postThread(body: CreateThreadRequest, uploads: string[] = [], clips: ClipUpload[] = []): string {
      // A lane of its own: a refused comment must not hold up the next ones.
      const item = outbox.enqueue(
        'createThread',
        { body, user: deps.user, at: Date.now(), uploads, ...(clips.length ? { clips } : {}) },
        { dependsOn: dependencies(undefined, [...uploads, ...clips.map((clip) => clip.upload)]) },
      );
      show();
      return localIdOf(item.id);
    },

    /** Queues a reply (after its thread when that is still being created, and its attachments). */
    postReply(threadId: string, body: CreateMessageRequest, uploads: string[] = []): string {
      const item = outbox.enqueue(
        'reply',
        { threadId, body, user: deps.user, at: Date.now(), uploads },
        { lane: `thread:${threadId}`, dependsOn: dependencies(threadId, uploads) },
      );
      show();
      return localIdOf(item.id);
    },

    /** Queues a file attached in `composer` (its chip follows the upload); returns the chip's id. */
    upload(payload: SendKinds['upload']): string {
      const item = outbox.enqueue('upload', payload, { dependsOn: dependencies(payload.resourceId) });
      return item.id;
    },

    /** A chip removed, or its comment posted without it: the upload is no longer wanted. */
    dropUpload(id: string): void {
      if (outbox.list().some((item) => item.id === id && item.status !== 'sending')) outbox.discard(id);
    },

    /** Queues a new thread's screenshot; it waits for the thread when that is still being created. */
    attachScreenshot(threadId: string, shot: { blob: Blob; width: number; height: number }): void {
      const known = serverIds.get(threadId) ?? threadId;
      outbox.enqueue('screenshot', { threadId: known, ...shot }, { dependsOn: dependencies(known) });
      show();
    },

    /** Uploads (screenshots, or one attachment) that failed or wait for a retry: now. */
    retryUploads(id?: string): void {
      for (const item of outbox.list()) {
        if ((id ? item.id === id : item.kind === 'screenshot') && (item.error || item.status === 'failed')) outbox.retry(item.id);
      }
    },

    /** Queues a change to an existing thread or message; it shows at once. */
    change<K extends ChangeKind>(kind: K, payload: SendKinds[K]): void {
      const { threadId } = payload;
      // Changes to one thread go in the order they were made (a reply, then resolving the thread).
      outbox.enqueue(kind, payload, { lane: `thread:${threadId}`, dependsOn: dependencies(threadId) });
      show();
    },

    retry(localId: string): void {
      outbox.retry(localId.slice(LOCAL_PREFIX.length));
    },

    /** Gives up sending a comment; its text goes back into its composer. */
    discard: (localId: string) => discardItems(localId.slice(LOCAL_PREFIX.length)),

    /** After signing in again: send what waited. */
    resume: () => outbox.resume(),

    /** The server's threads plus what is still waiting to be sent (after a reload of the list). */
    withUnsent: (threads: ThreadResponse[]) => mergeOptimistic(threads, store.optimistic.peek()),

    destroy(): void {
      for (const stop of unsubscribe) stop();
      outbox.destroy();
    },
  };
}
