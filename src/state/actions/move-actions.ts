/**
 * Moving a thread's pin to another spot (drag, or the keyboard). Optimistic: the thread takes its
 * new anchor at once, so the pin stays where it was dropped; when the server refuses, the old anchor
 * comes back and the reviewer reads why. Only where the thread's scopes allow `move-pin` (a thread
 * without a scopes list allows it).
 */
import { lazyModule } from '../../util/lazy-module';
import { widgetError } from '../model/errors';
import { allows } from '../model/helpers';
import type { Sending } from '../services/sending';
import type { ThreadActionDeps } from './thread-actions';

/** Moving needs what the other thread actions need, and the outbox the move is saved through. */
export interface MoveActionDeps extends ThreadActionDeps {
  sending: () => Promise<Sending>;
}

const saving = lazyModule(() => import('./move-save'));

export function createMoveActions(deps: MoveActionDeps) {
  const { store, owner, report } = deps;
  const find = (threadId: string) => store.threads.peek().find((thread) => thread.id === threadId);
  const setSaving = (threadId: string, busy: boolean) => {
    const next = new Set(store.savingPins.peek());
    if (busy) next.add(threadId);
    else next.delete(threadId);
    store.savingPins.value = next;
  };

  const actions = {
    /** Whether the reviewer may move this thread's pin now. */
    canMovePin(threadId: string): boolean {
      const thread = find(threadId);
      return !!thread && allows(thread, 'move-pin') && !store.savingPins.peek().has(threadId);
    },

    /** Keyboard move mode for a thread's pin (from the thread panel or Alt+arrow on a pin). */
    startPinMove(threadId: string): void {
      if (!actions.canMovePin(threadId)) return;
      store.openThreadId.value = null;
      store.thread.confirmingDelete.value = false;
      if (store.mode.peek() === 'viewing-thread') store.mode.value = 'idle';
      store.pinMove.value = threadId;
    },

    endPinMove(): void {
      store.pinMove.value = null;
    },

    /**
     * Re-anchors a thread's pin on `target` at the viewport point (clientX, clientY) and queues the
     * save (sending.ts). Resolves true when the move was queued; never rejects. The saving code loads on first
     * use, with the path builder it needs (visitors who never move a pin never download either).
     */
    async movePin(threadId: string, target: Element, clientX: number, clientY: number): Promise<boolean> {
      if (!actions.canMovePin(threadId)) return false;
      setSaving(threadId, true);
      try {
        const { savePinMove } = saving.loaded() ?? (await saving.load());
        return await savePinMove(deps, threadId, target, clientX, clientY);
      } catch (error) {
        if (!owner.isDestroyed) store.notice.value = { ...widgetError('move_failed'), cause: report(error, 'move-pin') };
        return false;
      } finally {
        setSaving(threadId, false);
      }
    },
  };
  return actions;
}
