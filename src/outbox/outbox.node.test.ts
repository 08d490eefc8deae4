import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { createOutbox } from './outbox';
import { idle, useVirtualClock } from './node-clock';
import { fakeServer } from './test-kit';
import type { OutboxItem, OutboxOptions, OutboxStorage, SendContext } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const storageOf = useVirtualClock();
let storage: OutboxStorage;
beforeEach(() => {
  storage = storageOf();
});

type Send = (item: OutboxItem, ctx: SendContext) => Promise<unknown>;
function make(send: Send, extra: Partial<OutboxOptions> = {}) {
  return createOutbox({ scope: 'markup-1', send, storage, random: () => 0, locks: null, broadcast: false, ...extra });
}

describe('sending', () => {
  it('sends in enqueue order, once each, with a stable UUID idempotency key, and forgets sent items', async () => {
    const server = fakeServer();
    const onSent = vi.fn();
    const outbox = make(server.send, { onSent });
    const a = outbox.enqueue('createThread', { text: 'a' });
    const b = outbox.enqueue('reply', { text: 'b' });
    expect(a.idempotencyKey).toMatch(UUID);
    expect(a.id).toMatch(UUID);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
    expect(outbox.list().map((i) => [i.id, i.status])).toEqual([
      [a.id, 'pending'],
      [b.id, 'pending'],
    ]);
    await idle();
    expect(server.attempts.map((x) => x.key)).toEqual([a.idempotencyKey, b.idempotencyKey]);
    expect(onSent).toHaveBeenCalledTimes(2);
    expect(onSent.mock.calls[0]![1]).toMatchObject({ serverId: `srv-${a.id}` });
    expect(outbox.list()).toEqual([]);
    outbox.destroy();
  });

  it('reports each item as pending, then sending, then gone', async () => {
    let finish!: (value: unknown) => void;
    const states: string[] = [];
    const outbox = make(() => new Promise((resolve) => (finish = resolve)), {
      onChange: (snapshot) => states.push(snapshot.items.map((i) => i.status).join() || 'empty'),
    });
    const item = outbox.enqueue('k', 1);
    await idle();
    expect(outbox.list()[0]).toMatchObject({ id: item.id, status: 'sending', attempts: 1 });
    finish('done');
    await idle();
    expect(outbox.list()).toEqual([]);
    expect([...new Set(states)]).toEqual(['pending', 'sending', 'empty']);
    outbox.destroy();
  });

  it('types payloads by kind', () => {
    interface Kinds {
      createThread: { text: string };
      resolve: { threadId: string };
    }
    const outbox = createOutbox<Kinds>({
      scope: 's',
      storage,
      locks: null,
      broadcast: false,
      send: async (item) => (item.kind === 'createThread' ? item.payload.text : item.payload.threadId),
    });
    outbox.enqueue('createThread', { text: 'ok' });
    // @ts-expect-error: a resolve needs a threadId
    outbox.enqueue('resolve', { text: 'wrong' });
    // @ts-expect-error: unknown kind
    outbox.enqueue('unknown', {});
    outbox.destroy();
  });
});

describe('retries', () => {
  it('backs off exponentially on network errors and 5xx, reusing the idempotency key', async () => {
    const failures = [new TypeError('Failed to fetch'), new ApiError(503, 'x', 'busy'), new ApiError(0, 'timeout', 't')];
    const server = fakeServer(() => failures.shift() ?? 'ok');
    const outbox = make(server.send, { random: () => 0 });
    const item = outbox.enqueue('k', null);
    await idle();
    expect(server.attempts).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({ status: 'pending', error: { code: 'network_error', class: 'retry' } });
    // random 0 → the lower bound cap/2: 500, 1000, 2000 ms.
    for (const [wait, count] of [
      [499, 1],
      [1, 2],
      [999, 2],
      [1, 3],
      [1999, 3],
      [1, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(server.attempts).toHaveLength(count);
    }
    expect(new Set(server.attempts.map((x) => x.key))).toEqual(new Set([item.idempotencyKey]));
    expect(server.attempts.map((x) => x.attempt)).toEqual([1, 2, 3, 4]);
    expect(outbox.list()).toEqual([]);
    outbox.destroy();
  });

  it('jitters within [cap/2, cap] using the injected random', async () => {
    const server = fakeServer((_, ctx) => (ctx.attempt < 3 ? new ApiError(502, 'x', 'x') : 'ok'));
    const outbox = make(server.send, { random: () => 1, backoff: { baseMs: 100, maxMs: 150 } });
    outbox.enqueue('k', null);
    await idle();
    await vi.advanceTimersByTimeAsync(99);
    expect(server.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(2);
    // Second wait: cap = min(150, 200) = 150 with random 1.
    await vi.advanceTimersByTimeAsync(149);
    expect(server.attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(3);
    outbox.destroy();
  });

  it('honours Retry-After (ms or HTTP date) for the whole outbox', async () => {
    let first = true;
    const server = fakeServer(() => {
      if (!first) return 'ok';
      first = false;
      return Object.assign(new ApiError(429, 'rate_limited', 'slow down'), { retryAfterMs: 7_000 });
    });
    const outbox = make(server.send);
    outbox.enqueue('k', 1);
    outbox.enqueue('k', 2);
    await idle();
    expect(server.attempts).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({ status: 'pending', retryAt: Date.now() + 7_000 });
    await vi.advanceTimersByTimeAsync(6_999);
    expect(server.attempts).toHaveLength(1); // the other item waits too
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(3);
    outbox.destroy();

    const date = new Date(Date.now() + 30_000).toUTCString();
    const dated = fakeServer((_, ctx) => (ctx.attempt === 1 ? Object.assign(new ApiError(503, 'x', 'x'), { retryAfter: date }) : 'ok'));
    const other = make(dated.send);
    other.enqueue('k', 1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(dated.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(dated.attempts).toHaveLength(2);
    other.destroy();
  });

  it('aborts and retries an attempt that never settles', async () => {
    const signals: AbortSignal[] = [];
    let calls = 0;
    const outbox = make(
      (_, ctx) => {
        signals.push(ctx.signal);
        return ++calls === 1 ? new Promise(() => {}) : Promise.resolve('ok');
      },
      { sendTimeoutMs: 10_000 },
    );
    outbox.enqueue('k', null);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toBe(2);
    expect(outbox.list()).toEqual([]);
    outbox.destroy();
  });

  it('uses an injected classifier, and survives one that throws', async () => {
    const send = vi.fn().mockRejectedValueOnce({ status: 418 }).mockResolvedValue('ok');
    const outbox = make(send, { classify: () => 'retry' });
    outbox.enqueue('k', null);
    await vi.advanceTimersByTimeAsync(500);
    expect(send).toHaveBeenCalledTimes(2);
    outbox.destroy();

    const throwing = make(vi.fn().mockRejectedValue(new ApiError(400, 'bad_request', 'no')), {
      classify: () => {
        throw new Error('classifier bug');
      },
    });
    throwing.enqueue('k', null);
    await idle();
    expect(throwing.list()[0]).toMatchObject({ status: 'failed', error: { status: 400 } });
    throwing.destroy();
  });
});

describe('failures', () => {
  it('keeps a 4xx as failed with its error, until retried or discarded', async () => {
    const onFailed = vi.fn();
    let reject = true;
    const server = fakeServer(() => (reject ? new ApiError(422, 'validation_failed', 'Text is empty') : 'ok'));
    const outbox = make(server.send, { onFailed });
    const item = outbox.enqueue('reply', { text: '' });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(server.attempts).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({
      id: item.id,
      status: 'failed',
      error: { status: 422, code: 'validation_failed', message: 'Text is empty', class: 'fail' },
    });
    expect(onFailed).toHaveBeenCalledWith(expect.objectContaining({ id: item.id }), expect.objectContaining({ status: 422 }));
    expect((await storage.get(item.id))?.item.status).toBe('failed');

    reject = false;
    expect(outbox.retry(item.id)).toBe(true);
    await idle();
    expect(server.attempts.map((x) => x.key)).toEqual([item.idempotencyKey, item.idempotencyKey]);
    expect(outbox.list()).toEqual([]);
    expect(outbox.retry(item.id)).toBe(false);
    outbox.destroy();
  });

  it('retry() sends a backing-off item now', async () => {
    const server = fakeServer((_, ctx) => (ctx.attempt === 1 ? new ApiError(500, 'x', 'x') : 'ok'));
    const outbox = make(server.send, { random: () => 1, backoff: { baseMs: 60_000 } });
    const item = outbox.enqueue('k', null);
    await idle();
    outbox.retry(item.id);
    await idle();
    expect(server.attempts).toHaveLength(2);
    outbox.destroy();
  });

  it('a failed item holds back its lane but not other lanes', async () => {
    const server = fakeServer((item) => (item.payload === 'bad' ? new ApiError(409, 'conflict', 'x') : 'ok'));
    const outbox = make(server.send);
    const bad = outbox.enqueue('edit', 'bad', { lane: 'message-1' });
    const after = outbox.enqueue('delete', 'ok', { lane: 'message-1' });
    const other = outbox.enqueue('reply', 'ok', { lane: 'thread-2' });
    await idle();
    expect(server.attempts.map((x) => x.id)).toEqual([bad.id, other.id]);
    expect(outbox.list().map((i) => [i.id, i.status])).toEqual([
      [bad.id, 'failed'],
      [after.id, 'pending'],
    ]);
    outbox.discard(bad.id);
    await idle();
    expect(server.attempts.map((x) => x.id)).toEqual([bad.id, other.id, after.id]);
    outbox.destroy();
  });
});

describe('dependencies', () => {
  it('a reply waits for its thread and reads the created thread from resultOf', async () => {
    const seen: unknown[] = [];
    const server = fakeServer((item, ctx) => {
      if (item.kind === 'createThread' && ctx.attempt < 3) return new ApiError(503, 'x', 'x');
      if (item.kind === 'reply') seen.push(ctx.resultOf((item.payload as { threadItem: string }).threadItem));
      return 'ok';
    });
    const outbox = make(server.send);
    const thread = outbox.enqueue('createThread', { text: 'pin' });
    const reply = outbox.enqueue('reply', { threadItem: thread.id }, { dependsOn: thread.id });
    const unrelated = outbox.enqueue('movePin', {});
    await idle();
    expect(server.attempts.map((x) => x.id)).toEqual([thread.id, unrelated.id]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.attempts.map((x) => x.id)).toEqual([thread.id, unrelated.id, thread.id, thread.id, reply.id]);
    expect(seen).toEqual([{ serverId: `srv-${thread.id}`, kind: 'createThread', payload: { text: 'pin' } }]);
    outbox.destroy();
  });

  it('discarding an item discards what depends on it', async () => {
    const server = fakeServer((item) => (item.kind === 'createThread' ? new ApiError(400, 'bad_request', 'x') : 'ok'));
    const outbox = make(server.send);
    const onDiscarded = vi.fn();
    outbox.on('discarded', onDiscarded);
    const thread = outbox.enqueue('createThread', {});
    const reply = outbox.enqueue('reply', {}, { dependsOn: [thread.id] });
    const edit = outbox.enqueue('edit', {}, { dependsOn: reply.id });
    await idle();
    expect(outbox.list().map((i) => i.status)).toEqual(['failed', 'pending', 'pending']);
    expect(outbox.discard(thread.id).sort()).toEqual([thread.id, reply.id, edit.id].sort());
    expect(onDiscarded).toHaveBeenCalledTimes(1);
    expect(outbox.list()).toEqual([]);
    await outbox.flush();
    expect(await storage.list()).toEqual([]);
    expect(outbox.discard('unknown')).toEqual([]);
    outbox.destroy();
  });

  it('fails an item whose dependency no longer exists', async () => {
    const outbox = make(fakeServer().send);
    const orphan = outbox.enqueue('reply', {}, { dependsOn: 'never-enqueued' });
    await idle();
    expect(outbox.list()[0]).toMatchObject({ id: orphan.id, status: 'failed', error: { code: 'dependency_missing' } });
    outbox.destroy();
  });
});
