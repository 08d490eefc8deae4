/**
 * Time as the server sees it, passed in rather than read from `Date.now()` so tests can freeze it
 * and move it by hand (expiry tests never sleep).
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
