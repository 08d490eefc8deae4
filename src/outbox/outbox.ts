/**
 * The persistent outbox: every mutation the widget makes waits here until the server confirmed it,
 * so a comment survives a failed request, a reload, a closed tab or a lapsed sign-in, and is sent
 * exactly once thanks to an idempotency key made at enqueue and reused on every attempt.
 *
 * Memory holds a copy of the store for synchronous reads (`list`, `snapshot`); every change is
 * written through one serial chain so this instance's writes land in order, and the store is
 * re-read whenever another tab may have changed it. The sender is injected: no API knowledge here.
 */
import { Emitter } from '../util/emitter';
import { runAttempt, settle } from './attempt';
import { createCoordination } from './coordination';
import { classifyError } from './errors';
import { collectable, dependentsOf, hasWork, isStaleSending, liveRecords, mergeStored, nextDueAt, pickNext } from './schedule';
import { createDefaultStorage, usableStorage } from './storage';
import type {
  AnyOutboxItem,
  KindMap,
  Outbox,
  OutboxError,
  OutboxEvents,
  OutboxItem,
  OutboxOptions,
  OutboxSnapshot,
  OutboxState,
  OutboxStorage,
  StoredRecord,
} from './types';
import { uuid } from './uuid';

const SEND_TIMEOUT_MS = 120_000;
const STORAGE_OPEN_TIMEOUT_MS = 5_000;

export function createOutbox<Kinds extends object = KindMap>(options: OutboxOptions<Kinds>): Outbox<Kinds> {
  type Item = AnyOutboxItem<Kinds>;
  const { scope } = options;
  const now = options.now ?? Date.now;
  const setTimer =
    options.setTimer ??
    ((run, ms) => {
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    });
  const rules = { classify: options.classify ?? classifyError, random: options.random ?? Math.random, backoff: options.backoff };
  const emitter = new Emitter<OutboxEvents<Kinds>>();
  if (options.onChange) emitter.on('change', options.onChange);
  if (options.onSent) emitter.on('sent', ({ item, result }) => options.onSent?.(item, result));
  if (options.onFailed) emitter.on('failed', ({ item, error }) => options.onFailed?.(item, error));

  const ownsStorage = !options.storage;
  let storage: OutboxStorage = options.storage ?? createDefaultStorage();
  let records = new Map<string, StoredRecord>();
  /** Changed in memory, not (yet) in storage: kept when the store is re-read. */
  const unsaved = new Set<string>();
  /** Ids whose `sent` event this instance emitted (each at most once). */
  const announced = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();
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

  const report = (error: unknown) => {
    if (destroyed) return;
    if (!warned) console.warn('[pinmark] outbox:', error);
    warned = true;
    emitter.emit('error', { error });
  };
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

  /** Runs storage work one operation at a time, in call order; never rejects. */
  function serial<T>(operation: () => Promise<T>): Promise<T | undefined> {
    const run = chain.then(operation).catch((error: unknown) => void report(error));
    chain = run;
    return run;
  }

  function write(record: StoredRecord): void {
    records.set(record.item.id, record);
    unsaved.add(record.item.id);
    void serial(async () => {
      await storage.set(record);
      if (records.get(record.item.id) === record) unsaved.delete(record.item.id);
      world.announce();
    });
  }

  function remove(id: string): void {
    records.delete(id);
    unsaved.delete(id);
    void serial(async () => {
      await storage.delete(id);
      world.announce();
    });
  }

  /** Re-reads the shared store: what other tabs enqueued, sent or discarded. */
  function refresh(): Promise<void> {
    if (refreshQueued) return chain.then(() => undefined);
    refreshQueued = true;
    return serial(async () => {
      refreshQueued = false;
      const stored = await storage.list();
      if (destroyed) return;
      const keep = inFlight ? [...unsaved, inFlight] : unsaved;
      const merged = mergeStored(records, stored, scope, keep);
      records = merged.records;
      for (const record of records.values()) lastOrder = Math.max(lastOrder, record.order);
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
    if (!storage.persistent) return;
    storage = await usableStorage(storage, ownsStorage, setTimer, STORAGE_OPEN_TIMEOUT_MS, stop.signal, report);
  }).then(refresh);
  void ready.then(drain);

  function state(): OutboxState {
    if (destroyed) return 'destroyed';
    if (authPause) return 'auth';
    if (world.isOffline()) return 'offline';
    return manualPause ? 'paused' : 'running';
  }

  function snapshot(): OutboxSnapshot<Kinds> {
    return { state: state(), items: liveRecords(records).map((r) => r.item as Item), persistent: storage.persistent };
  }

  function emitChange(): void {
    if (!destroyed) emitter.emit('change', snapshot());
  }

  /** Online again, visible again, resumed: backoff waits chosen by us (not by the server) end now. */
  function kick(): void {
    for (const record of records.values()) {
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
        if (!canSend() || !hasWork(records, now(), world.locking, inFlight)) break;
        await world.withLock(async () => {
          if (world.locking) await refresh(); // the last holder may have sent or changed anything
          for (const record of records.values()) {
            if (isStaleSending(record, now(), world.locking, inFlight)) {
              write({ ...record, leaseUntil: undefined, item: { ...record.item, status: 'pending' } });
            }
          }
          for (let pick = pickNext(records, now()); pick && canSend(); pick = pickNext(records, now())) {
            if (pick.missingDependency) {
              fail(pick.record, { message: 'What this change refers to was discarded.', code: 'dependency_missing', class: 'fail' });
            } else await sendOne(pick.record.item.id);
          }
          for (const id of collectable(records, now())) remove(id);
          await chain; // our writes land before the lock passes to another tab
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
    const due = Math.max(nextDueAt(records, now()) ?? 0, holdUntil);
    if (due > now()) cancelWake = setTimer(() => void drain(), due - now());
  }

  async function sendOne(id: string): Promise<void> {
    // Another tab may have sent or discarded it since we last read the store. `null`: gone from
    // the store; `undefined`: the read failed (or the record never reached storage), trust memory.
    const stored = unsaved.has(id) ? undefined : await serial(() => storage.get(id).then((r) => r ?? null));
    const record = records.get(id);
    if (destroyed || !record || record.sent) return;
    const busyElsewhere = stored?.item.status === 'sending' && !isStaleSending(stored, now(), world.locking);
    if (stored === null || stored?.sent || busyElsewhere) {
      if (stored) records.set(id, stored);
      else records.delete(id);
      return emitChange();
    }
    const timeoutMs = options.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    const item: OutboxItem = { ...record.item, status: 'sending', attempts: record.item.attempts + 1 };
    const sending: StoredRecord = { ...record, item, serverDelay: undefined, leaseUntil: now() + timeoutMs };
    write(sending);
    inFlight = id;
    emitChange();
    const resultOf = (dependency: string) => records.get(dependency)?.sent?.result;
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
      const id = uuid();
      const dependsOn = ([] as unknown[]).concat(enqueueOptions.dependsOn ?? []).filter((d) => typeof d === 'string');
      const item: OutboxItem<typeof kind, Kinds[typeof kind]> = {
        id,
        kind,
        payload,
        idempotencyKey: uuid(),
        lane: enqueueOptions.lane ?? id,
        dependsOn,
        status: 'pending',
        attempts: 0,
        createdAt: now(),
      };
      if (destroyed) return item;
      lastOrder = Math.max(now(), lastOrder + 1);
      write({ scope, order: lastOrder, item });
      emitChange();
      drainSoon();
      return item;
    },
    retry(id) {
      const record = records.get(id);
      if (destroyed || !record || record.sent || record.item.status === 'sending') return false;
      const retryAt = record.serverDelay ? record.item.retryAt : undefined;
      write({ ...record, item: { ...record.item, status: 'pending', retryAt } });
      emitChange();
      drainSoon();
      return true;
    },
    discard(id) {
      const record = records.get(id);
      if (destroyed || !record || record.sent || record.item.status === 'sending') return [];
      const ids = [id, ...dependentsOf(records, id)];
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
    flush: () => chain.then(() => undefined),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stop.abort(new DOMException('The outbox was destroyed.', 'AbortError'));
      cancelWake?.();
      world.destroy();
      emitter.clear();
      // Writes already queued still land (nothing typed is lost); only then is the connection closed.
      if (ownsStorage) void chain.then(() => storage.close?.());
    },
  };
}
