/**
 * Live refresh: other reviewers' new threads, replies, resolutions and deletions appear without a
 * reload. While a reviewer is signed in and the list has loaded, the thread list is fetched again
 * every `intervalMs` (10 s) while the tab is visible and every `hiddenIntervalMs` (60 s) while it is
 * hidden; at once when the tab becomes visible or the browser is back online; never while offline,
 * signed out or waiting for the reviewer to sign in again (a 401 renews the session once inside the
 * API client, like every read). One request at a time; failures back off (doubling, at most 5 min).
 *
 * The API has no "changed since" filter (feedback-api-v2 §GET /threads), so each poll reads the
 * whole list (100 per page, messages included) and thread-merge.ts folds it into the store without
 * disturbing what the reviewer is doing. The merge is a lazy chunk: visitors never poll.
 * Others' changes emit no host events: those describe this reviewer's own actions.
 */
import { batch, effect } from '@preact/signals';
import type { ThreadResponse } from '../../api/wire';
import { lazyModule } from '../../util/lazy-module';
import type { Cleanup, ListenerCollection } from '../../util/listener-collection';
import { widgetError } from '../model/errors';
import type { LiveRefreshConfig } from '../model/config';
import type { Store } from '../model/store';

export type { LiveRefreshConfig } from '../model/config';

export const LIVE_REFRESH_DEFAULTS = { intervalMs: 10_000, hiddenIntervalMs: 60_000 } as const;
/** The longest wait after failures in a row. */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** A tab shown again this soon after a poll waits for its turn instead (quick tab switching). */
const MIN_GAP_MS = 2_000;

export type LiveRefreshStore = Pick<
  Store,
  'session' | 'threadsLoaded' | 'notice' | 'threads' | 'optimistic' | 'openThreadId' | 'mode' | 'pinMove' | 'thread' | 'lightbox'
>;

export interface LiveRefreshDeps {
  store: LiveRefreshStore;
  owner: ListenerCollection;
  /** Every page of the markup's threads, with the session's client (it renews once on a 401). */
  fetchThreads(signal: AbortSignal): Promise<ThreadResponse[]>;
  /** Emits `error` and warns (once per run of failures here). */
  report(error: unknown, context: string): unknown;
  config?: LiveRefreshConfig;
  /** Node tests pass the merge in; the widget imports it (a lazy chunk) when polling starts. */
  merge?: MergeFn;
}

type MergeFn = (typeof import('../model/thread-merge'))['mergeServerThreads'];

export type LiveRefresh = ReturnType<typeof createLiveRefresh>;

const merging = lazyModule(() => import('../model/thread-merge'));

export function createLiveRefresh({ store, owner, fetchThreads, report, config = {}, merge }: LiveRefreshDeps) {
  const visibleMs = config.intervalMs ?? LIVE_REFRESH_DEFAULTS.intervalMs;
  const hiddenMs = config.hiddenIntervalMs ?? LIVE_REFRESH_DEFAULTS.hiddenIntervalMs;
  let active = false;
  let timer: Cleanup | null = null;
  let inFlight: AbortController | null = null;
  let failures = 0;
  let lastPollAt = 0;

  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
  const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
  const allowed = () =>
    !owner.isDestroyed &&
    store.session.peek().status === 'signed-in' &&
    store.threadsLoaded.peek() &&
    store.notice.peek()?.code !== 'session_expired';

  function clearTimer() {
    timer?.();
    timer = null;
  }

  /** The next poll, counted from the end of the last one. */
  function schedule() {
    clearTimer();
    if (!active || inFlight || !online()) return;
    const base = visible() ? visibleMs : hiddenMs;
    const wait = failures ? Math.min(base * 2 ** failures, Math.max(MAX_BACKOFF_MS, base)) : base;
    timer = owner.setTimeout(
      () => {
        timer = null;
        void poll();
      },
      Math.max(0, lastPollAt + wait - Date.now()),
    );
  }

  async function poll(): Promise<void> {
    if (!active || inFlight || !online()) return;
    clearTimer();
    const request = new AbortController();
    inFlight = request;
    const before = store.threads.peek();
    try {
      const [server, mergeServerThreads] = await Promise.all([
        fetchThreads(request.signal),
        merge ?? merging.load().then((m) => m.mergeServerThreads),
      ]);
      if (request.signal.aborted || !allowed()) return;
      const result = mergeServerThreads({ current: store.threads.peek(), before, server, optimistic: store.optimistic.peek() });
      apply(result.threads, result.removed);
      failures = 0;
    } catch (error) {
      // A 401 the renewal could not fix has signed the reviewer out: that is explained already.
      if (request.signal.aborted || !allowed()) return;
      failures += 1;
      if (failures === 1) report(error, 'live-refresh');
    } finally {
      // A poll cancelled by stop() leaves the scheduling to whoever starts the next one.
      if (inFlight === request) {
        inFlight = null;
        lastPollAt = Date.now();
        schedule();
      }
    }
  }

  function apply(threads: ThreadResponse[], removed: string[]) {
    batch(() => {
      if (threads !== store.threads.peek()) store.threads.value = threads;
      const open = store.openThreadId.peek();
      if (open && removed.includes(open)) {
        // Deleted by someone else: the panel closes and the reviewer reads why.
        store.openThreadId.value = null;
        store.thread.confirmingDelete.value = false;
        store.thread.error.value = null;
        store.lightbox.value = null;
        if (store.mode.peek() === 'viewing-thread') store.mode.value = 'idle';
        store.notice.value = widgetError('thread_deleted_elsewhere');
      }
      const moving = store.pinMove.peek();
      if (moving && removed.includes(moving)) store.pinMove.value = null;
    });
  }

  function stop() {
    active = false;
    clearTimer();
    inFlight?.abort();
    inFlight = null;
    failures = 0;
  }

  /** Polls now unless one just finished (or is under way); otherwise keeps the schedule. */
  function soon() {
    if (!active) return;
    if (Date.now() - lastPollAt < Math.min(visibleMs, MIN_GAP_MS)) schedule();
    else void poll();
  }

  owner.own(
    effect(() => {
      // Read every signal the decision depends on, so the effect runs again when one changes.
      const wanted =
        store.session.value.status === 'signed-in' && store.threadsLoaded.value && store.notice.value?.code !== 'session_expired';
      if (wanted && !active && !owner.isDestroyed) {
        active = true;
        lastPollAt = Date.now(); // the list was just loaded
        schedule();
      } else if (!wanted && active) {
        stop();
      }
    }),
  );
  owner.own(stop);
  if (typeof document !== 'undefined') owner.add(document, 'visibilitychange', () => (visible() ? soon() : schedule()));
  if (typeof window !== 'undefined') {
    owner.add(window, 'online', () => soon());
    owner.add(window, 'offline', clearTimer);
    // Leaving for the back/forward cache: nothing in flight or waiting; back: refresh.
    owner.add(window, 'pagehide', () => {
      clearTimer();
      inFlight?.abort();
    });
    owner.add(window, 'pageshow', (event) => {
      if (event.persisted) soon();
    });
  }

  return {
    /** Polls now (unless one is under way); resolves when it is done. */
    refresh: (): Promise<void> => poll(),
    /** Whether polling is on (signed in, list loaded). */
    get active(): boolean {
      return active;
    },
  };
}
