/**
 * Schema validation of every input. Bodies: not JSON → 400 `malformed_json`, JSON that fails the
 * schema → 422 `validation_failed`. Query strings: wrong types → 400 `bad_request`. Both list
 * per-field problems in `details`. Unknown fields are stripped (zod's default for objects).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest, validationFailed, type ErrorDetail } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';

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

/**
 * Where a string holding U+0000 is (key or value), if any: PostgreSQL's text and jsonb cannot
 * store it, so it is refused here rather than failing the query as a 500. Iterative, with the
 * path rebuilt only for a hit: a 1 MiB body can nest far deeper than the call stack goes.
 */
function nulPath(root: unknown): string | undefined {
  interface Node {
    value: unknown;
    key: string;
    parent: Node | undefined;
  }
  const pathOf = (node: Node | undefined): string => {
    const keys: string[] = [];
    for (let n = node; n?.parent; n = n.parent) keys.push(n.key);
    return keys.reverse().join('.');
  };
  const stack: Node[] = [{ value: root, key: '', parent: undefined }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childNode = { value: child, key, parent: node };
        if (key.includes('\u0000')) return pathOf(childNode);
        stack.push(childNode);
      }
    }
  }
  return undefined;
}

const NUL_MESSAGE = 'must not contain NUL (U+0000) characters';

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
  // JSON text can only hold U+0000 escaped, so bodies without the escape skip the walk.
  const nul = text.includes('\\u0000') ? nulPath(value) : undefined;
  if (nul !== undefined) throw validationFailed(summary([{ path: nul, message: NUL_MESSAGE }]), [{ path: nul, message: NUL_MESSAGE }]);
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    throw validationFailed(summary(details), details);
  }
  return result.data;
}

/** Validates the query string (first value of each parameter). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  const nul = nulPath(query);
  if (nul !== undefined) throw badRequest(summary([{ path: nul, message: NUL_MESSAGE }]), [{ path: nul, message: NUL_MESSAGE }]);
  const result = schema.safeParse(query);
  if (!result.success) {
    const details = zodDetails(result.error);
    throw badRequest(summary(details), details);
  }
  return result.data;
}

/** A path id: malformed ids are simply unknown (404), never a database error. */
export function pathId(c: Context, name: string, what: string): string {
  const id = c.req.param(name);
  if (!isUuid(id)) throw new ApiError(404, 'not_found', `${what} not found`);
  return id.toLowerCase();
}
