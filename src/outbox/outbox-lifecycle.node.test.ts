import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { createOutbox } from './outbox';
import { createMemoryStorage } from './storage';
import { idle, useVirtualClock } from './node-clock';
import { fakeLocks, fakeServer } from './test-kit';
import type { OutboxItem, OutboxOptions, OutboxStorage, SendContext } from './types';

type Send = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;

const storageOf = useVirtualClock();
let storage: OutboxStorage;
beforeEach(() => {
  storage = storageOf();
});

function make(send: Send, extra: Partial<OutboxOptions> = {}) {
  return createOutbox({ scope: 'markup-1', send, storage, random: () => 0, locks: null, broadcast: false, ...extra });
}

describe('pausing', () => {
  it('waits for sign-in after a 401 instead of failing, and resume() continues', async () => {
    let signedIn = false;
    const server = fakeServer(() => (signedIn ? 'ok' : new ApiError(401, 'token_expired', 'expired')));
    const onAuth = vi.fn();
    const outbox = make(server.send);
    outbox.on('auth', onAuth);
    const first = outbox.enqueue('k', 1);
    outbox.enqueue('k', 2);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(server.attempts).toHaveLength(1);
    expect(onAuth).toHaveBeenCalledTimes(1);
    expect(outbox.snapshot()).toMatchObject({ state: 'auth', persistent: false });
    expect(outbox.list().map((i) => i.status)).toEqual(['pending', 'pending']);
    expect(outbox.list()[0]!.error).toMatchObject({ status: 401, class: 'auth' });

    signedIn = true;
    outbox.resume();
    await idle();
    expect(outbox.snapshot()).toMatchObject({ state: 'running', items: [] });
    expect(server.attempts.filter((x) => x.id === first.id).map((x) => x.key)).toEqual([first.idempotencyKey, first.idempotencyKey]);
    outbox.destroy();
  });

  it('pauses while offline and sends on `online`; a visible page retries backing-off items at once', async () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const nav = { onLine: false };
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', nav);
    const failures = [new TypeError('Failed to fetch')];
    const server = fakeServer(() => failures.shift() ?? 'ok');
    const outbox = make(server.send, { random: () => 1, backoff: { baseMs: 60_000 } });
    outbox.enqueue('k', null);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.attempts).toHaveLength(0);
    expect(outbox.snapshot().state).toBe('offline');

    nav.onLine = true;
    win.dispatchEvent(new Event('online'));
    await idle();
    expect(server.attempts).toHaveLength(1); // failed: backing off a minute
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await idle();
    expect(server.attempts).toHaveLength(2);
    expect(outbox.list()).toEqual([]);
    outbox.destroy();
  });

  it('a visible page does not cut short a Retry-After', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', doc);
    const server = fakeServer((_, ctx) => (ctx.attempt === 1 ? Object.assign(new ApiError(429, 'x', 'x'), { retryAfterMs: 5_000 }) : 'ok'));
    const outbox = make(server.send);
    outbox.enqueue('k', null);
    await idle();
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.attempts).toHaveLength(2);
    outbox.destroy();
  });

  it('pause() holds everything until resume()', async () => {
    const server = fakeServer();
    const outbox = make(server.send);
    outbox.pause();
    outbox.enqueue('k', null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.attempts).toHaveLength(0);
    expect(outbox.snapshot().state).toBe('paused');
    outbox.resume();
    await idle();
    expect(server.attempts).toHaveLength(1);
    outbox.destroy();
  });
});

describe('reload, destroy, tabs', () => {
  it('a new instance on the same store sends what the last one left, in order, with the same keys', async () => {
    const first = make(fakeServer().send);
    first.pause();
    const items = [first.enqueue('a', 1), first.enqueue('b', 2), first.enqueue('c', 3)];
    await first.flush();
    first.destroy();

    const server = fakeServer();
    const second = make(server.send);
    await second.ready;
    await idle();
    expect(server.attempts.map((x) => x.key)).toEqual(items.map((i) => i.idempotencyKey));
    expect(await storage.list()).toHaveLength(3); // kept as sent records for late dependents…
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    second.enqueue('d', 4); // …until the next drain after ten minutes
    await idle();
    expect(await storage.list()).toHaveLength(1);
    second.destroy();
  });

  it('destroy() aborts the request, stops every timer and event, and the next instance resends under the same key', async () => {
    const signals: AbortSignal[] = [];
    const events = vi.fn();
    const first = make(
      (_, ctx) => {
        signals.push(ctx.signal);
        return new Promise(() => {});
      },
      { onChange: events, onSent: events, onFailed: events },
    );
    const item = first.enqueue('k', null);
    await idle();
    events.mockClear();
    first.destroy();
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(events).not.toHaveBeenCalled();
    expect(first.snapshot().state).toBe('destroyed');
    expect((await storage.get(item.id))?.item.status).toBe('sending');

    const server = fakeServer();
    const second = make(server.send, { locks: fakeLocks() });
    await idle();
    expect(server.attempts).toEqual([{ id: item.id, key: item.idempotencyKey, attempt: 2 }]);
    second.destroy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without Web Locks, a record another instance is sending is left alone until its lease ends', async () => {
    const first = make(() => new Promise(() => {}), { sendTimeoutMs: 30_000 });
    first.enqueue('k', null);
    await idle();
    first.destroy();
    const server = fakeServer();
    const second = make(server.send, { sendTimeoutMs: 30_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.attempts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(1);
    second.destroy();
  });

  it('two instances on one store and lock send every item exactly once', async () => {
    const locks = fakeLocks();
    const server = fakeServer(() => 'ok', 50);
    const a = make(server.send, { locks });
    const b = make(server.send, { locks });
    const sentHere = { a: vi.fn(), b: vi.fn() };
    a.on('sent', sentHere.a);
    b.on('sent', sentHere.b);
    const items: OutboxItem[] = [];
    for (let i = 0; i < 10; i++) items.push((i % 2 ? a : b).enqueue('k', i));
    await vi.advanceTimersByTimeAsync(5_000);
    b.enqueue('nudge', null); // b learns of a's sends on its next lock handoff
    a.enqueue('nudge', null);
    await vi.advanceTimersByTimeAsync(5_000);
    const keys = server.attempts.map((x) => x.key);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    expect(a.list()).toEqual([]);
    expect(b.list()).toEqual([]);
    a.destroy();
    b.destroy();
  });
});

describe('never throws into the page', () => {
  it('keeps sending when a callback throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer();
    const outbox = make(server.send, {
      onSent: () => {
        throw new Error('host bug');
      },
    });
    outbox.enqueue('k', 1);
    outbox.enqueue('k', 2);
    await idle();
    expect(server.attempts).toHaveLength(2);
    expect(warn).toHaveBeenCalled();
    outbox.destroy();
  });

  it('keeps an item in memory and sends it when storage refuses to write it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const memory = createMemoryStorage();
    storage = { ...memory, persistent: false, set: () => Promise.reject(new DOMException('no', 'QuotaExceededError')) };
    const onError = vi.fn();
    const server = fakeServer(() => (server.attempts.length === 1 ? new ApiError(500, 'x', 'x') : 'ok'));
    const outbox = make(server.send);
    outbox.on('error', onError);
    outbox.enqueue('k', null);
    await idle();
    expect(outbox.list()).toHaveLength(1);
    expect(onError).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.attempts).toHaveLength(2);
    expect(outbox.list()).toEqual([]);
    outbox.destroy();
  });

  it('works in memory when IndexedDB is not there, and ignores calls after destroy', async () => {
    const server = fakeServer();
    const outbox = createOutbox({ scope: 's', send: server.send, locks: null, broadcast: false });
    expect(outbox.snapshot().persistent).toBe(false);
    outbox.enqueue('k', null);
    await idle();
    expect(server.attempts).toHaveLength(1);
    outbox.destroy();
    outbox.destroy();
    outbox.enqueue('k', null);
    expect(outbox.retry('x')).toBe(false);
    outbox.resume();
    await idle();
    expect(server.attempts).toHaveLength(1);
  });
});
