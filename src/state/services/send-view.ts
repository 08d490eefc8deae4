/**
 * What the outbox's queue looks like in the store (sending.ts calls `show` on every change): the
 * status of unsent comments, their optimistic threads and messages, edits and deletions in flight,
 * moved pins being saved, screenshots uploading, and the attachment chips of each composer — which
 * come back from the queue after a reload, so a file attached before a crash is not lost.
 */
import type { AnyOutboxItem, OutboxError } from '../../outbox';
import type { AttachmentDraft } from '../model/shapes';
import { widgetError } from '../model/errors';
import { localIdOf, localMessage, localThread, mergeOptimistic, type OptimisticEntry } from '../model/optimistic';
import { NO_COMPOSER, type SendKinds } from '../model/send-kinds';
import type { Store, WidgetError } from '../model/store';

type Item = AnyOutboxItem<SendKinds>;

export const toWidget = (error: OutboxError | undefined): WidgetError | undefined =>
  error ? { code: error.code ?? 'send_failed', status: error.status ?? 0, message: error.message } : undefined;

export function createSendView(store: Store, markupId: string, serverIds: ReadonlyMap<string, string>) {
  /** Screenshots whose upload failed at least once: the reviewer was told (once) and may retry now. */
  const toldAboutScreenshot = new Set<string>();
  // Pins being moved by the reviewer right now (move-actions.ts) plus those whose move is queued.
  let queuedMoves = new Set<string>();

  function entryOf(item: Item): OptimisticEntry[] {
    const localId = localIdOf(item.id);
    switch (item.kind) {
      case 'createThread': {
        const { body, user, at } = item.payload;
        return [{ kind: 'thread', localId, thread: localThread(localId, body, user, at, markupId) }];
      }
      case 'reply': {
        const { threadId, body, user, at } = item.payload;
        return [{ kind: 'reply', localId, threadId, message: localMessage(localId, threadId, body, user, at) }];
      }
      case 'upload':
      case 'screenshot':
        return [];
      default:
        return [{ kind: 'change', change: item.kind, payload: item.payload } as OptimisticEntry];
    }
  }

  function showScreenshots(items: Item[]) {
    const uploads: Store['screenshotUploads']['value'] = {};
    for (const item of items) {
      if (item.kind !== 'screenshot') continue;
      const threadId = serverIds.get(item.payload.threadId) ?? item.payload.threadId;
      const error = toWidget(item.error);
      uploads[threadId] = error ? { status: 'failed', error } : { status: 'uploading' };
      if (error && !toldAboutScreenshot.has(item.id)) {
        toldAboutScreenshot.add(item.id);
        store.notice.value = { ...widgetError('screenshot_upload_failed', error.message), cause: error };
      }
    }
    store.screenshotUploads.value = uploads;
  }

  /** Chips follow their upload; uploads no comment took yet come back to their composer after a reload. */
  function showAttachments(items: Item[]) {
    const taken = new Set(
      items.flatMap((item) => {
        if (item.kind === 'createThread')
          return [...(item.payload.uploads ?? []), ...(item.payload.clips ?? []).map((clip) => clip.upload)];
        return item.kind === 'reply' ? (item.payload.uploads ?? []) : [];
      }),
    );
    const uploads = items.filter((item): item is Extract<Item, { kind: 'upload' }> => item.kind === 'upload');
    const byId = new Map(uploads.map((item) => [item.id, item]));
    const lists: Record<string, AttachmentDraft[]> = {};
    let changed = false;
    for (const [composer, list] of Object.entries(store.attachments.peek())) {
      lists[composer] = list.map((draft) => {
        const item = byId.get(draft.id);
        if (!item) return draft;
        const error = toWidget(item.error);
        const status = item.status === 'failed' ? 'failed' : 'uploading';
        if (draft.status === status && draft.error?.message === error?.message) return draft;
        changed = true;
        return { ...draft, status, error: status === 'failed' ? error : undefined };
      });
    }
    const shown = new Set(Object.values(lists).flatMap((list) => list.map((draft) => draft.id)));
    for (const item of uploads) {
      if (shown.has(item.id) || taken.has(item.id) || item.payload.composer === NO_COMPOSER) continue;
      const { composer, name, size, type, width, height } = item.payload;
      (lists[composer] ??= []).push({
        id: item.id,
        name,
        size,
        type,
        ...(width && height ? { width, height } : {}),
        status: item.status === 'failed' ? 'failed' : 'uploading',
        error: toWidget(item.error),
      });
      changed = true;
    }
    if (changed) store.attachments.value = lists;
  }

  return function show(items: Item[]): void {
    store.sending.value = Object.fromEntries(
      items.flatMap((item) =>
        item.kind === 'createThread' || item.kind === 'reply'
          ? [[localIdOf(item.id), { status: item.status, error: toWidget(item.error) }]]
          : [],
      ),
    );
    store.optimistic.value = items.flatMap(entryOf);
    store.threads.value = mergeOptimistic(store.threads.peek(), store.optimistic.peek());
    showScreenshots(items);
    showAttachments(items);
    const tasks: Record<string, 'saving' | 'deleting'> = {};
    const moves = new Set<string>();
    for (const item of items) {
      if (item.kind === 'editMessage') tasks[item.payload.messageId] = 'saving';
      if (item.kind === 'deleteMessage') tasks[item.payload.messageId] = 'deleting';
      if (item.kind === 'movePin') moves.add(item.payload.threadId);
    }
    store.messageTasks.value = tasks;
    const busy = new Set([...store.savingPins.peek()].filter((id) => !queuedMoves.has(id)));
    queuedMoves = moves;
    store.savingPins.value = new Set([...busy, ...moves]);
  };
}
