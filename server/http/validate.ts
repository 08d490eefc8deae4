/**
 * Schema validation of every input. Bodies: not JSON → 400 `malformed_json`, JSON that fails the
 * schema → 422 `validation_failed`. Query strings: wrong types → 400 `bad_request`. Both list
 * per-field problems in `details`. Unknown fields are stripped (zod's default for objects).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest, validationFailed, type ErrorDetail } from './errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function summary(details: ErrorDetail[]): string {
  const first = details[0];
  if (!first) return 'Invalid input';
  const where = first.path ? `${first.path}: ` : '';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${where}${first.message}${more}`;
}

/** Reads and validates a JSON body. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type');
  if (type && !/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new ApiError(415, 'unsupported_media_type', `Content-Type must be application/json (got "${type}")`);
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'malformed_json', 'Request body is not valid JSON');
  }
  if (value === undefined) throw new ApiError(400, 'malformed_json', 'Request body is empty; a JSON object is expected');
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    throw validationFailed(summary(details), details);
  }
  return result.data;
}

/** Validates the query string (first value of each parameter). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    const details = zodDetails(result.error);
    throw badRequest(summary(details), details);
  }
  return result.data;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/** A path id: malformed ids are simply unknown (404), never a database error. */
export function pathId(c: Context, name: string, what: string): string {
  const id = c.req.param(name);
  if (!isUuid(id)) throw new ApiError(404, 'not_found', `${what} not found`);
  return id.toLowerCase();
}
