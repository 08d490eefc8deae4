/**
 * Where queued mutations wait. IndexedDB keeps them across reloads, closed tabs and the other tabs
 * of the page (and stores Blobs, so a screenshot can wait too); the memory store serves node tests
 * and pages where IndexedDB will not open (some private modes), for the page's life.
 *
 * Hand-written rather than `idb-keyval` (~0.6 kB either way): the outbox must be able to close its
 * connection on `destroy()` and step aside when another connection upgrades or deletes the
 * database, which idb-keyval's cached, never-closed connection does not allow.
 */
import type { OutboxStorage, StoredRecord, TimerSetter } from './types';

export const DEFAULT_DB_NAME = 'pinmark-outbox';
const STORE = 'records';

export function createIndexedDbStorage(dbName = DEFAULT_DB_NAME): OutboxStorage {
  let connection: Promise<IDBDatabase> | undefined;
  let closed = false;

  function open(): Promise<IDBDatabase> {
    if (closed) return Promise.reject(new Error('The outbox storage is closed.'));
    connection ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading or deleting the database must not be blocked by us: close, reopen later.
        db.onversionchange = () => forget(db);
        db.onclose = () => forget(db);
        if (closed) db.close();
        resolve(db);
      };
      request.onerror = () => reject(request.error);
    });
    const current = connection;
    current.catch(() => {
      if (connection === current) connection = undefined;
    });
    return current;
  }

  function forget(db: IDBDatabase): void {
    db.close();
    connection = undefined;
  }

  async function run<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = operate(transaction.objectStore(STORE));
      // Resolving on `complete`, not on the request's success, means a write is committed when we say so.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? request.error);
    });
  }

  return {
    persistent: true,
    get: (id) => run('readonly', (store) => store.get(id) as IDBRequest<StoredRecord | undefined>),
    set: (record) => run('readwrite', (store) => store.put(record, record.item.id)).then(() => undefined),
    delete: (id) => run('readwrite', (store) => store.delete(id)),
    list: () => run('readonly', (store) => store.getAll() as IDBRequest<StoredRecord[]>),
    close() {
      closed = true;
      connection?.then(
        (db) => db.close(),
        () => undefined,
      );
      connection = undefined;
    },
  };
}

/** Records as IndexedDB would give them back: copies, so a caller mutating its object changes nothing. */
export function createMemoryStorage(): OutboxStorage {
  const records = new Map<string, StoredRecord>();
  return {
    persistent: false,
    get: async (id) => copy(records.get(id)),
    set: async (record) => void records.set(record.item.id, copy(record)),
    delete: async (id) => void records.delete(id),
    list: async () => [...records.values()].map(copy),
  };
}

function copy<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

/** IndexedDB where the page may use it, memory otherwise. */
export function createDefaultStorage(): OutboxStorage {
  try {
    // Merely reading `indexedDB` throws in some sandboxed frames.
    if (typeof indexedDB !== 'undefined' && indexedDB) return createIndexedDbStorage();
  } catch {
    // memory below
  }
  return createMemoryStorage();
}

/** `storage` if it answers a read within `timeoutMs`, else a fresh memory store (closing ours). */
export async function usableStorage(
  storage: OutboxStorage,
  owned: boolean,
  setTimer: TimerSetter,
  timeoutMs: number,
  stop: AbortSignal,
  report: (error: unknown) => void,
): Promise<OutboxStorage> {
  const ok = await new Promise<boolean>((resolve) => {
    const timeout = setTimer(() => resolve(false), timeoutMs);
    const cancel = () => {
      timeout();
      stop.removeEventListener('abort', cancel);
    };
    stop.addEventListener('abort', cancel);
    storage
      .list()
      .then(
        () => resolve(true),
        (error: unknown) => {
          report(error);
          resolve(false);
        },
      )
      .finally(cancel);
  });
  if (ok || stop.aborted) return storage;
  if (owned) storage.close?.();
  return createMemoryStorage();
}
