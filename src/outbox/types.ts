/**
 * The outbox's public shapes. Kept apart from the engine so the state layer can import the types
 * without pulling the engine into the first load (the outbox itself may live in a lazy chunk).
 */

/** What the UI shows per item; a sent item leaves the list (its result arrives through `sent`). */
export type OutboxItemStatus = 'pending' | 'sending' | 'failed';

/** Why nothing is being sent: `auth` waits for `resume()` after the app signed in again. */
export type OutboxState = 'running' | 'paused' | 'offline' | 'auth' | 'destroyed';

/** What a failure means for the item: try again later, wait for a new token, or stop and keep it. */
export type ErrorClass = 'retry' | 'auth' | 'fail';

/** A failure as stored with the item: plain data, so it survives IndexedDB and other tabs. */
export interface OutboxError {
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status?: number;
  code?: string;
  class: ErrorClass;
}

export interface OutboxItem<K extends string = string, P = unknown> {
  id: string;
  kind: K;
  /** Structured-cloneable (Blobs included: a screenshot can wait in IndexedDB as a Blob). */
  payload: P;
  /** Created once at enqueue and sent on every attempt, so the server can drop duplicates. */
  idempotencyKey: string;
  /** Items of one lane go strictly in order; an item without a lane is a lane of its own. */
  lane: string;
  /** Items whose results this one needs; it waits until all of them were sent. */
  dependsOn: string[];
  status: OutboxItemStatus;
  /** Attempts started so far (a 401 counts too). */
  attempts: number;
  /** The last failure; kept on pending items as "retrying after …" information. */
  error?: OutboxError;
  /** When the next attempt is due (ms since epoch), while backing off. */
  retryAt?: number;
  createdAt: number;
}

/** Kinds mapped to their payload types, e.g. `{ createThread: CreateThreadRequest; … }`. */
export type KindMap = Record<string, unknown>;

/** An item of any kind of the map, discriminated by `kind` so a `switch` narrows the payload. */
export type AnyOutboxItem<Kinds extends object> = {
  [K in keyof Kinds & string]: OutboxItem<K, Kinds[K]>;
}[keyof Kinds & string];

export interface EnqueueOptions {
  lane?: string;
  dependsOn?: string | string[];
}

export interface SendContext {
  /** Aborted on `destroy()` and when the attempt outlives `sendTimeoutMs`. */
  signal: AbortSignal;
  /** The result of a sent item this one depends on, e.g. the created thread with its server id. */
  resultOf(id: string): unknown;
  /** 1 on the first attempt. */
  attempt: number;
}

/** A record in storage: a live item, or a sent one kept while dependents may still need its result. */
export interface StoredRecord {
  scope: string;
  /** Position in the queue; unique and increasing across the tabs of one scope. */
  order: number;
  item: OutboxItem;
  sent?: { at: number; result: unknown };
  /** A retry time set by the server (Retry-After), which a tab becoming visible must not cut short. */
  serverDelay?: boolean;
  /** While `sending`: after this, a tab without Web Locks may assume the sender is gone. */
  leaseUntil?: number;
}

/** The synchronous part of `Storage` the write-ahead journal needs. */
export type SyncStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Where the outbox keeps its records; `list` may return other scopes' records (they are skipped). */
export interface OutboxStorage {
  get(id: string): Promise<StoredRecord | undefined>;
  set(record: StoredRecord): Promise<void>;
  delete(id: string): Promise<void>;
  list(): Promise<StoredRecord[]>;
  /** True when records outlive the page (IndexedDB); false for the in-memory store. */
  readonly persistent: boolean;
  close?(): void;
}

export interface OutboxSnapshot<Kinds extends object = KindMap> {
  state: OutboxState;
  items: AnyOutboxItem<Kinds>[];
  /** False when records live only in memory (no IndexedDB): they are lost with the page. */
  persistent: boolean;
}

export interface OutboxEvents<Kinds extends object = KindMap> {
  change: OutboxSnapshot<Kinds>;
  /** `byThisTab` is false when another tab sent an item this tab knew about. */
  sent: { item: AnyOutboxItem<Kinds>; result: unknown; byThisTab: boolean };
  failed: { item: AnyOutboxItem<Kinds>; error: OutboxError };
  /** A 401: the outbox paused; sign in again, then call `resume()`. */
  auth: { item: AnyOutboxItem<Kinds>; error: OutboxError };
  /** Items removed by `discard` (with their dependents). */
  discarded: { ids: string[] };
  /** Storage trouble (quota, a payload IndexedDB cannot clone): the item stays in memory. */
  error: { error: unknown };
}

export type TimerSetter = (callback: () => void, delayMs: number) => () => void;

/** The part of the Web Locks API the outbox uses (injectable; `null` turns locking off). */
export interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface OutboxOptions<Kinds extends object = KindMap> {
  /** Who and where, e.g. `markupId + ':' + userId`: one queue, lock and channel per scope. */
  scope: string;
  send(item: AnyOutboxItem<Kinds>, ctx: SendContext): Promise<unknown>;
  classify?(error: unknown): ErrorClass;
  /** Defaults to IndexedDB database `pinmark-outbox`, memory where IndexedDB cannot open. */
  storage?: OutboxStorage;
  /**
   * Where each write waits synchronously until `storage` has it (journal.ts), so a reload right
   * after a change loses nothing. Defaults to localStorage with the default storage, none otherwise.
   */
  journal?: SyncStore | null;
  now?(): number;
  random?(): number;
  setTimer?: TimerSetter;
  locks?: LockManagerLike | null;
  /** Cross-tab change notices (default on where BroadcastChannel exists). */
  broadcast?: boolean;
  backoff?: { baseMs?: number; maxMs?: number };
  /** An attempt that has not settled by then is aborted and retried (default 120 s). */
  sendTimeoutMs?: number;
  onChange?(snapshot: OutboxSnapshot<Kinds>): void;
  onSent?(item: AnyOutboxItem<Kinds>, result: unknown): void;
  onFailed?(item: AnyOutboxItem<Kinds>, error: OutboxError): void;
}

export interface Outbox<Kinds extends object = KindMap> {
  /** Queues a mutation; returns at once with its id and idempotency key (stored in the background). */
  enqueue<K extends keyof Kinds & string>(kind: K, payload: Kinds[K], options?: EnqueueOptions): OutboxItem<K, Kinds[K]>;
  /** Sends a failed or backing-off item again now; false when there is no such item. */
  retry(id: string): boolean;
  /** Removes an item that is not being sent, with every item depending on it; returns the removed ids. */
  discard(id: string): string[];
  list(): AnyOutboxItem<Kinds>[];
  snapshot(): OutboxSnapshot<Kinds>;
  on<E extends keyof OutboxEvents<Kinds>>(event: E, handler: (payload: OutboxEvents<Kinds>[E]) => void): () => void;
  pause(): void;
  /** Ends a pause, including the wait for sign-in after a 401, and retries due items now. */
  resume(): void;
  /** Resolves once the stored items were loaded (they are in `list()` from then on). */
  readonly ready: Promise<void>;
  /** Resolves when every write made so far reached storage (tests; before a planned unload). */
  flush(): Promise<void>;
  /** Releases every listener, timer, lock request and channel; queued writes still land. */
  destroy(): void;
}
