/**
 * The outbox in a real browser: IndexedDB across "reloads", Web Locks and BroadcastChannel across
 * "tabs" (two instances on one database behave as two tabs of one origin do).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { createOutbox } from './outbox';
import { createIndexedDbStorage } from './storage';
import { fakeServer } from './test-kit';
import type { Outbox, OutboxItem, OutboxOptions, OutboxStorage } from './types';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function tab(dbName: string, options: Partial<OutboxOptions> & Pick<OutboxOptions, 'send'>): Outbox & { storage: OutboxStorage } {
  const storage = createIndexedDbStorage(dbName);
  const outbox = createOutbox({ scope: 'markup-1:user-1', storage, backoff: { baseMs: 5, maxMs: 40 }, ...options });
  const destroy = outbox.destroy;
  const close = () => {
    destroy();
    void outbox.flush().then(() => storage.close?.());
  };
  cleanups.push(close);
  return Object.assign(outbox, { storage, destroy: close });
}

/** A database per test, deleted afterwards (open connections step aside on `versionchange`). */
function newDb(): string {
  const name = `pinmark-outbox-test-${crypto.randomUUID()}`;
  cleanups.push(() => void indexedDB.deleteDatabase(name));
  return name;
}

/** A seeded generator, so a failing run can be replayed from the seed in its message. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

describe('persistence', () => {
  it('items survive a reload: the next instance sends them exactly once, Blobs included', async () => {
    const db = newDb();
    const before = tab(db, { send: () => new Promise(() => {}) });
    before.pause();
    const screenshot = new Blob(['png-bytes'], { type: 'image/png' });
    const items = [
      before.enqueue('createThread', { text: 'first', screenshot }),
      before.enqueue('reply', { text: 'second' }),
      before.enqueue('resolve', { threadId: 't-1' }),
    ];
    await before.flush();
    before.destroy();

    const server = fakeServer();
    const after = tab(db, { send: server.send });
    await after.ready;
    await vi.waitFor(() => expect(after.list()).toEqual([]));
    expect(server.attempts.map((x) => x.key)).toEqual(items.map((i) => i.idempotencyKey));
    const stored = server.processed.get(items[0]!.idempotencyKey) as { payload: { screenshot: Blob } };
    expect(stored.payload.screenshot).toBeInstanceOf(Blob);
    expect(await stored.payload.screenshot.text()).toBe('png-bytes');
    expect(after.snapshot().persistent).toBe(true);
  });

  it('a tab closed mid-request leaves the item to the next one, under the same key', async () => {
    const db = newDb();
    const before = tab(db, { send: () => new Promise(() => {}) });
    const item = before.enqueue('createThread', { text: 'typed' });
    await vi.waitFor(() => expect(before.list()[0]?.status).toBe('sending'));
    await before.flush();
    before.destroy();

    const server = fakeServer();
    tab(db, { send: server.send });
    await vi.waitFor(() => expect(server.processed.size).toBe(1));
    expect(server.attempts).toEqual([{ id: item.id, key: item.idempotencyKey, attempt: 2 }]);
  });

  it('the IndexedDB store round-trips records and steps aside for a database deletion', async () => {
    const db = newDb();
    const storage = createIndexedDbStorage(db);
    const record = {
      scope: 's',
      order: 1,
      item: {
        id: 'x',
        kind: 'k',
        payload: new Blob(['b']),
        idempotencyKey: 'key',
        lane: 'x',
        dependsOn: [],
        status: 'pending' as const,
        attempts: 0,
        createdAt: 1,
      },
    };
    await storage.set(record);
    expect((await storage.get('x'))?.item.idempotencyKey).toBe('key');
    expect(await storage.list()).toHaveLength(1);
    const blocked = vi.fn();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(db);
      request.onblocked = blocked;
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    expect(blocked).not.toHaveBeenCalled();
    expect(await storage.list()).toEqual([]); // reopened, fresh
    await storage.delete('x');
    storage.close?.();
    await expect(storage.list()).rejects.toThrow();
  });
});

describe('two tabs', () => {
  it('shows another tab’s items and learns when that tab sent them', async () => {
    const db = newDb();
    const server = fakeServer(() => 'ok', 10);
    const sender = tab(db, { send: server.send });
    sender.pause();
    const watcher = tab(db, { send: server.send });
    watcher.pause();
    const sentElsewhere = vi.fn();
    watcher.on('sent', sentElsewhere);
    const item = sender.enqueue('reply', { text: 'hi' });
    await vi.waitFor(() => expect(watcher.list().map((i) => i.id)).toEqual([item.id]));
    sender.resume();
    await vi.waitFor(() => expect(watcher.list()).toEqual([]));
    expect(sentElsewhere).toHaveBeenCalledWith(
      expect.objectContaining({ byThisTab: false, result: expect.objectContaining({ serverId: `srv-${item.id}` }) }),
    );
  });

  it('hears of an item discarded in another tab', async () => {
    const db = newDb();
    const server = fakeServer(() => new ApiError(422, 'validation_failed', 'no'));
    const first = tab(db, { send: server.send });
    const second = tab(db, { send: server.send });
    second.pause();
    const discarded = vi.fn();
    second.on('discarded', discarded);
    const item = first.enqueue('reply', { text: '' });
    await vi.waitFor(() => expect(second.list()[0]?.status).toBe('failed'));
    first.discard(item.id);
    await vi.waitFor(() => expect(discarded).toHaveBeenCalledWith({ ids: [item.id] }));
    expect(second.list()).toEqual([]);
  });

  it('never both send the same item (Web Locks)', async () => {
    expect(navigator.locks).toBeDefined();
    const db = newDb();
    const server = fakeServer(() => 'ok', 15);
    const tabs = [tab(db, { send: server.send }), tab(db, { send: server.send })];
    const items: OutboxItem[] = [];
    for (let i = 0; i < 20; i++) items.push(tabs[i % 2]!.enqueue('reply', { i }, { lane: `thread-${i % 3}` }));
    await vi.waitFor(() => expect(server.processed.size).toBe(20), { timeout: 10_000 });
    await vi.waitFor(() => expect(tabs.flatMap((t) => t.list())).toEqual([]));
    expect(server.attempts).toHaveLength(20);
    expect(new Set(server.attempts.map((x) => x.key)).size).toBe(20);
    // Order within a lane holds even across tabs.
    for (let lane = 0; lane < 3; lane++) {
      const sent = server.attempts.map((x) => items.findIndex((i) => i.id === x.id)).filter((index) => index % 3 === lane);
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
    }
  });

  it('a sender failing 30 % of the time still yields exactly N sends, each under one stable key', async () => {
    const seed = Math.floor(Math.random() * 1e9) + 1;
    const random = seeded(seed);
    const db = newDb();
    // Half the failures happen after the server did the work (the answer was lost): only the key saves us.
    const server = fakeServer(() => {
      const r = random();
      if (r < 0.1) return 'lost-before';
      if (r < 0.2) return 'lost-after';
      if (r < 0.3) return new ApiError(r < 0.25 ? 503 : 429, 'x', 'flaky');
      return 'ok';
    }, 5);
    const tabs = [tab(db, { send: server.send }), tab(db, { send: server.send })];
    const sentByTab = vi.fn();
    tabs.forEach((t) => t.on('sent', (event) => event.byThisTab && sentByTab(event.item.id)));
    const N = 40;
    const items: OutboxItem[] = [];
    for (let i = 0; i < N; i++) {
      const thread = i % 4 === 0 ? undefined : items[i - (i % 4)];
      const options = thread ? { dependsOn: thread.id, lane: thread.id } : {};
      // A thread's replies are enqueued where the thread is known; thread groups alternate tabs.
      items.push(tabs[Math.floor(i / 4) % 2]!.enqueue(thread ? 'reply' : 'createThread', { i }, options));
    }
    await vi.waitFor(
      () =>
        expect(
          tabs.flatMap((t) => t.list()),
          `seed ${seed}`,
        ).toEqual([]),
      { timeout: 20_000, interval: 50 },
    );
    expect(server.processed.size, `seed ${seed}`).toBe(N);
    expect(sentByTab).toHaveBeenCalledTimes(N);
    expect(new Set(sentByTab.mock.calls.map(([id]) => id)).size).toBe(N);
    for (const item of items) {
      const keys = new Set(server.attempts.filter((x) => x.id === item.id).map((x) => x.key));
      expect([...keys], `seed ${seed}`).toEqual([item.idempotencyKey]);
    }
    expect(server.attempts.length).toBeGreaterThan(N);
  });
});
