/**
 * Which record goes next — pure functions over the records, so the rules can be read and tested
 * without timers, storage or tabs. One item at a time, oldest first, with two constraints:
 * an item waits for every earlier unsent item of its lane, and for every item it depends on.
 */
import type { StoredRecord } from './types';

/** Sent records are kept this long (and while a live item still depends on them). */
export const SENT_RECORD_TTL_MS = 10 * 60_000;

export type Pick = { record: StoredRecord; missingDependency?: string };

export function byOrder(a: StoredRecord, b: StoredRecord): number {
  return a.order - b.order || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0);
}

export function liveRecords(records: Map<string, StoredRecord>): StoredRecord[] {
  return [...records.values()].filter((record) => !record.sent).sort(byOrder);
}

/**
 * The next item to send at `now`, or one whose dependency no longer exists (it must fail: what it
 * refers to will never be created).
 */
export function pickNext(records: Map<string, StoredRecord>, now: number): Pick | undefined {
  const busyLanes = new Set<string>();
  for (const record of liveRecords(records)) {
    const { item } = record;
    if (busyLanes.has(item.lane)) continue;
    // Whatever its state, this item holds back the later items of its lane: order within a lane is the contract.
    busyLanes.add(item.lane);
    if (item.status !== 'pending' || (item.retryAt !== undefined && item.retryAt > now)) continue;
    let waiting = false;
    for (const id of item.dependsOn) {
      const dependency = records.get(id);
      if (!dependency) return { record, missingDependency: id };
      if (!dependency.sent) waiting = true;
    }
    if (!waiting) return { record };
  }
  return undefined;
}

/** When a backing-off item falls due, or a lease runs out (the timer to set), if any. */
export function nextDueAt(records: Map<string, StoredRecord>, now: number): number | undefined {
  let due: number | undefined;
  for (const { item, sent, leaseUntil } of records.values()) {
    if (sent) continue;
    const at = item.status === 'pending' ? item.retryAt : item.status === 'sending' ? leaseUntil : undefined;
    if (at !== undefined && at > now) due = due === undefined ? at : Math.min(due, at);
  }
  return due;
}

/**
 * A record marked `sending` that nobody is sending: its tab closed mid-request. Under the Web Lock
 * whoever holds the lock knows that of every record but its own; without locks, a lease tells.
 */
export function isStaleSending(record: StoredRecord, now: number, locked: boolean, inFlight?: string): boolean {
  return !record.sent && record.item.status === 'sending' && record.item.id !== inFlight && (locked || (record.leaseUntil ?? 0) <= now);
}

/**
 * True when a drain could do something now: an item due, a stale `sending` record (with locks:
 * maybe stale, the lock will tell), or a sent record to clean up.
 */
export function hasWork(records: Map<string, StoredRecord>, now: number, locking: boolean, inFlight?: string): boolean {
  for (const record of records.values()) {
    const { item, sent } = record;
    if (sent) continue;
    if (isStaleSending(record, now, locking, inFlight)) return true;
    if (item.status === 'pending' && (item.retryAt === undefined || item.retryAt <= now)) return true;
  }
  return collectable(records, now).length > 0;
}

/** Sent records no live item needs any more and old enough that no tab can still be enqueuing on them. */
export function collectable(records: Map<string, StoredRecord>, now: number): string[] {
  const needed = new Set<string>();
  for (const { item, sent } of records.values()) if (!sent) item.dependsOn.forEach((id) => needed.add(id));
  const ids: string[] = [];
  for (const { item, sent } of records.values()) {
    if (sent && !needed.has(item.id) && now - sent.at >= SENT_RECORD_TTL_MS) ids.push(item.id);
  }
  return ids;
}

/** Every live item that depends on `id`, directly or through another item. */
export function dependentsOf(records: Map<string, StoredRecord>, id: string): string[] {
  const found = new Set<string>();
  let frontier = [id];
  while (frontier.length) {
    const next: string[] = [];
    for (const { item, sent } of records.values()) {
      if (sent || found.has(item.id) || item.id === id) continue;
      if (item.dependsOn.some((d) => frontier.includes(d))) {
        found.add(item.id);
        next.push(item.id);
      }
    }
    frontier = next;
  }
  return [...found];
}

/**
 * Memory after re-reading the store: the store's records of this scope, except those only memory
 * has right (`keep`: unsaved changes, the item being sent). Reports items another tab sent and
 * items that disappeared (discarded elsewhere) so this tab can tell its UI.
 */
export function mergeStored(
  records: Map<string, StoredRecord>,
  stored: StoredRecord[],
  scope: string,
  keep: Iterable<string>,
): { records: Map<string, StoredRecord>; sentElsewhere: StoredRecord[]; vanished: string[] } {
  const fresh = new Map<string, StoredRecord>();
  for (const record of stored) if (record.scope === scope) fresh.set(record.item.id, record);
  for (const id of keep) {
    const mine = records.get(id);
    if (mine) fresh.set(id, mine);
  }
  const sentElsewhere: StoredRecord[] = [];
  const vanished: string[] = [];
  for (const [id, old] of records) {
    if (old.sent) continue;
    const next = fresh.get(id);
    if (next?.sent) sentElsewhere.push(next);
    else if (!next) vanished.push(id);
  }
  return { records: fresh, sentElsewhere, vanished };
}
