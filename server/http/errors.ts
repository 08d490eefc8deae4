/**
 * One error shape for every failure: `{"error": {"code", "message", "details?"}}`. Code on every
 * floor throws `ApiError` (server/domain/errors.ts); the handler here turns it (or anything
 * unexpected) into the JSON response, and a 500 never carries internals.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../../src/api/wire.ts';
import type { Logger } from '../domain/logger.ts';
import { ApiError, badRequest } from '../domain/errors.ts';

export function errorJson(c: Context, error: ApiError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.details?.length) body.error.details = error.details;
  return c.json(body, error.status);
}

export function makeErrorHandler(log: Logger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof ApiError) return errorJson(c, err);
    if (err instanceof HTTPException) {
      if (err.status === 413) return errorJson(c, new ApiError(413, 'payload_too_large', 'Request body is larger than 1 MiB'));
      const code: ErrorCode = err.status === 401 ? 'unauthorized' : err.status === 404 ? 'not_found' : 'bad_request';
      return errorJson(c, new ApiError(err.status as ContentfulStatusCode, code, err.message || 'Request refused'));
    }
    // Text PostgreSQL cannot store (U+0000) that got past the body and query checks, e.g. in a
    // path segment: the client's input, so a 400 rather than a 500.
    const dbCode = (err as { code?: unknown }).code;
    if (dbCode === '22021' || dbCode === '22P05') {
      return errorJson(c, badRequest('Text must not contain NUL (U+0000) characters or invalid byte sequences'));
    }
    log.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, err);
    return errorJson(c, new ApiError(500, 'internal_error', 'Internal server error'));
  };
}

/** 404 for unknown routes: JSON under /api, plain text elsewhere (static pages). */
export function notFoundHandler(c: Context): Response {
  const path = new URL(c.req.url).pathname;
  if (path === '/api' || path.startsWith('/api/')) {
    return errorJson(c, new ApiError(404, 'not_found', `No endpoint ${c.req.method} ${path}`));
  }
  return c.text('Not found', 404);
}
