/**
 * Node tests only: fake timers and a memory store for each test, so backoff and Retry-After run in
 * virtual time. Returns a getter for the test's storage.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { createMemoryStorage } from './storage';
import type { OutboxStorage } from './types';

export function useVirtualClock(): () => OutboxStorage {
  let storage: OutboxStorage;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_700_000_000_000 });
    storage = createMemoryStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => storage;
}

/** Lets every already-due timer and promise settle. */
export const idle = () => vi.advanceTimersByTimeAsync(0);
