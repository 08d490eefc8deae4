/**
 * When a failed delivery is tried again: exponential backoff from 5 s doubling to at most 1 h, each
 * delay stretched by up to 20 % at random so that a receiver coming back after an outage is not hit
 * by every queued delivery in the same second; given up (marked failed) once the next attempt would
 * fall more than 24 h after the event. Pure, so the schedule is tested without a clock.
 */

export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
export const RETRY_JITTER = 0.2;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** The delay after the `attempt`-th failed attempt (1-based); `random` in [0, 1). */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
  return Math.round(base * (1 + RETRY_JITTER * random()));
}

/** When to try again after a failure at `failedAt`, or null to give up. */
export function nextAttemptAt(args: { createdAt: number; failedAt: number; attempts: number; random?: () => number }): number | null {
  const next = args.failedAt + retryDelay(args.attempts, args.random);
  return next - args.createdAt > GIVE_UP_AFTER_MS ? null : next;
}
