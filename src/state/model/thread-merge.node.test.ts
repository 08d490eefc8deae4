import { describe, expect, it } from 'vitest';
import type { ThreadResponse } from '../../api/wire';
import { fresh, message, thread } from '../services/live-refresh-kit';
import { localThread, type OptimisticEntry } from './optimistic';
import { mergeServerThreads, sameData } from './thread-merge';

const merge = (current: ThreadResponse[], server: ThreadResponse[], optimistic: OptimisticEntry[] = [], before = current) =>
  mergeServerThreads({ current, before, server, optimistic });

describe('mergeServerThreads', () => {
  it('keeps the very same list and objects when nothing changed on the server', () => {
    const current = [thread('t1', 1), thread('t2', 2)];
    const result = merge(current, fresh(current));
    expect(result.threads).toBe(current);
    expect(result.removed).toEqual([]);
  });

  it('adds new threads, takes changed ones, and keeps unchanged objects', () => {
    const current = [thread('t1', 1), thread('t2', 2)];
    const server = fresh(current);
    server[1] = { ...server[1]!, resolved: true, messages: [...server[1]!.messages, message('t2-m2', 't2', 'a reply', 'u-c')] };
    server.push(thread('t3', 3));
    const { threads } = merge(current, server);
    expect(threads.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(threads[0]).toBe(current[0]);
    expect(threads[1]).toMatchObject({ resolved: true });
    expect(threads[1]!.messages.map((m) => m.content)).toEqual(['first of t2', 'a reply']);
  });

  it('takes an edited message (only the message changed) and a moved pin', () => {
    const current = [thread('t1', 1), thread('t2', 2)];
    const server = fresh(current);
    server[0]!.messages[0] = { ...server[0]!.messages[0]!, content: 'edited', modifiedAt: 5 };
    server[1]!.elements[0]!.path = '#elsewhere';
    const { threads } = merge(current, server);
    expect(threads[0]!.messages[0]!.content).toBe('edited');
    expect(threads[1]!.elements[0]!.path).toBe('#elsewhere');
  });

  it('removes threads deleted elsewhere and says which', () => {
    const current = [thread('t1', 1), thread('t2', 2)];
    const result = merge(current, fresh([current[0]!]));
    expect(result.threads.map((t) => t.id)).toEqual(['t1']);
    expect(result.removed).toEqual(['t2']);
  });

  it('keeps what changed locally while the request was out (the answer may predate it)', () => {
    const before = [thread('t1', 1), thread('t2', 2)];
    const server = fresh(before); // read before the reviewer resolved t1 and the outbox created t9
    const resolved = { ...before[0]!, resolved: true };
    const created = thread('t9', 9);
    const current = [resolved, before[1]!, created];
    const result = merge(current, server, [], before);
    expect(result.threads).toBe(current);
    expect(result.removed).toEqual([]);
  });

  it('keeps a comment still in the outbox and holds back its server copy until the outbox reconciles it', () => {
    const body = {
      isImageThread: false,
      url: 'https://shop.test/',
      canonicalUrl: 'https://shop.test/',
      elements: [{ elementPath: '#hero', offsetXPercentage: 33, offsetYPercentage: 44 }],
      offsetXPercentage: 1,
      offsetYPercentage: 2,
      message: { ops: [{ insert: 'mine\n' }] },
      browserContext: {} as never,
      elementParents: [],
      viewModeId: 'desktop',
    };
    const local = localThread('local:1', body, { userId: 'u-b', name: 'B' }, 5, 'markup');
    const reply = message('local:2', 't1', 'my reply', 'u-b');
    const optimistic: OptimisticEntry[] = [
      { kind: 'thread', localId: 'local:1', thread: local },
      { kind: 'reply', localId: 'local:2', threadId: 't1', message: reply },
    ];
    const t1 = thread('t1', 1);
    const current = [{ ...t1, messages: [...t1.messages, reply] }, local];
    // The server already stored both (the outbox has not read its answers yet).
    const copyOfThread = thread('t7', 7, {
      user: { id: 'u-b', name: 'B', guest: false, createdAt: 0, modifiedAt: 0 },
      elements: [{ id: 'e', threadId: 't7', path: '#hero', offsetXPercentage: 33, offsetYPercentage: 44, createdAt: 1, modifiedAt: 1 }],
    });
    const server = [{ ...fresh(t1), messages: [...fresh(t1.messages), message('m-real', 't1', 'my reply', 'u-b')] }, copyOfThread];
    const result = merge(current, server, optimistic);
    expect(result.threads.map((t) => t.id)).toEqual(['t1', 'local:1']);
    expect(result.threads[0]!.messages.map((m) => m.id)).toEqual(['t1-m1', 'local:2']);
    expect(result.threads).toBe(current);

    // Someone else's identical words are not held back.
    const other = merge(
      current,
      [{ ...server[0]!, messages: [...fresh(t1.messages), message('m-x', 't1', 'my reply', 'u-c')] }],
      optimistic,
    );
    expect(other.threads[0]!.messages.map((m) => m.id)).toEqual(['t1-m1', 'm-x', 'local:2']);
  });

  it('lays unconfirmed changes over the server copy again (a queued resolve, edit, deletion)', () => {
    const t1 = thread('t1', 1, { messages: [message('m1', 't1', 'one'), message('m2', 't1', 'two', 'u-b')] });
    const optimistic: OptimisticEntry[] = [
      { kind: 'change', change: 'setResolved', payload: { threadId: 't1', resolved: true } },
      { kind: 'change', change: 'deleteMessage', payload: { threadId: 't1', messageId: 'm2', removed: t1.messages[1]!, index: 1 } },
    ];
    const current = [{ ...t1, resolved: true, messages: [t1.messages[0]!] }];
    // Someone replied meanwhile, so the server copy is different and is taken, with the overlays.
    const server = [{ ...fresh(t1), messages: [...fresh(t1.messages), message('m3', 't1', 'three', 'u-c')] }];
    const { threads } = merge(current, server, optimistic);
    expect(threads[0]).toMatchObject({ resolved: true });
    expect(threads[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm3']);
  });

  it('drops a local thread the outbox no longer has, without calling it deleted', () => {
    const t1 = thread('t1', 1);
    const stale = thread('local:9', 0);
    const result = merge([t1, stale], fresh([t1]));
    expect(result.threads.map((t) => t.id)).toEqual(['t1']);
    expect(result.removed).toEqual([]);
  });

  it('compares data, not objects or key order', () => {
    expect(sameData({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: [] }, { a: {} })).toBe(false);
    expect(sameData({ s: null }, { s: {} })).toBe(false);
  });

  it('costs little on a markup with many threads (reported, not asserted)', () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      thread(`t${i}`, i + 1, {
        messages: Array.from({ length: 5 }, (_, j) => message(`t${i}-m${j}`, `t${i}`, `message ${j} `.repeat(20))),
      }),
    );
    const changed = fresh(many);
    for (let i = 0; i < 10; i++) changed[i * 15]!.resolved = true;
    const runs = [fresh(many), changed, fresh(changed)];
    const times: number[] = [];
    let current = many;
    for (const server of runs) {
      const start = performance.now();
      current = merge(current, server).threads;
      times.push(performance.now() - start);
    }
    console.info(
      `[live-refresh] merge of 150 threads × 5 messages: ${times.map((t) => t.toFixed(2)).join(' / ')} ms (unchanged, 10 changed, unchanged)`,
    );
    expect(current.filter((t) => t.resolved)).toHaveLength(10);
  });
});
