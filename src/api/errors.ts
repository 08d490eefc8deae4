/**
 * The one error type every API call rejects with, so the widget can decide what to tell the user
 * from `status` and `code` alone (renew a token, say "you're offline", show the server's message).
 */
import type { ErrorCode } from './wire';

/** Server codes plus the two the client makes up when no response arrived. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'timeout' | 'aborted' | 'http_error' | 'invalid_response';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  // `declare` fields: assigned in the constructor, so no class-field helpers in the ES2020 build.
  /** HTTP status; 0 when no response arrived (network failure, timeout). */
  declare readonly status: number;
  declare readonly code: ApiErrorCode | (string & {});
  declare readonly details: ApiErrorDetail[];
  /** From `Retry-After` (429, 503): how long the server asked us to wait. */
  declare readonly retryAfterMs?: number;

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'session_expired',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  500: 'internal_error',
  507: 'quota_exceeded',
};

/** Builds an ApiError from a failed response body, which may be our JSON error shape or anything else. */
export function apiErrorFromBody(status: number, statusText: string, bodyText: string): ApiError {
  let parsed: unknown;
  try {
    parsed = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    parsed = undefined;
  }
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
  const fallbackCode = STATUS_CODES[status] ?? 'http_error';
  if (error) {
    const code = typeof error.code === 'string' && error.code ? error.code : fallbackCode;
    const message = typeof error.message === 'string' && error.message ? error.message : readable(status, statusText);
    const details = Array.isArray(error.details)
      ? error.details.filter(isRecord).map((d) => ({ path: String(d.path ?? ''), message: String(d.message ?? '') }))
      : [];
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, fallbackCode, readable(status, statusText));
}

function readable(status: number, statusText: string): string {
  return `The server answered ${status}${statusText ? ` ${statusText}` : ''}.`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
