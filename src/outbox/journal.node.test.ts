/**
 * The write-ahead journal: a change made just before the page goes away (its IndexedDB write still
 * waiting) is written by the next page's outbox before it reads the queue.
 */
import { describe, expect, it } from 'vitest';
import { createOutbox } from './outbox';
import { createJournal } from './journal';
import { createMemoryStorage } from './storage';
import { idle, useVirtualClock } from './node-clock';
import type { OutboxStorage, StoredRecord, SyncStore } from './types';

/** localStorage's shape over a Map. */
function syncStore(): SyncStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (i) => [...entries.keys()][i] ?? null,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

/** A persistent store shared by "pages"; `hang()` makes later writes never land, as in a page being torn down. */
function sharedDisk() {
  const disk = createMemoryStorage();
  let hanging = false;
  const storage: OutboxStorage = {
    persistent: true,
    get: (id) => disk.get(id),
    list: () => disk.list(),
    delete: (id) => (hanging ? new Promise(() => {}) : disk.delete(id)),
    set: (record) => (hanging ? new Promise(() => {}) : disk.set(record)),
  };
  return { storage, disk, hang: () => (hanging = true), heal: () => (hanging = false) };
}

useVirtualClock();

const never = () => new Promise<never>(() => {});
const page = (storage: OutboxStorage, journal: SyncStore) =>
  createOutbox({ scope: 'markup-1', send: never, storage, journal, locks: null, broadcast: false });

describe('write-ahead journal', () => {
  it('a change whose store write never landed is there on the next page', async () => {
    const journal = syncStore();
    const { storage, disk, hang, heal } = sharedDisk();
    const first = page(storage, journal);
    await idle();
    hang();
    const item = first.enqueue('resolve', { threadId: 't1', resolved: true });
    first.destroy();
    expect(await disk.list()).toEqual([]);

    heal();
    const next = page(storage, journal);
    await idle();
    expect(next.list().map((i) => [i.id, i.kind, i.payload])).toEqual([[item.id, 'resolve', { threadId: 't1', resolved: true }]]);
    expect((await disk.list()).map((r) => r.item.id)).toEqual([item.id]);
    expect(journal.entries.size).toBe(0);
    next.destroy();
  });

  it('lets go of a record once the store has it, and of a removed one at once', async () => {
    const journal = syncStore();
    const { storage, hang } = sharedDisk();
    const outbox = page(storage, journal);
    outbox.enqueue('reply', { text: 'hello' });
    expect(journal.entries.size).toBe(1);
    await idle();
    expect(journal.entries.size).toBe(0);
    hang();
    const second = outbox.enqueue('reply', { text: 'second' });
    expect(journal.entries.size).toBe(1);
    outbox.discard(second.id);
    expect(journal.entries.size).toBe(0);
    outbox.destroy();
  });

  it('keeps Blobs out (no synchronous form) and ignores entries it cannot read', async () => {
    const store = syncStore();
    const journal = createJournal(store, 'db')!;
    const record = (payload: unknown): StoredRecord => ({
      scope: 's',
      order: 1,
      item: { id: 'a', kind: 'k', payload, idempotencyKey: 'x', lane: 'a', dependsOn: [], status: 'pending', attempts: 0, createdAt: 1 },
    });
    journal.note(record({ file: new Blob(['x']) }));
    expect(store.entries.size).toBe(0);
    journal.note(record({ text: 'ok' }));
    expect(store.entries.size).toBe(1);
    store.setItem('pinmark-outbox-wal:db:broken', '{not json');
    store.setItem('pinmark-outbox-wal:other-db:b', JSON.stringify(record(1)));
    const disk = createMemoryStorage();
    expect(await journal.recover(disk)).toBe(1);
    expect([...store.entries.keys()]).toEqual(['pinmark-outbox-wal:other-db:b']);
  });

  it('a full or refusing store never breaks the outbox', async () => {
    const refusing = {
      ...syncStore(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const { storage } = sharedDisk();
    const outbox = page(storage, refusing);
    outbox.enqueue('reply', { text: 'still queued' });
    await idle();
    expect(outbox.list()).toHaveLength(1);
    outbox.destroy();
  });
});
