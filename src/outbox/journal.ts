/**
 * A write-ahead journal for the outbox's IndexedDB writes. IndexedDB is asynchronous: a change the
 * reviewer made a moment before closing or reloading the tab (resolve, then F5) can still be waiting
 * in the write chain, and the browser drops it with the page. Each record is therefore also written
 * synchronously to a small key-value store (localStorage) at the moment it changes in memory, and
 * removed from there once IndexedDB holds it. The next outbox to start writes whatever is left over
 * into IndexedDB before it reads the queue.
 *
 * Only plain-data records go in (a screenshot or a file waits as a Blob, which has no synchronous
 * form): what depends on a lost Blob then fails visibly as "missing dependency" instead of vanishing.
 */
import type { OutboxStorage, StoredRecord, SyncStore } from './types';

export interface WriteAheadJournal {
  /** Holds `record` until `settle` (no-op for records that are not plain data). */
  note(record: StoredRecord): void;
  /** Storage has the latest version of `id` (or it was removed): the journal lets go of it. */
  settle(id: string): void;
  /** Writes what an earlier page left in the journal into `storage`, then forgets it. */
  recover(storage: OutboxStorage): Promise<number>;
}

const PREFIX = 'pinmark-outbox-wal:';

/** A journal over `store` for the IndexedDB database `dbName`; null when there is no store. */
export function createJournal(store: SyncStore | null, dbName: string): WriteAheadJournal | null {
  if (!store) return null;
  const prefix = `${PREFIX}${dbName}:`;
  const quietly = (work: () => void) => {
    try {
      work();
    } catch {
      // Full or refused storage: the journal is a safety net, IndexedDB still gets the write.
    }
  };
  return {
    note(record) {
      const key = prefix + record.item.id;
      if (!isPlainData(record)) return quietly(() => store.removeItem(key));
      quietly(() => store.setItem(key, JSON.stringify(record)));
    },
    settle(id) {
      quietly(() => store.removeItem(prefix + id));
    },
    async recover(storage) {
      const left: [string, StoredRecord | null][] = [];
      quietly(() => {
        for (let i = 0; i < store.length; i++) {
          const key = store.key(i);
          if (!key?.startsWith(prefix)) continue;
          left.push([key, parseRecord(store.getItem(key))]);
        }
      });
      let recovered = 0;
      for (const [key, record] of left) {
        if (record) {
          await storage.set(record);
          recovered++;
        }
        quietly(() => store.removeItem(key));
      }
      return recovered;
    },
  };
}

/** localStorage where the page may use it (reading it throws in some sandboxed frames). */
export function localStorageOrNull(): SyncStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parseRecord(text: string | null): StoredRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as StoredRecord;
    return typeof value?.item?.id === 'string' && typeof value.scope === 'string' && typeof value.order === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** JSON round-trips it unchanged: strings, finite numbers, booleans, null, arrays and plain objects. */
function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > 64) return false;
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((entry) => isPlainData(entry, depth + 1));
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((entry) => isPlainData(entry, depth + 1));
}
