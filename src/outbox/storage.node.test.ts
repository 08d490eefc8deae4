import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox } from './outbox';
import { createMemoryStorage } from './storage';
import { fakeServer } from './test-kit';
import type { OutboxStorage, StoredRecord } from './types';

const record = (payload: unknown): StoredRecord => ({
  scope: 's',
  order: 1,
  item: { id: 'a', kind: 'k', payload, idempotencyKey: 'key', lane: 'a', dependsOn: [], status: 'pending', attempts: 0, createdAt: 0 },
});

describe('memory storage', () => {
  it('hands out copies, as IndexedDB does', async () => {
    const storage = createMemoryStorage();
    const original = record({ text: 'typed' });
    await storage.set(original);
    (original.item.payload as { text: string }).text = 'changed';
    const read = await storage.get('a');
    expect(read?.item.payload).toEqual({ text: 'typed' });
    (read!.item.payload as { text: string }).text = 'changed again';
    expect((await storage.list())[0]?.item.payload).toEqual({ text: 'typed' });
    await storage.delete('a');
    expect(await storage.get('a')).toBeUndefined();
    expect(storage.persistent).toBe(false);
  });

  it('refuses what cannot be structured-cloned, as IndexedDB does', async () => {
    await expect(createMemoryStorage().set(record({ callback: () => 1 }))).rejects.toThrow();
  });
});

describe('falling back to memory', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function broken(list: () => Promise<StoredRecord[]>): OutboxStorage {
    const fail = () => Promise.reject(new DOMException('no', 'InvalidStateError'));
    return { persistent: true, list, get: fail, set: fail, delete: fail };
  }

  it('when storage fails to open, the outbox works in memory for the page’s life', async () => {
    const server = fakeServer();
    const onError = vi.fn();
    const outbox = createOutbox({
      scope: 's',
      send: server.send,
      locks: null,
      broadcast: false,
      storage: broken(() => Promise.reject(new DOMException('private mode', 'InvalidStateError'))),
    });
    outbox.on('error', onError);
    outbox.enqueue('k', null);
    await outbox.ready;
    await vi.advanceTimersByTimeAsync(0);
    expect(server.attempts).toHaveLength(1);
    expect(outbox.snapshot().persistent).toBe(false);
    expect(onError).toHaveBeenCalledWith({ error: expect.objectContaining({ name: 'InvalidStateError' }) });
    outbox.destroy();
  });

  it('when opening hangs, it gives up after 5 s', async () => {
    const server = fakeServer();
    const outbox = createOutbox({
      scope: 's',
      send: server.send,
      locks: null,
      broadcast: false,
      storage: broken(() => new Promise(() => {})),
    });
    outbox.enqueue('k', null);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.attempts).toHaveLength(0);
    expect(outbox.list()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(1);
    outbox.destroy();
  });
});
