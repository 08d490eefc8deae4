import { describe, expect, it } from 'vitest';
import { collectable, dependentsOf, hasWork, isStaleSending, mergeStored, nextDueAt, pickNext, SENT_RECORD_TTL_MS } from './schedule';
import type { OutboxItem, StoredRecord } from './types';

let order = 0;
function rec(id: string, over: Partial<OutboxItem> = {}, extra: Partial<StoredRecord> = {}): StoredRecord {
  const item: OutboxItem = {
    id,
    kind: 'k',
    payload: null,
    idempotencyKey: `key-${id}`,
    lane: id,
    dependsOn: [],
    status: 'pending',
    attempts: 0,
    createdAt: 0,
    ...over,
  };
  return { scope: 's', order: ++order, item, ...extra };
}
const map = (...records: StoredRecord[]) => new Map(records.map((r) => [r.item.id, r]));
const sent = (at = 0) => ({ sent: { at, result: { id: 'server' } } });

describe('pickNext', () => {
  it('takes the oldest ready item', () => {
    expect(pickNext(map(rec('a'), rec('b')), 0)?.record.item.id).toBe('a');
    const later = rec('x');
    const earlier = { ...rec('y'), order: later.order - 10 };
    expect(pickNext(map(later, earlier), 0)?.record.item.id).toBe('y');
  });

  it('keeps a lane in order: a backing-off, failed or sending item holds back the rest of its lane', () => {
    for (const head of [{ retryAt: 100 }, { status: 'failed' as const }, { status: 'sending' as const }]) {
      const records = map(rec('a', { lane: 'L', ...head }), rec('b', { lane: 'L' }), rec('c', { lane: 'M' }));
      expect(pickNext(records, 0)?.record.item.id).toBe('c');
    }
    expect(pickNext(map(rec('a', { lane: 'L', retryAt: 100 }), rec('b', { lane: 'L' })), 0)).toBeUndefined();
    expect(pickNext(map(rec('a', { lane: 'L', retryAt: 100 }), rec('b', { lane: 'L' })), 100)?.record.item.id).toBe('a');
  });

  it('waits for dependencies to be sent, and reports a dependency that no longer exists', () => {
    const thread = rec('t', { retryAt: 50 });
    const reply = rec('r', { dependsOn: ['t'] });
    expect(pickNext(map(thread, reply), 0)).toBeUndefined();
    expect(pickNext(map({ ...thread, ...sent() }, reply), 0)?.record.item.id).toBe('r');
    expect(pickNext(map(reply), 0)).toEqual({ record: reply, missingDependency: 't' });
  });

  it('skips sent records', () => {
    expect(pickNext(map({ ...rec('a'), ...sent() }), 0)).toBeUndefined();
  });
});

describe('housekeeping', () => {
  it('nextDueAt is the earliest future retry or lease end', () => {
    const records = map(
      rec('a', { retryAt: 300 }),
      rec('b', { retryAt: 200 }),
      rec('c', { retryAt: 5 }),
      rec('d', { status: 'sending' }, { leaseUntil: 150 }),
    );
    expect(nextDueAt(records, 10)).toBe(150);
    expect(nextDueAt(map(rec('a')), 10)).toBeUndefined();
  });

  it('isStaleSending: under the lock every other sending record is stale; without, only after its lease', () => {
    const record = rec('a', { status: 'sending' }, { leaseUntil: 100 });
    expect(isStaleSending(record, 0, true)).toBe(true);
    expect(isStaleSending(record, 0, true, 'a')).toBe(false);
    expect(isStaleSending(record, 99, false)).toBe(false);
    expect(isStaleSending(record, 100, false)).toBe(true);
    expect(isStaleSending(rec('b'), 0, true)).toBe(false);
  });

  it('hasWork sees due items, stale sends and old sent records', () => {
    expect(hasWork(map(rec('a', { retryAt: 10 })), 0, true)).toBe(false);
    expect(hasWork(map(rec('a', { retryAt: 10 })), 10, true)).toBe(true);
    expect(hasWork(map(rec('a', { status: 'failed' })), 0, true)).toBe(false);
    expect(hasWork(map(rec('a', { status: 'sending' })), 0, true)).toBe(true);
    expect(hasWork(map(rec('a', { status: 'sending' })), 0, true, 'a')).toBe(false);
    expect(hasWork(map({ ...rec('a'), ...sent(0) }), SENT_RECORD_TTL_MS, true)).toBe(true);
  });

  it('collects sent records once old and unneeded', () => {
    const done = { ...rec('t'), ...sent(1000) };
    const reply = rec('r', { dependsOn: ['t'], status: 'failed' });
    expect(collectable(map(done), 1000 + SENT_RECORD_TTL_MS - 1)).toEqual([]);
    expect(collectable(map(done), 1000 + SENT_RECORD_TTL_MS)).toEqual(['t']);
    expect(collectable(map(done, reply), 1e12)).toEqual([]);
  });

  it('dependentsOf follows chains', () => {
    const records = map(rec('t'), rec('r1', { dependsOn: ['t'] }), rec('e', { dependsOn: ['r1'] }), rec('x'));
    expect(dependentsOf(records, 't').sort()).toEqual(['e', 'r1']);
    expect(dependentsOf(records, 'x')).toEqual([]);
  });
});

describe('mergeStored', () => {
  it('takes the store, keeps what only memory has right, and tells what changed elsewhere', () => {
    const a = rec('a');
    const b = rec('b');
    const c = rec('c');
    const mine = rec('m');
    const memory = map(a, b, c, mine);
    const other = { ...rec('o'), scope: 'other' };
    const stored = [{ ...a, ...sent() }, c, rec('new'), other, { ...mine, item: { ...mine.item, status: 'failed' as const } }];
    const merged = mergeStored(memory, stored, 's', ['m']);
    expect([...merged.records.keys()].sort()).toEqual(['a', 'c', 'm', 'new']);
    expect(merged.records.get('m')).toBe(mine);
    expect(merged.sentElsewhere.map((r) => r.item.id)).toEqual(['a']);
    expect(merged.vanished).toEqual(['b']);
  });
});
