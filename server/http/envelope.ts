/** The success shapes of the API: `{data: …}` with 200, or 204 without a body. */
import type { Context } from 'hono';
import type { DataEnvelope } from '../../src/api/wire.ts';

export function ok<T>(c: Context, data: T, status: 200 | 201 = 200): Response {
  const body: DataEnvelope<T> = { data };
  return c.json(body, status);
}

export function noContent(c: Context): Response {
  return c.body(null, 204);
}
