/**
 * The one error type of the API (`{"error": {"code", "message", "details?"}}`), on the ground
 * floor so the model, storage and auth can refuse a request without knowing about HTTP: they throw
 * `ApiError`, and server/http/errors.ts turns it into the response.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/api/wire.ts';

export type ErrorDetail = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string): ApiError => new ApiError(404, 'not_found', `${what} not found`);
export const forbidden = (message: string): ApiError => new ApiError(403, 'forbidden', message);
export const unauthorized = (message: string): ApiError => new ApiError(401, 'unauthorized', message);
export const validationFailed = (message: string, details?: ErrorDetail[]): ApiError =>
  new ApiError(422, 'validation_failed', message, details);
export const badRequest = (message: string, details?: ErrorDetail[]): ApiError => new ApiError(400, 'bad_request', message, details);
