/**
 * The small pure steps of a request in api/client.ts: the query string, the Retry-After a refusal
 * may carry, and the two shapes a screenshot answer may have.
 */
import { isRecord, type ApiError } from './errors';
import type { ScreenshotResponse } from './wire';

export type QueryValue = string | number | boolean | null | undefined;

/** 429 and 503 may say when to come back (seconds or an HTTP date); the outbox waits that long. */
export function withRetryAfter(error: ApiError, response: Response): ApiError {
  const value = response.headers.get('Retry-After');
  if (!value) return error;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  if (Number.isFinite(ms)) (error as { retryAfterMs?: number }).retryAfterMs = Math.max(0, ms);
  return error;
}

export function unwrapScreenshot(data: unknown): ScreenshotResponse | undefined {
  const inner = isRecord(data) && isRecord(data.screenshot) ? data.screenshot : data;
  return isRecord(inner) && typeof inner.id === 'string' ? (inner as unknown as ScreenshotResponse) : undefined;
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
