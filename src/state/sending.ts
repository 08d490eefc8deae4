/**
 * New comments and replies go through the persistent outbox (outbox/): they show at once (see
 * optimistic.ts), wait in IndexedDB through failures, reloads and closed tabs, and are sent with a
 * stable Idempotency-Key so the server never stores one twice. Network errors, timeouts, 5xx and
 * 429 are retried; other refusals mark the comment failed with Retry and Discard; a 401 waits for
 * the reviewer to sign in again. A lazy chunk, started once a reviewer is signed in.
 */
import type { ApiClient } from '../api/client';
import type { CreateMessageRequest, CreateThreadRequest, MessageResponse, ThreadResponse } from '../api/wire';
import { createOutbox, type AnyOutboxItem, type Outbox, type OutboxError } from '../outbox';
import { widgetError } from './errors';
import type { EmitFn } from './events';
import { isLocalId, LOCAL_PREFIX, localIdOf, localMessage, localThread, mergeOptimistic, type OptimisticEntry } from './optimistic';
import { NEW_THREAD, updateThread, type Store, type WidgetError } from './store';

type Author = { userId: string; name: string };
export interface SendKinds {
  createThread: { body: CreateThreadRequest; user: Author; at: number };
  reply: { threadId: string; body: CreateMessageRequest; user: Author; at: number };
}
type Item = AnyOutboxItem<SendKinds>;

export interface SendingDeps {
  store: Store;
  api: ApiClient;
  emit: EmitFn;
  report: (error: unknown, context: string) => WidgetError;
  authed: <T>(call: () => Promise<T>) => Promise<T>;
  markupId: string;
  user: Author;
  /** A 401 the silent renewal could not fix: ask the reviewer to sign in (then call `resume`). */
  onSignInNeeded(): void;
  /** Puts a discarded comment's text back in a composer, so nothing typed is lost. */
  restoreDraft(key: string, body: CreateMessageRequest | CreateThreadRequest): void;
}

export type Sending = ReturnType<typeof createSending>;

export function createSending(deps: SendingDeps) {
  const { store, api, emit, authed } = deps;
  const waiting = new Map<string, (thread: ThreadResponse) => void>();
  const created = new Map<string, Promise<ThreadResponse>>();

  const outbox: Outbox<SendKinds> = createOutbox<SendKinds>({
    scope: `${deps.markupId}:${deps.user.userId}`,
    async send(item, ctx) {
      const opts = { idempotencyKey: item.idempotencyKey, signal: ctx.signal };
      if (item.kind === 'createThread') return authed(() => api.createThread(item.payload.body, opts));
      const threadId = serverIdOf(item.payload.threadId, ctx.resultOf);
      return authed(() => api.createMessage(threadId, item.payload.body, opts));
    },
  });

  function serverIdOf(threadId: string, resultOf: (id: string) => unknown): string {
    if (!isLocalId(threadId)) return threadId;
    const thread = resultOf(threadId.slice(LOCAL_PREFIX.length)) as ThreadResponse | undefined;
    if (!thread?.id) throw new Error('The thread this reply belongs to was not created.');
    return thread.id;
  }

  function entryOf(item: Item): OptimisticEntry {
    const localId = localIdOf(item.id);
    if (item.kind === 'createThread') {
      const { body, user, at } = item.payload;
      return { kind: 'thread', localId, thread: localThread(localId, body, user, at, deps.markupId) };
    }
    const { threadId, body, user, at } = item.payload;
    return { kind: 'reply', localId, threadId, message: localMessage(localId, threadId, body, user, at) };
  }

  const toWidget = (error: OutboxError | undefined): WidgetError | undefined =>
    error ? { code: error.code ?? 'send_failed', status: error.status ?? 0, message: error.message } : undefined;

  function show() {
    const snapshot = outbox.snapshot();
    store.sending.value = Object.fromEntries(
      snapshot.items.map((item) => [localIdOf(item.id), { status: item.status, error: toWidget(item.error) }]),
    );
    store.optimistic.value = snapshot.items.map(entryOf);
    store.threads.value = mergeOptimistic(store.threads.peek(), store.optimistic.peek());
  }

  function reconcile(item: Item, result: unknown) {
    const localId = localIdOf(item.id);
    if (item.kind === 'createThread') {
      const thread = result as ThreadResponse;
      if (!thread?.id) return;
      store.threads.value = [...store.threads.peek().filter((t) => t.id !== localId && t.id !== thread.id), thread];
      if (store.openThreadId.peek() === localId) store.openThreadId.value = thread.id;
      waiting.get(localId)?.(thread);
      waiting.delete(localId);
      emit('threadCreated', { thread });
      return;
    }
    const message = result as MessageResponse;
    if (!message?.id) return;
    const threadId = message.threadId || item.payload.threadId;
    updateThread(store, threadId, (t) => {
      const rest = t.messages.filter((m) => m.id !== localId && m.id !== message.id);
      return { ...t, messages: [...rest, message], lastActivityAt: Math.max(t.lastActivityAt ?? 0, message.createdAt) };
    });
    emit('messageCreated', { threadId, message });
  }

  const unsubscribe = [
    outbox.on('change', show),
    outbox.on('sent', ({ item, result }) => {
      reconcile(item, result);
      show();
    }),
    outbox.on('auth', () => deps.onSignInNeeded()),
    outbox.on('failed', ({ item, error }) => deps.report({ ...widgetError(error.code ?? 'send_failed', error.message), status: error.status ?? 0 }, `send-${item.kind}`)),
  ];
  void outbox.ready.then(show, () => {});

  return {
    /** Queues a new thread; returns its local id (its pin shows at once). */
    postThread(body: CreateThreadRequest): string {
      // A lane of its own: a refused comment must not hold up the next ones.
      const item = outbox.enqueue('createThread', { body, user: deps.user, at: Date.now() });
      const localId = localIdOf(item.id);
      created.set(localId, new Promise((resolve) => waiting.set(localId, resolve)));
      show();
      return localId;
    },

    /** The created thread once the server has it (for the screenshot, which needs its id). */
    threadCreated(localId: string): Promise<ThreadResponse> | undefined {
      return created.get(localId);
    },

    /** Queues a reply (after its thread when that is still being created). */
    postReply(threadId: string, body: CreateMessageRequest): string {
      const dependsOn = isLocalId(threadId) ? threadId.slice(LOCAL_PREFIX.length) : undefined;
      const item = outbox.enqueue('reply', { threadId, body, user: deps.user, at: Date.now() }, { lane: `thread:${threadId}`, ...(dependsOn ? { dependsOn } : {}) });
      show();
      return localIdOf(item.id);
    },

    retry(localId: string): void {
      outbox.retry(localId.slice(LOCAL_PREFIX.length));
    },

    /** Gives up sending; the text goes back into its composer. */
    discard(localId: string): void {
      const items = outbox.list();
      const removed = outbox.discard(localId.slice(LOCAL_PREFIX.length));
      for (const id of removed) {
        const item = items.find((i) => i.id === id);
        if (!item) continue;
        deps.restoreDraft(item.kind === 'createThread' ? NEW_THREAD : item.payload.threadId, item.payload.body);
        const gone = localIdOf(id);
        store.threads.value = store.threads
          .peek()
          .filter((t) => t.id !== gone)
          .map((t) => (t.messages.some((m) => m.id === gone) ? { ...t, messages: t.messages.filter((m) => m.id !== gone) } : t));
        if (store.openThreadId.peek() === gone) store.openThreadId.value = null;
      }
      show();
    },

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
