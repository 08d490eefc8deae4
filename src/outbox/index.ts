/**
 * The persistent outbox: queue every mutation, send it exactly once, survive reloads and tabs.
 * See outbox.ts for the engine and types.ts for the shapes the state layer works with.
 */
export { createOutbox } from './outbox';

export { classifyError, parseRetryAfter, retryAfterOf, backoffDelay, BACKOFF_BASE_MS, BACKOFF_MAX_MS } from './errors';
export type { ApiErrorLike } from './errors';
export { createIndexedDbStorage, createMemoryStorage, DEFAULT_DB_NAME } from './storage';
export type * from './types';
