/**
 * One outbox sender per signed-in reviewer (sending.ts, a lazy chunk): started as soon as a session
 * exists, so comments queued in an earlier visit go out without the reviewer doing anything, and
 * replaced when another reviewer signs in (a queue is sent only with its author's token).
 */
import { effect } from '@preact/signals';
import type { CreateMessageRequest, CreateThreadRequest, Delta } from '../../api/wire';
import { textToDelta } from '../../delta/text';
import type { ListenerCollection } from '../../util/listener-collection';
import { widgetError } from '../model/errors';
import { lazyModule } from '../../util/lazy-module';
import type { Sending, SendingDeps } from './sending';
import type { Store } from '../model/store';

/** The outbox every new comment and reply goes through (signed-in reviewers only). */
const sendingPart = lazyModule(() => import('./sending'));

export interface SendControlDeps extends Pick<SendingDeps, 'api' | 'emit' | 'report' | 'markupId'> {
  store: Store;
  owner: ListenerCollection;
  /** Where a comment the server refused puts its text back (draft-actions.ts). */
  drafts: { setDraft(key: string, delta: Delta): void; clearDraft(key: string): void };
}

export function createSendControl(deps: SendControlDeps) {
  const { store, owner } = deps;
  let current: { userId: string; ready: Promise<Sending>; instance: Sending | null } | null = null;

  function stop() {
    const previous = current;
    current = null;
    // At once when it runs (destroy() must leave nothing behind synchronously); a sender still
    // loading is never created (its entry is no longer current).
    previous?.instance?.destroy();
  }

  /** The signed-in reviewer's sender (loading its chunk the first time). */
  function sending(): Promise<Sending> {
    const session = store.session.peek();
    if (session.status !== 'signed-in') return Promise.reject(widgetError('unauthorized'));
    if (current?.userId === session.userId) return current.ready;
    stop();
    const entry: NonNullable<typeof current> = {
      userId: session.userId,
      instance: null,
      ready: sendingPart.load().then(({ createSending }) => {
        if (owner.isDestroyed || current !== entry) throw widgetError('unauthorized');
        entry.instance = createSending({
          ...deps,
          user: { userId: session.userId, name: session.name },
          onSignInNeeded: () => {
            if (!owner.isDestroyed) store.notice.value = widgetError('session_expired');
          },
          restoreDraft: (key: string, body: CreateMessageRequest | CreateThreadRequest) =>
            deps.drafts.setDraft(key, body.message ?? textToDelta(('content' in body && body.content) || '')),
          clearDraft: (key: string) => deps.drafts.clearDraft(key),
        });
        return entry.instance;
      }),
    };
    current = entry;
    entry.ready.catch((error: unknown) => {
      if (!owner.isDestroyed && current === entry) deps.report(error, 'load-outbox');
    });
    return entry.ready;
  }

  owner.own(
    effect(() => {
      if (store.session.value.status === 'signed-in') void sending().catch(() => {});
    }),
  );
  owner.own(stop);
  // The browser's word, for the notice; the outbox pauses and resumes on the same events.
  const onlineNow = () => {
    store.offline.value = typeof navigator !== 'undefined' && navigator.onLine === false;
  };
  onlineNow();
  owner.add(window, 'online', onlineNow);
  owner.add(window, 'offline', onlineNow);

  return {
    sending,
    /** The sender when it is already running (for synchronous reads). */
    current: (): Sending | null => current?.instance ?? null,
    /** After a new sign-in: what waited for it goes out. */
    resume: () => current?.instance?.resume(),
    /** Signed out by the host: nothing is sent until a reviewer signs in (their queue stays stored). */
    stop,
  };
}
