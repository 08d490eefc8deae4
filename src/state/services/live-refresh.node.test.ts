import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { validateOptions } from '../../pinmark';
import type { ThreadResponse } from '../../api/wire';
import { ListenerCollection } from '../../util/listener-collection';
import { createLiveRefresh, MAX_BACKOFF_MS } from './live-refresh';
import { fakeStore, fresh, message, thread } from './live-refresh-kit';
import { mergeServerThreads } from '../model/thread-merge';

let win: EventTarget;
let doc: EventTarget & { visibilityState: DocumentVisibilityState };
let nav: { onLine: boolean };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_700_000_000_000 });
  win = Object.assign(new EventTarget(), {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    // What util/natives reads from the window (the merge serializes with them).
    JSON,
    Array,
    Object,
    fetch: globalThis.fetch,
  });
  doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  nav = { onLine: true };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', nav);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server whose list the test changes, counting requests; `hold` keeps answers back. */
function setUp(initial: ThreadResponse[] = [thread('t1', 1)], config = { intervalMs: 1_000, hiddenIntervalMs: 5_000 }) {
  const store = fakeStore(initial);
  const owner = new ListenerCollection();
  const server = {
    threads: fresh(initial),
    calls: 0,
    fail: null as unknown,
    hold: null as Promise<void> | null,
    aborted: 0,
    onCall: null as (() => void) | null,
  };
  const report = vi.fn();
  const live = createLiveRefresh({
    store,
    owner,
    report,
    config,
    merge: mergeServerThreads,
    async fetchThreads(signal) {
      server.calls += 1;
      signal.addEventListener('abort', () => (server.aborted += 1));
      if (server.hold) await server.hold;
      server.onCall?.();
      if (server.fail) throw server.fail;
      return fresh(server.threads);
    },
  });
  return { store, owner, server, report, live };
}

const visibility = (state: DocumentVisibilityState) => {
  doc.visibilityState = state;
  doc.dispatchEvent(new Event('visibilitychange'));
};

describe('live refresh scheduling', () => {
  it('polls every intervalMs while visible and every hiddenIntervalMs while hidden', async () => {
    const { server } = setUp();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(2);
    visibility('hidden');
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(3);
  });

  it('refreshes at once when the tab is shown again, and when the browser is back online', async () => {
    const { server } = setUp();
    visibility('hidden');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(server.calls).toBe(0);
    visibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toBe(1);

    nav.onLine = false;
    win.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toBe(1);
    nav.onLine = true;
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toBe(2);
  });

  it('never overlaps: a slow answer holds the next poll back until it is in', async () => {
    const { server } = setUp();
    let release!: () => void;
    server.hold = new Promise((resolve) => (release = resolve));
    await vi.advanceTimersByTimeAsync(1_000);
    visibility('hidden');
    visibility('visible');
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.calls).toBe(1);
    server.hold = null;
    release();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toBe(2);
  });

  it('backs off after failures (doubling, capped), reports once per run of failures, and recovers', async () => {
    const { server, report } = setUp();
    server.fail = new ApiError(0, 'network_error', 'down');
    const at: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 4; i++) {
      const before = server.calls;
      while (server.calls === before) await vi.advanceTimersByTimeAsync(100);
      at.push(Date.now() - start);
    }
    expect(at).toEqual([1_000, 3_000, 7_000, 15_000]);
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS * 3);
    const calls = server.calls;
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    expect(server.calls).toBe(calls + 1); // capped at 5 min
    server.fail = null;
    while (server.calls === calls + 1) await vi.advanceTimersByTimeAsync(1_000); // this one succeeds…
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(calls + 3); // …so the normal interval is back
  });

  it('stops when signed out (aborting a poll under way), pauses for an expired session, and resumes', async () => {
    const { store, server } = setUp();
    server.hold = new Promise(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(1);
    store.session.value = { status: 'signed-out', expired: true };
    expect(server.aborted).toBe(1);
    server.hold = null;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toBe(1);

    store.session.value = { status: 'signed-in', userId: 'u-b', name: 'B' };
    store.notice.value = { code: 'session_expired', status: 401, message: '' };
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toBe(1);
    store.notice.value = null;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(2);
  });

  it('a 401 goes the way of every read: once the reviewer is signed out, no report and no more polls', async () => {
    const { store, server, report } = setUp();
    server.fail = new ApiError(401, 'token_expired', 'expired');
    // What the API client does when renewal fails: the session expires, then it throws.
    server.onCall = () => (store.session.value = { status: 'signed-out', expired: true });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toBe(1);
    expect(report).not.toHaveBeenCalled();
  });

  it('waits for the first load of the list, and destroy() leaves nothing running', async () => {
    const { store, server, owner } = setUp();
    store.threadsLoaded.value = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toBe(0);
    store.threadsLoaded.value = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls).toBe(1);
    owner.destroy();
    expect(owner.size).toBe(0);
    visibility('visible');
    win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toBe(1);
  });
});

describe('live refresh applying what it read', () => {
  it('merges new threads and replies into the store', async () => {
    const { store, server, live } = setUp();
    const t1 = store.threads.value[0]!;

    server.threads = [{ ...fresh(t1), messages: [...fresh(t1.messages), message('m2', 't1', 'hi', 'u-c')] }, thread('t2', 2)];
    await live.refresh();
    expect(store.threads.value.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(store.threads.value[0]!.messages).toHaveLength(2);
    const list = store.threads.value;
    await live.refresh();
    expect(store.threads.value).toBe(list);
  });

  it('closes an open thread deleted by someone else with a notice, and ends a pin move on it', async () => {
    const { store, server, live } = setUp([thread('t1', 1), thread('t2', 2)]);
    store.openThreadId.value = 't1';
    store.mode.value = 'viewing-thread';
    store.pinMove.value = 't1';
    server.threads = [thread('t2', 2)];
    await live.refresh();
    expect(store.threads.value.map((t) => t.id)).toEqual(['t2']);
    expect(store.openThreadId.value).toBeNull();
    expect(store.mode.value).toBe('idle');
    expect(store.pinMove.value).toBeNull();
    expect(store.notice.value?.code).toBe('thread_deleted_elsewhere');
  });

  it('leaves the new-comment composer alone', async () => {
    const { store, server, live } = setUp();
    store.mode.value = 'composing';
    server.threads = [...server.threads, thread('t2', 2)];
    await live.refresh();
    expect(store.mode.value).toBe('composing');
    expect(store.threads.value).toHaveLength(2);
  });
});

describe('the liveRefresh option', () => {
  const base = { publicKey: 'pk', markupId: 'm', apiBase: 'https://feedback.example.com' };
  it('accepts intervals and false', () => {
    expect(validateOptions({ ...base, liveRefresh: { intervalMs: 500 } }).liveRefresh).toEqual({
      intervalMs: 500,
      hiddenIntervalMs: undefined,
    });
    expect(validateOptions({ ...base, liveRefresh: false }).liveRefresh).toBe(false);
    expect(validateOptions(base).liveRefresh).toBeUndefined();
  });
  it.each([[{ intervalMs: 10 }], [{ hiddenIntervalMs: Number.NaN }], [{ intervalMs: '1000' }], ['fast'], [null]])('rejects %j', (value) => {
    expect(() => validateOptions({ ...base, liveRefresh: value as never })).toThrow(expect.objectContaining({ name: 'OptionsError' }));
  });
});
