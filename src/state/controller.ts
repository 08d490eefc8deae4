/**
 * The widget's behaviour: every change to the store happens here, in response to the UI or to the
 * session changing. Calls out to api, auth, anchor, capture and delta; never to the UI.
 * No action throws: failures become WidgetErrors in the store (the UI explains them), an `error`
 * event and one console.warn. What the reviewer typed stays in the store until it is posted.
 */
import type { ApiClient } from '../api/client';
import { createAuth, type AuthOptions, type AuthState } from '../auth/auth';
import { SignInError } from '../auth/popup-sign-in';
import type { ListenerCollection } from '../util/listener-collection';
import { toWidgetError, widgetError } from './model/errors';
import type { EmitFn } from './model/events';
import type { DiagnosticsSource } from './actions/deps';
import type { ControllerConfig } from './model/config';
import { capturing, describing } from './actions/lazy-parts';
import { createDraftActions } from './actions/draft-actions';
import { createDraftStore } from './model/drafts';
import { createSendControl } from './services/send-control';
import { createIdentityActions } from './actions/identity-actions';
import { createGuestActions } from './actions/guest-actions';
import { createMoveActions } from './actions/move-actions';
import { createPageActions } from './actions/page-actions';
import { createStore, type WidgetError } from './model/store';
import { createThreadActions } from './actions/thread-actions';
import { createWritingTools, type WritingActions } from './actions/writing-tools';
import { createOriginCheck } from './services/origin-check';
import { startLiveRefreshWhenSignedIn } from './services/live-refresh-start';

export type { ControllerConfig } from './model/config';

export interface ControllerDeps {
  config: ControllerConfig;
  /** A client without a session: auth's exchanges use it; the controller adds the session (withCredential). */
  api: ApiClient;
  owner: ListenerCollection;
  emit: EmitFn;
  /** Emits `error` and warns once; returns what the UI should show. */
  report: (error: unknown, context: string) => WidgetError;
  /** The page's diagnostics, when the host consented. */
  diagnostics?: DiagnosticsSource | null;
  /** Test seams for the popup flow. */
  authSeams?: Pick<AuthOptions, 'openWindow' | 'pollIntervalMs'>;
}

export type Controller = ReturnType<typeof createController>;
export type Actions = Controller['actions'];

/** A launcher click this soon after comment mode was entered for the reviewer doesn't leave it. */
const AUTO_ENTER_GRACE_MS = 600;

export function createController({ config, api: signedOutApi, owner, emit, report, authSeams, diagnostics }: ControllerDeps) {
  const store = createStore(config.viewModeBreakpoints);
  const drafts = createDraftActions({ store, drafts: createDraftStore(config.publicKey, config.markupId) });
  const auth = createAuth({ ...config, ...authSeams, api: signedOutApi, owner, onChange: onAuthChange });
  // Every other request carries the session, which the client renews itself on a 401.
  const api = signedOutApi.withCredential(auth);
  const isDestroyed = () => owner.isDestroyed;
  const guest = createGuestActions({ ...config, store, api: signedOutApi, auth, report, afterSignIn, isDestroyed });
  const checkOrigin = createOriginCheck({
    api,
    publicKey: config.publicKey,
    origin: window.location.origin,
    report,
    refused: (problem) => (store.signInError.value = problem),
    guests: guest.guestsAllowed,
  });
  const identity = createIdentityActions({ store, auth, stopSending: () => sendControl.stop(), afterSignIn, closeEverything });
  /** The reviewer asked to comment before being signed in: enter comment mode once they are. */
  let commentWhenSignedIn = false;
  /** When comment mode was entered on the reviewer's behalf (see toggle). */
  let autoEnteredAt = -Infinity;

  function onAuthChange(next: AuthState) {
    const previous = store.session.peek();
    if (next.status === 'signed-in') {
      const { userId, name } = next.session;
      identity.reviewerSignedIn(userId);
      drafts.useOwner(userId);
      store.session.value = { status: 'signed-in', userId, name };
      if (previous.status !== 'signed-in' || previous.userId !== userId) emit('signedIn', { userId, name });
    } else if (next.status === 'signing-in') {
      store.session.value = { status: 'signing-in' };
    } else {
      store.session.value = { status: 'signed-out', expired: !!next.expired };
      // An expired session keeps its drafts on screen (the reviewer signs in again to send them).
      if (!next.expired) drafts.useOwner(null);
      if (store.mode.peek() === 'commenting') store.mode.value = 'idle';
      if (next.expired) store.notice.value = widgetError('session_expired');
      if (previous.status !== 'signed-out') emit('signedOut', { expired: !!next.expired });
    }
  }

  async function load(): Promise<void> {
    const { markupId } = config;
    try {
      const [markup, threads, viewModes] = await Promise.all([
        api.getMarkup(markupId),
        api.listAllThreads({ markupId, limit: 100 }),
        api.getViewModes(markupId).catch(() => undefined),
      ]);
      store.markup.value = markup ?? null;
      // Comments still in the outbox stay on screen through a reload of the list.
      store.threads.value = sendControl.current()?.withUnsent(threads) ?? threads;
      store.viewModes.value = viewModes ?? [];
      store.threadsLoaded.value = true;
      if (store.notice.peek()?.code === 'load_failed') store.notice.value = null;
      if (drafts.restoreComposer()) preloadWriting();
    } catch (error) {
      if (owner.isDestroyed) return;
      const problem = report(error, 'load');
      store.notice.value = { ...problem, code: problem.status === 401 ? 'session_expired' : 'load_failed' };
    }
  }

  async function afterSignIn() {
    const wantsToComment = commentWhenSignedIn || store.signInPanelOpen.peek();
    commentWhenSignedIn = false;
    store.signInError.value = null;
    if (store.notice.peek()?.code === 'session_expired') store.notice.value = null;
    sendControl.resume();
    store.signInPanelOpen.value = false;
    // Enter comment mode right away (not after loading), so it happens when the reviewer expects it.
    if (wantsToComment && store.mode.peek() === 'idle' && !store.readOnly.peek()) {
      startCommenting();
      autoEnteredAt = performance.now();
    }
    await load();
    if (store.readOnly.peek() && store.mode.peek() === 'commenting') {
      store.mode.value = 'idle';
      store.notice.value = widgetError('comments_paused');
    }
  }

  /** Comment mode; the code that describes a clicked element loads meanwhile (a click needs it). */
  function startCommenting() {
    store.mode.value = 'commenting';
    preloadWriting();
    describing.load().catch(() => {
      /* placePin loads it again and reports a failure */
    });
    // Posting needs the browser context: fetched now, so a comment can be queued offline later.
    capturing.load().catch(() => {
      /* createThread falls back to what it can read without it */
    });
  }

  function closeEverything() {
    commentWhenSignedIn = false;
    store.mode.value = 'idle';
    if (store.pendingPin.peek()) drafts.detachComposerDraft();
    store.pendingPin.value = null;
    store.openThreadId.value = null;
    store.signInPanelOpen.value = false;
    store.thread.confirmingDelete.value = false;
    store.pinMove.value = null;
  }

  /** What every group of actions works with. */
  const base = { store, api, owner, emit, report };
  const sendControl = createSendControl({ ...base, markupId: config.markupId, drafts });
  if (config.liveRefresh !== false) {
    startLiveRefreshWhenSignedIn({
      store,
      owner,
      report,
      config: config.liveRefresh,
      fetchThreads: (signal) => api.listAllThreads({ markupId: config.markupId, limit: 100 }, signal),
    });
  }

  const writing = createWritingTools({
    ...base,
    markupId: config.markupId,
    breakpoints: config.viewModeBreakpoints,
    screenshot: config.screenshot ?? {},
    diagnostics,
    reload: load,
    drafts,
    sending: sendControl.sending,
    partFailed,
  });
  const preloadWriting = writing.preload;
  function partFailed(error: unknown) {
    if (!owner.isDestroyed) store.notice.value = { ...report(error, 'load-ui'), code: 'network_error' };
  }

  const ownActions = {
    /** Restores or silently creates a session, loads the markup's threads, then emits `ready`. */
    async start(): Promise<void> {
      if (auth.restore()) {
        await load();
      } else if (auth.canRenewSilently) {
        try {
          // false: a host's identify()/signOut() came meanwhile and does its own follow-up.
          if (await auth.signInSilently()) await afterSignIn();
        } catch (error) {
          if (!owner.isDestroyed) store.signInError.value = report(error, 'sign-in');
        }
      }
      if (!owner.isDestroyed) emit('ready', { signedIn: store.session.peek().status === 'signed-in' });
    },

    reload: load,

    /** Sign in (popup, or the host's token when it gave one). Call synchronously from a click. */
    signIn(): void {
      store.signInError.value = null;
      const failed = (error: unknown) => {
        if (owner.isDestroyed || (error instanceof SignInError && error.kind === 'cancelled')) return;
        store.signInError.value = error instanceof SignInError ? toWidgetError(error) : report(error, 'sign-in');
      };
      if (auth.canRenewSilently) {
        auth.signInSilently().then((ok) => (ok ? afterSignIn() : undefined), failed);
        return;
      }
      const outcome = auth.signInWithPopup();
      if (outcome === 'blocked') {
        store.signInError.value = widgetError('popup_blocked');
        return;
      }
      outcome.then(afterSignIn, failed);
    },

    cancelSignIn(): void {
      auth.cancelSignIn();
    },

    /** The host's sign-in and sign-out (`Pinmark.identify` / `signOut`), see identity-actions.ts. */
    identify: identity.identify,
    signOut: identity.signOut,

    /** Comment mode, or the sign-in panel when signed out. */
    open(): void {
      if (store.session.peek().status !== 'signed-in') {
        if (store.mode.peek() !== 'composing') store.mode.value = 'idle';
        store.signInPanelOpen.value = true;
        commentWhenSignedIn = true;
        // The popup's sign-in needs this origin allowed (a host's own token does not ask).
        if (!auth.canRenewSilently) checkOrigin();
        return;
      }
      if (store.readOnly.peek()) {
        store.notice.value = widgetError('comments_paused');
        return;
      }
      closeEverything();
      startCommenting();
    },

    close: closeEverything,

    /** The launcher: toggles comment mode (or the sign-in panel when signed out). */
    toggle(): void {
      if (store.mode.peek() === 'commenting') {
        // A click racing the automatic entry into comment mode (sign-in just finished) means
        // "comment", not "stop": don't undo what the reviewer is asking for.
        if (performance.now() - autoEnteredAt > AUTO_ENTER_GRACE_MS) store.mode.value = 'idle';
        return;
      }
      if (store.session.peek().status === 'signed-out' && store.signInPanelOpen.peek()) {
        closeEverything();
        return;
      }
      // Signed in: comment mode. Signed out: the sign-in panel. Signing in: remember the wish.
      actions.open();
    },

    /** A lazily loaded part of the UI could not be downloaded. */
    partFailedToLoad: partFailed,

    // The writing tools answered at once; the rest (placePin, reply…) sit behind, see below.
    ...writing.actions,
    setDraft: drafts.setDraft,
    /** An unsent comment (`local:` id): send it again now, or give up (its text goes back to its composer). */
    retrySend: (localId: string) => sendControl.current()?.retry(localId),
    discardSend: (localId: string) => sendControl.current()?.discard(localId),

    ...createThreadActions({ ...base, preload: preloadWriting, sending: sendControl.sending }),
    ...createMoveActions({ ...base, sending: sendControl.sending }),
    ...createPageActions({ store, owner, breakpoints: config.viewModeBreakpoints }),
    ...guest,

    dismissNotice(): void {
      store.notice.value = null;
    },
  };
  // The writing tools' other actions (reviewing.ts) are found behind the controller's own: they
  // wait for their chunk (writing-tools.ts), and no list of their names is kept here.
  const actions: typeof ownActions & WritingActions = Object.setPrototypeOf(ownActions, writing.deferred);

  return { store, actions, auth, report };
}
