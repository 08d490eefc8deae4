/**
 * The persistent outbox: every mutation the widget makes waits here until the server confirmed it,
 * so a comment survives a failed request, a reload, a closed tab or a lapsed sign-in, and is sent
 * exactly once thanks to an idempotency key made at enqueue and reused on every attempt.
 *
 * Memory holds a copy of the store for synchronous reads (`list`, `snapshot`); every change is
 * written through one serial chain so this instance's writes land in order, and the store is
 * re-read whenever another tab may have changed it (mirror.ts). The sender is injected: no API
 * knowledge here.
 */
import { runAttempt, settle } from './attempt';
import { createCoordination } from './coordination';
import { newItem } from './item';
import { collectable, dependentsOf, hasWork, isStaleSending, liveRecords, mergeStored, nextDueAt, pickNext } from './schedule';
import { createStoreMirror } from './mirror';
import { resolveOptions } from './options';
import { createJournal, localStorageOrNull } from './journal';
import { createDefaultStorage, DEFAULT_DB_NAME, usableStorage } from './storage';
import type {
  AnyOutboxItem,
  KindMap,
  Outbox,
  OutboxError,
  OutboxItem,
  OutboxOptions,
  OutboxSnapshot,
  OutboxState,
  StoredRecord,
} from './types';

const SEND_TIMEOUT_MS = 120_000;
const STORAGE_OPEN_TIMEOUT_MS = 5_000;

export function createOutbox<Kinds extends object = KindMap>(options: OutboxOptions<Kinds>): Outbox<Kinds> {
  type Item = AnyOutboxItem<Kinds>;
  const { scope } = options;
  const { now, setTimer, rules, emitter } = resolveOptions(options);

  const report = (error: unknown) => {
    if (destroyed) return;
    if (!warned) console.warn('[pinmark] outbox:', error);
    warned = true;
    emitter.emit('error', { error });
  };
  const ownsStorage = !options.storage;
  // Other tabs are told of each write once it landed (by then `world`, made below, exists).
  const journal = createJournal(
    options.journal !== undefined ? options.journal : ownsStorage ? localStorageOrNull() : null,
    DEFAULT_DB_NAME,
  );
  const mirror = createStoreMirror(options.storage ?? createDefaultStorage(), () => world.announce(), report, journal);
  const { unsaved, serial, write, remove } = mirror;
  /** Ids whose `sent` event this instance emitted (each at most once). */
  const announced = new Set<string>();
  let refreshQueued = false;
  let lastOrder = 0;
  let inFlight: string | undefined;
  /** Set by a Retry-After: the server asked for quiet, not just for this one request. */
  let holdUntil = 0;
  let manualPause = false;
  let authPause = false;
  let destroyed = false;
  let draining = false;
  let drainAgain = false;
  let cancelWake: (() => void) | undefined;
  let warned = false;
  const stop = new AbortController();

  const world = createCoordination(
    scope,
    options,
    {
      remoteChange: () => void refresh().then(drain),
      online: kick,
      offline: emitChange,
      visible: () => void refresh().then(kick),
    },
    report,
  );

  /** Re-reads the shared store: what other tabs enqueued, sent or discarded. */
  function refresh(): Promise<void> {
    if (refreshQueued) return mirror.chain.then(() => undefined);
    refreshQueued = true;
    return serial(async () => {
      refreshQueued = false;
      const stored = await mirror.storage.list();
      if (destroyed) return;
      const keep = inFlight ? [...unsaved, inFlight] : unsaved;
      const merged = mergeStored(mirror.records, stored, scope, keep);
      mirror.records = merged.records;
      for (const record of mirror.records.values()) lastOrder = Math.max(lastOrder, record.order);
      for (const record of merged.sentElsewhere) {
        if (announced.has(record.item.id)) continue;
        announced.add(record.item.id);
        emitter.emit('sent', { item: record.item as Item, result: record.sent?.result, byThisTab: false });
      }
      if (merged.vanished.length) emitter.emit('discarded', { ids: merged.vanished });
      emitChange();
    }).then(() => undefined);
  }

  // IndexedDB failing or hanging on open (private modes, blocked storage) is swapped for memory
  // before any write lands: the outbox then still works for the page's life.
  const ready = serial(async () => {
    if (!mirror.storage.persistent) return;
    mirror.storage = await usableStorage(mirror.storage, ownsStorage, setTimer, STORAGE_OPEN_TIMEOUT_MS, stop.signal, report);
    // What the last page changed but IndexedDB never got (a reload right after a change).
    if (mirror.storage.persistent) await journal?.recover(mirror.storage);
  }).then(refresh);
  void ready.then(drain);

  function state(): OutboxState {
    if (destroyed) return 'destroyed';
    if (authPause) return 'auth';
    if (world.isOffline()) return 'offline';
    return manualPause ? 'paused' : 'running';
  }

  function snapshot(): OutboxSnapshot<Kinds> {
    return { state: state(), items: liveRecords(mirror.records).map((r) => r.item as Item), persistent: mirror.storage.persistent };
  }

  function emitChange(): void {
    if (!destroyed) emitter.emit('change', snapshot());
  }

  /** Online again, visible again, resumed: backoff waits chosen by us (not by the server) end now. */
  function kick(): void {
    for (const record of mirror.records.values()) {
      const { item } = record;
      if (!record.sent && item.status === 'pending' && item.retryAt !== undefined && !record.serverDelay) {
        write({ ...record, item: { ...item, retryAt: undefined } });
      }
    }
    emitChange();
    void drain();
  }

  const canSend = () => !destroyed && state() === 'running' && now() >= holdUntil;

  async function drain(): Promise<void> {
    if (draining) return void (drainAgain = true);
    draining = true;
    try {
      do {
        drainAgain = false;
        if (!canSend() || !hasWork(mirror.records, now(), world.locking, inFlight)) break;
        await world.withLock(async () => {
          if (world.locking) await refresh(); // the last holder may have sent or changed anything
          for (const record of mirror.records.values()) {
            if (isStaleSending(record, now(), world.locking, inFlight)) {
              write({ ...record, leaseUntil: undefined, item: { ...record.item, status: 'pending' } });
            }
          }
          for (let pick = pickNext(mirror.records, now()); pick && canSend(); pick = pickNext(mirror.records, now())) {
            if (pick.missingDependency) {
              fail(pick.record, { message: 'What this change refers to was discarded.', code: 'dependency_missing', class: 'fail' });
            } else await sendOne(pick.record.item.id);
          }
          for (const id of collectable(mirror.records, now())) remove(id);
          await mirror.chain; // our writes land before the lock passes to another tab
        });
      } while (drainAgain && !destroyed);
    } catch (error) {
      report(error);
    } finally {
      draining = false;
      scheduleWake();
    }
  }

  function scheduleWake(): void {
    cancelWake?.();
    cancelWake = undefined;
    if (destroyed || manualPause || authPause) return;
    const due = Math.max(nextDueAt(mirror.records, now()) ?? 0, holdUntil);
    if (due > now()) cancelWake = setTimer(() => void drain(), due - now());
  }

  async function sendOne(id: string): Promise<void> {
    // Another tab may have sent or discarded it since we last read the store. `null`: gone from
    // the store; `undefined`: the read failed (or the record never reached storage), trust memory.
    const stored = unsaved.has(id) ? undefined : await serial(() => mirror.storage.get(id).then((r) => r ?? null));
    const record = mirror.records.get(id);
    if (destroyed || !record || record.sent) return;
    const busyElsewhere = stored?.item.status === 'sending' && !isStaleSending(stored, now(), world.locking);
    if (stored === null || stored?.sent || busyElsewhere) {
      if (stored) mirror.records.set(id, stored);
      else mirror.records.delete(id);
      return emitChange();
    }
    const timeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    const item: OutboxItem = { ...record.item, status: 'sending', attempts: record.item.attempts + 1 };
    const sending: StoredRecord = { ...record, item, serverDelay: undefined, leaseUntil: now() + timeoutMs };
    write(sending);
    inFlight = id;
    emitChange();
    const resultOf = (dependency: string) => mirror.records.get(dependency)?.sent?.result;
    const outcome = await runAttempt(
      (signal) => options.send(item as Item, { signal, attempt: item.attempts, resultOf }),
      stop.signal,
      timeoutMs,
      setTimer,
    );
    inFlight = undefined;
    // Destroyed mid-send: the record stays `sending`; the next instance resends it under the same key.
    if (destroyed) return;
    const settled = settle(sending, outcome, { ...rules, now: now() });
    if (settled.outcome === 'fail') return fail(settled.record, settled.error);
    write(settled.record);
    const settledItem = settled.record.item as Item;
    if (settled.outcome === 'sent') {
      announced.add(id);
      emitter.emit('sent', { item: settledItem, result: settled.result, byThisTab: true });
    } else if (settled.outcome === 'auth') {
      authPause = true;
      emitter.emit('auth', { item: settledItem, error: settled.error });
    } else if (settled.serverWaitUntil) holdUntil = settled.serverWaitUntil;
    emitChange();
  }

  function fail(record: StoredRecord, error: OutboxError): void {
    const item = { ...record.item, status: 'failed' as const, error, retryAt: undefined };
    write({ ...record, leaseUntil: undefined, item });
    emitter.emit('failed', { item: item as Item, error });
    emitChange();
  }

  const drainSoon = () => void ready.then(drain);

  return {
    enqueue(kind, payload, enqueueOptions = {}) {
      const item = newItem(kind, payload, enqueueOptions, now);
      if (destroyed) return item;
      lastOrder = Math.max(now(), lastOrder + 1);
      write({ scope, order: lastOrder, item });
      emitChange();
      drainSoon();
      return item;
    },
    retry(id) {
      const record = mirror.records.get(id);
      if (destroyed || !record || record.sent || record.item.status === 'sending') return false;
      const retryAt = record.serverDelay ? record.item.retryAt : undefined;
      write({ ...record, item: { ...record.item, status: 'pending', retryAt } });
      emitChange();
      drainSoon();
      return true;
    },
    discard(id) {
      const record = mirror.records.get(id);
      if (destroyed || !record || record.sent || record.item.status === 'sending') return [];
      const ids = [id, ...dependentsOf(mirror.records, id)];
      ids.forEach(remove);
      emitter.emit('discarded', { ids });
      emitChange();
      drainSoon(); // the discarded item may have held back its lane
      return ids;
    },
    list: () => snapshot().items,
    snapshot,
    on: (event, handler) => emitter.on(event, handler),
    pause() {
      manualPause = true;
      scheduleWake();
      emitChange();
    },
    resume() {
      if (destroyed) return;
      manualPause = false;
      authPause = false;
      kick();
    },
    ready,
    flush: () => mirror.chain.then(() => undefined),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stop.abort(new DOMException('The outbox was destroyed.', 'AbortError'));
      cancelWake?.();
      world.destroy();
      emitter.clear();
      // Writes already queued still land (nothing typed is lost); only then is the connection closed.
      if (ownsStorage) void mirror.chain.then(() => mirror.storage.close?.());
    },
  };
}
