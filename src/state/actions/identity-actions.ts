/**
 * The host's say over who reviews (`Pinmark.identify()` / `signOut()`): signing its user in after
 * start, switching users, signing out. What the widget shows belongs to one reviewer: threads
 * loaded with their token, their unsent comments, open panels. All of it is cleared when another
 * reviewer signs in or on sign-out. Their outbox is not: it stays in IndexedDB under their user id
 * (send-control.ts starts a sender per reviewer), so a queued comment is never sent as somebody
 * else and is still there when its author signs in again.
 */
import { batch } from '@preact/signals';
import type { Auth, HostTokenSource } from '../../auth/auth';
import type { Store } from '../model/store';

export interface IdentityDeps {
  store: Store;
  auth: Pick<Auth, 'identify' | 'signOut'>;
  /** Stops the reviewer's outbox sender (its queue stays stored). */
  stopSending(): void;
  /** What follows any sign-in: resume the outbox, load the threads, enter comment mode if asked. */
  afterSignIn(): Promise<void>;
  /** Leaves comment mode and closes every panel (drafts are kept). */
  closeEverything(): void;
}

export function createIdentityActions({ store, auth, stopSending, afterSignIn, closeEverything }: IdentityDeps) {
  /** The last reviewer signed in here, across an expired session (null after signOut). */
  let reviewer: string | null = null;

  /** Nothing of one reviewer's view stays on screen for the next (or for nobody). */
  function forgetReviewerView() {
    batch(() => {
      closeEverything();
      store.threads.value = [];
      store.threadsLoaded.value = false;
      store.optimistic.value = [];
      store.sending.value = {};
      store.mentionCandidates.value = null;
      store.editingMessage.value = null;
      store.messageTasks.value = {};
      store.diagnostics.value = {};
      store.lightbox.value = null;
      store.notice.value = null;
    });
  }

  return {
    /** Called for every session change to signed-in, before the store shows the new reviewer. */
    reviewerSignedIn(userId: string): void {
      if (reviewer !== null && reviewer !== userId) forgetReviewerView();
      reviewer = userId;
    },

    /**
     * Signs in with the host's token source (replacing any session); resolves with who is signed
     * in, rejects with the reason (nobody is signed in then, see auth.identify).
     */
    async identify(source: HostTokenSource): Promise<{ userId: string; name: string }> {
      await auth.identify(source);
      await afterSignIn();
      const session = store.session.peek();
      if (session.status !== 'signed-in') throw new Error('The session ended before the threads were loaded.');
      return { userId: session.userId, name: session.name };
    },

    /** Ends the session (emits `signedOut`); the reviewer's unsent comments wait in their outbox. */
    signOut(): void {
      stopSending();
      forgetReviewerView();
      reviewer = null;
      auth.signOut();
    },
  };
}
