/**
 * How a failed send is judged: retried later, paused for sign-in, or kept as failed for the user.
 * Understands the widget's `ApiError` (status 0 = no response) and raw fetch failures, so the
 * outbox needs no knowledge of the API client.
 */
import type { ApiError } from '../api/errors';
import type { ErrorClass, OutboxError } from './types';

/** An `ApiError`, or anything shaped like one; `retryAfterMs` / `retryAfter` carry Retry-After. */
export type ApiErrorLike = Partial<Pick<ApiError, 'status' | 'code' | 'message'>> & {
  retryAfterMs?: number;
  retryAfter?: string | number;
};

/** Requests worth repeating unchanged: timeouts, "too early", rate limits. All 5xx but 507 too. */
const RETRY_STATUSES = new Set([0, 408, 425, 429]);

export function classifyError(error: unknown): ErrorClass {
  if (!error || typeof error !== 'object') return 'fail';
  const name = (error as { name?: unknown }).name;
  // fetch rejects with TypeError when the network fails, AbortError/TimeoutError when cut off.
  if (error instanceof TypeError || name === 'AbortError' || name === 'TimeoutError') return 'retry';
  const status = (error as ApiErrorLike).status;
  if (typeof status !== 'number') return 'fail';
  if (status === 401) return 'auth';
  // Out of storage (507): sending the same file again cannot succeed until someone deletes files.
  if (status === 507) return 'fail';
  if (status >= 500 || RETRY_STATUSES.has(status)) return 'retry';
  return 'fail';
}

/** Parses a Retry-After header: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | number | null | undefined, now: number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP date form names a month; without one, Date.parse would read "-5" as a year.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The server's requested wait carried by an error, if any. */
export function retryAfterOf(error: unknown, now: number): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { retryAfterMs, retryAfter } = error as ApiErrorLike;
  if (typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return retryAfterMs;
  return parseRetryAfter(retryAfter, now);
}

/** Plain data for storage: class instances do not survive IndexedDB or another tab intact. */
export function toOutboxError(error: unknown, errorClass: ErrorClass): OutboxError {
  const result: OutboxError = { message: messageOf(error), class: errorClass };
  if (error && typeof error === 'object') {
    const { status, code } = error as ApiErrorLike;
    if (typeof status === 'number') result.status = status;
    const name = (error as { name?: unknown }).name;
    if (typeof code === 'string') result.code = code;
    else if (error instanceof TypeError) result.code = 'network_error';
    else if (name === 'AbortError' || name === 'TimeoutError') result.code = 'timeout';
  }
  return result;
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as Error).message === 'string') {
    return (error as Error).message || String((error as Error).name || 'Error');
  }
  return typeof error === 'string' && error ? error : 'The request failed.';
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
/** A Retry-After beyond this is treated as this: the user should not wait hours without a retry. */
export const RETRY_AFTER_MAX_MS = 15 * 60_000;

/**
 * Exponential backoff with "equal jitter": the wait for attempt n lies in [cap/2, cap] with
 * cap = min(max, base·2^(n−1)) — spread out so tabs and visitors don't retry in step, yet never
 * so short that a struggling server is hammered.
 */
export function backoffDelay(attempt: number, random: () => number, baseMs = BACKOFF_BASE_MS, maxMs = BACKOFF_MAX_MS): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(cap / 2 + (r * cap) / 2);
}
