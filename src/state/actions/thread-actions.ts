/**
 * What the reviewer does with an open thread: open and close it, resolve/reopen, delete it, see its
 * screenshot. Resolving and deleting go through the outbox (sending.ts); a refusal comes back in
 * the thread panel. Writing in a thread
 * (replies, edits) is message-actions.ts, in the reviewing chunk.
 */
import { ApiError } from '../../api/errors';
import type { Sending } from '../services/sending';
import type { ActionDeps } from './deps';
import { updateThread, type ThreadTask } from '../model/store';

/** What every group of actions works with (deps.ts). */
export type ThreadActionDeps = ActionDeps;

export interface OpenThreadDeps extends ThreadActionDeps {
  /** Starts loading the writing tools (a reviewer who opens a thread may reply). */
  preload: () => void;
  /** The outbox resolutions and deletions go through (sending.ts). */
  sending: () => Promise<Sending>;
}

export function createThreadActions(deps: OpenThreadDeps) {
  const { store, api, owner, report } = deps;

  async function task(name: ThreadTask, run: () => Promise<void>) {
    const { busy, error } = store.thread;
    if (busy.peek()) return;
    busy.value = name;
    error.value = null;
    try {
      await run();
    } catch (failure) {
      if (!owner.isDestroyed) error.value = report(failure, name);
    } finally {
      busy.value = null;
    }
  }

  /** Into the outbox (shown at once, sent when it can be, taken back with a reason if refused). */
  const queue = (name: ThreadTask, put: (sending: Sending) => void) =>
    task(name, async () => {
      const sending = await deps.sending();
      if (!owner.isDestroyed) put(sending);
    });

  const screenshotLoads = new Set<string>();

  const actions = {
    openThread(threadId: string): void {
      store.pendingPin.value = null;
      store.signInPanelOpen.value = false;
      store.thread.error.value = null;
      store.thread.confirmingDelete.value = false;
      store.openThreadId.value = threadId;
      store.mode.value = 'viewing-thread';
      deps.preload();
    },

    closeThread(): void {
      store.openThreadId.value = null;
      store.thread.confirmingDelete.value = false;
      store.thread.error.value = null;
      store.lightbox.value = null;
      if (store.mode.peek() === 'viewing-thread') store.mode.value = 'idle';
    },

    resolve: (threadId: string) => queue('resolve', (sending) => sending.change('setResolved', { threadId, resolved: true })),

    reopen: (threadId: string) => queue('resolve', (sending) => sending.change('setResolved', { threadId, resolved: false })),

    /**
     * Fetches a thread's screenshot when the list didn't carry one (other servers) or its signed
     * address expired (`refresh`). A thread without a screenshot answers 404: stored as null.
     */
    async loadScreenshot(threadId: string, refresh = false): Promise<void> {
      const thread = store.threads.peek().find((t) => t.id === threadId);
      if (!thread || (!refresh && thread.screenshot !== undefined) || screenshotLoads.has(threadId)) return;
      screenshotLoads.add(threadId);
      try {
        const screenshot = await api.getScreenshot(threadId);
        updateThread(store, threadId, (t) => ({ ...t, screenshot: screenshot ?? null }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) updateThread(store, threadId, (t) => ({ ...t, screenshot: null }));
        else if (!owner.isDestroyed) report(error, 'screenshot');
      } finally {
        screenshotLoads.delete(threadId);
      }
    },

    viewImage(url: string, label: string): void {
      store.lightbox.value = { url, label };
    },

    closeImage(): void {
      store.lightbox.value = null;
    },

    askDelete(ask: boolean): void {
      store.thread.confirmingDelete.value = ask;
    },

    /** The thread goes at once (its panel closes) and comes back if the server refuses. */
    deleteThread(threadId: string): Promise<void> {
      const threads = store.threads.peek();
      const index = threads.findIndex((t) => t.id === threadId);
      if (index < 0) return Promise.resolve();
      return queue('delete', (sending) => {
        sending.change('deleteThread', { threadId, removed: threads[index]!, index });
        if (store.openThreadId.peek() === threadId) actions.closeThread();
      });
    },
  };
  return actions;
}
