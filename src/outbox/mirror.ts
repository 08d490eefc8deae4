/**
 * The outbox's memory copy of its store (outbox.ts): reads are synchronous, from memory; every
 * change is made in memory at once and written through one serial chain, so this instance's writes
 * land in the order they were made; and what is changed in memory but not yet stored is kept apart,
 * so a re-read of the shared store does not undo it.
 */
import type { WriteAheadJournal } from './journal';
import type { OutboxStorage, StoredRecord } from './types';

export interface StoreMirror {
  /** Every record this instance knows, by id: replaced whole when the store is re-read. */
  records: Map<string, StoredRecord>;
  /** Changed in memory, not (yet) in storage: kept when the store is re-read. */
  readonly unsaved: Set<string>;
  /** The store written through (swapped for memory when IndexedDB cannot be used). */
  storage: OutboxStorage;
  /** The last storage operation queued: once it settles, every one before it has. */
  readonly chain: Promise<unknown>;
  /** Runs storage work one operation at a time, in call order; never rejects. */
  serial<T>(operation: () => Promise<T>): Promise<T | undefined>;
  /** Sets a record in memory now and in the store in turn, then tells other tabs. */
  write(record: StoredRecord): void;
  /** Deletes a record from memory now and from the store in turn, then tells other tabs. */
  remove(id: string): void;
}

/**
 * `announce` tells other tabs the store changed; `report` gets any storage error; `journal` holds
 * each write synchronously until the store has it (a reload in between loses nothing).
 */
export function createStoreMirror(
  storage: OutboxStorage,
  announce: () => void,
  report: (error: unknown) => void,
  journal: WriteAheadJournal | null = null,
): StoreMirror {
  let chain: Promise<unknown> = Promise.resolve();

  function serial<T>(operation: () => Promise<T>): Promise<T | undefined> {
    const run = chain.then(operation).catch((error: unknown) => void report(error));
    chain = run;
    return run;
  }

  const mirror: StoreMirror = {
    records: new Map(),
    unsaved: new Set(),
    storage,
    get chain() {
      return chain;
    },
    serial,
    write(record) {
      mirror.records.set(record.item.id, record);
      mirror.unsaved.add(record.item.id);
      journal?.note(record);
      void serial(async () => {
        await mirror.storage.set(record);
        if (mirror.records.get(record.item.id) === record) {
          mirror.unsaved.delete(record.item.id);
          journal?.settle(record.item.id);
        }
        announce();
      });
    },
    remove(id) {
      mirror.records.delete(id);
      mirror.unsaved.delete(id);
      // Not brought back by the next page's recovery (the store's own copy is sent at most once anyway).
      journal?.settle(id);
      void serial(async () => {
        await mirror.storage.delete(id);
        announce();
      });
    },
  };
  return mirror;
}
