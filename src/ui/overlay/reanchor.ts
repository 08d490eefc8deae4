/**
 * When pins are resolved again (the expensive part: selectors). Resolving is queued and done in
 * time slices by the overlay's frame, never in one long task. A pin that is not found exactly is
 * tried again with backoff for about five seconds (late content: lazy sections, SPA renders) before
 * it is declared orphaned; DOM changes re-resolve every pin anyway, orphans included.
 */

/** Backoff between attempts for a pin that has no exact place yet; ~5 s in all. */
export const RETRY_DELAYS_MS = [250, 500, 1000, 1250, 2000] as const;

export interface RetryState {
  /** When the pin was first resolved (-1 before that): the retry window counts from here. */
  firstAt: number;
  /** True once the pin was found exactly or the retry window is over. */
  settled: boolean;
}

export class ResolveQueue {
  declare private pending: Set<string>;
  declare private retries: Map<string, number>;

  constructor() {
    this.pending = new Set();
    this.retries = new Map();
  }

  get size(): number {
    return this.pending.size;
  }

  add(key: string): void {
    this.pending.add(key);
  }

  addAll(keys: Iterable<string>): void {
    for (const key of keys) this.pending.add(key);
  }

  forget(key: string): void {
    this.pending.delete(key);
    this.retries.delete(key);
  }

  /** Takes the next key to resolve, oldest first. */
  next(): string | undefined {
    for (const key of this.pending) {
      this.pending.delete(key);
      return key;
    }
    return undefined;
  }

  /**
   * Book-keeping after `key` was resolved at `now`. Retries follow a fixed schedule from the first
   * attempt, so re-resolves caused by DOM changes in between neither shorten nor extend the window.
   */
  resolved(key: string, state: RetryState, exact: boolean, now: number): void {
    this.retries.delete(key);
    if (state.settled) return;
    if (state.firstAt < 0) state.firstAt = now;
    if (exact) {
      state.settled = true;
      return;
    }
    let at = state.firstAt;
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      if (at > now) {
        this.retries.set(key, at);
        return;
      }
    }
    state.settled = true;
  }

  /** When the earliest retry is due (Infinity when none is waiting). */
  nextRetryAt(): number {
    let soonest = Infinity;
    for (const at of this.retries.values()) soonest = Math.min(soonest, at);
    return soonest;
  }

  /** Moves every retry due by `now` into the queue; true when any moved. */
  takeDue(now: number): boolean {
    let any = false;
    for (const [key, at] of this.retries) {
      if (at > now) continue;
      this.retries.delete(key);
      this.pending.add(key);
      any = true;
    }
    return any;
  }
}
