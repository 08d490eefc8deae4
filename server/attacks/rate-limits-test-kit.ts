/**
 * Shared by the rate-limit attack tests (rate-limits.test.ts, rate-limits-floods.test.ts; issue 13,
 * hole 7): the refusal every limit answers with, a server, and helpers to count rows and to move the
 * test clock past a refused window.
 */
import { expect } from 'vitest';
import { createTestServer, type TestResponse } from '../testing/support.ts';

/** The refusal every limit answers with: 429, the JSON error, Retry-After = RateLimit-Reset within the window. */
export function expectRefused(res: TestResponse, limit: number, windowSeconds: number, per: RegExp): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: { code: 'rate_limited', message: expect.stringMatching(per) } });
  expect(res.body.error.message).toContain(`at most ${limit} `);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  expect(res.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('ratelimit-remaining')).toBe('0');
  expect(res.headers.get('ratelimit-policy')).toBe(`${limit};w=${windowSeconds}`);
}

/** The server and helpers every rate-limit test file starts from (call once, at the top). */
export async function rateLimitServer() {
  const s = await createTestServer();
  const count = async (sql: string, params: unknown[] = []) => Number((await s.db.query<{ n: number }>(sql, params))[0]!.n);
  /** Moves the test clock past the current window (the refusal said how long). */
  const waitOut = (res: TestResponse) => s.clock.advance(Number(res.headers.get('retry-after')) * 1000);
  return { s, count, waitOut };
}
