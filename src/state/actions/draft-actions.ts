/**
 * Drafts of every composer, kept in the store and mirrored to storage on each change (drafts.ts),
 * so a reload or a crashed tab gives back what was typed: reply and edit texts wait in their boxes,
 * and a new comment comes back in its composer at its pin when the reviewer returns to that page.
 */
import type { Delta } from '../../api/wire';
import type { DraftStore } from '../model/drafts';
import { NEW_THREAD, type Store } from '../model/store';

export interface DraftActionDeps {
  store: Store;
  drafts: DraftStore;
}

export function createDraftActions({ store, drafts }: DraftActionDeps) {
  // What storage holds from earlier visits, back in the store at once (before any thread loads).
  store.drafts.value = Object.fromEntries([...drafts.all()].map(([key, draft]) => [key, draft.delta]));

  return {
    /** The signed-in reviewer changed (or signed out): their drafts, and only theirs, are in the store. */
    useOwner(userId: string | null): void {
      drafts.setOwner(userId);
      store.drafts.value = Object.fromEntries([...drafts.all()].map(([key, draft]) => [key, draft.delta]));
    },

    /** Keeps what was typed in `key`'s composer; the new comment's draft remembers its pin too. */
    setDraft(key: string, delta: Delta): void {
      store.drafts.value = { ...store.drafts.peek(), [key]: delta };
      const pin = key === NEW_THREAD ? store.pendingPin.peek() : null;
      drafts.write(key, { delta, savedAt: Date.now(), ...(pin ? { pin, canonicalUrl: pin.canonicalUrl } : {}) });
    },

    /** Forgets a draft: its post was confirmed by the server (or the reviewer discarded it). */
    clearDraft(key: string): void {
      if (!(key in store.drafts.peek())) return;
      const { [key]: _gone, ...rest } = store.drafts.peek();
      store.drafts.value = rest;
      drafts.remove(key);
    },

    /**
     * Reopens an unsent new comment at its pin when the reviewer is back on its page with nothing
     * else open. The screenshot is not restored (the page has moved on); "Add screenshot" takes one.
     */
    restoreComposer(): boolean {
      const saved = drafts.read(NEW_THREAD);
      if (!saved?.pin || store.mode.peek() !== 'idle' || store.readOnly.peek()) return false;
      if (saved.canonicalUrl !== store.page.peek().canonicalUrl) return false;
      store.pendingPin.value = saved.pin;
      store.mode.value = 'composing';
      return true;
    },

    /** The new comment's text stays when its composer is cancelled, but no longer at that pin. */
    detachComposerDraft(): void {
      const delta = store.drafts.peek()[NEW_THREAD];
      if (delta) drafts.write(NEW_THREAD, { delta, savedAt: Date.now() });
    },
  };
}

export type DraftActions = ReturnType<typeof createDraftActions>;
