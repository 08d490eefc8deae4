/**
 * The outbox's view of the world outside it: other tabs of the same page (a Web Lock so only one
 * sends at a time, a BroadcastChannel so the others notice changes), the network going on and off,
 * and the page becoming visible again (timers are throttled in background tabs, so due retries are
 * run then). Everything here is owned by one ListenerCollection and released by `destroy()`.
 */
import { ListenerCollection } from '../util/listener-collection';
import type { LockManagerLike } from './types';

export interface CoordinationHandlers {
  /** Another tab (or instance) changed the shared store. */
  remoteChange(): void;
  online(): void;
  offline(): void;
  visible(): void;
}

export interface Coordination {
  /** True when sends are serialised through a Web Lock across tabs. */
  readonly locking: boolean;
  /** Runs `task` holding the scope's lock (or directly without Web Locks); rejects once destroyed. */
  withLock(task: () => Promise<void>): Promise<void>;
  announce(): void;
  isOffline(): boolean;
  destroy(): void;
}

export function createCoordination(
  scope: string,
  options: { locks?: LockManagerLike | null; broadcast?: boolean },
  handlers: CoordinationHandlers,
  onError: (error: unknown) => void,
): Coordination {
  const name = `pinmark-outbox:${scope}`;
  const listeners = new ListenerCollection(onError);
  const abort = new AbortController();
  listeners.own(() => abort.abort());
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const locks = options.locks !== undefined ? options.locks : (nav?.locks as LockManagerLike | undefined);

  let channel: BroadcastChannel | undefined;
  if (options.broadcast !== false && typeof BroadcastChannel === 'function') {
    try {
      channel = new BroadcastChannel(name);
      listeners.add(channel, 'message', () => handlers.remoteChange());
      const open = channel;
      listeners.own(() => open.close());
    } catch {
      channel = undefined; // e.g. an opaque origin: other tabs are then noticed on lock handoffs only
    }
  }

  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    listeners.add(window, 'online', () => handlers.online());
    listeners.add(window, 'offline', () => handlers.offline());
  }
  if (typeof document !== 'undefined' && typeof document.addEventListener === 'function') {
    listeners.add(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') handlers.visible();
    });
  }

  return {
    locking: !!locks,
    withLock(task) {
      if (abort.signal.aborted) return Promise.reject(abort.signal.reason);
      if (!locks) return task();
      // Waiting (not ifAvailable): a tab with work queues behind the sender and, once it gets the
      // lock, re-reads the store and sends whatever is still unsent, so no item is stranded.
      return locks.request(name, { signal: abort.signal }, task);
    },
    announce() {
      try {
        channel?.postMessage('changed');
      } catch {
        // A closed channel (destroy raced a write): the other tabs re-read on their next lock anyway.
      }
    },
    isOffline: () => nav?.onLine === false,
    destroy: () => listeners.removeAll(),
  };
}
