/**
 * The caller on the request: middleware that resolves the bearer (server/auth/caller.ts) and
 * stores it as `c.var.caller`, and the accessor routes read it with.
 *
 * The thread list (the hottest read) may reuse a credential resolved in the last few seconds and
 * confirm it is unrevoked in its own query instead (server/model/credential-check.ts), saving a
 * round trip without delaying a revocation. On the routes rate-limited per caller (the writes), the
 * lookup takes the rate-limit count in the same statement instead (server/http/rate-limit-count.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { resolveCaller, resolveCallerCounting } from '../auth/caller.ts';
import { readBearer, sha256Hex } from '../auth/tokens.ts';
import type { AppDeps, AppEnv } from './app-deps.ts';
import type { Caller } from '../domain/viewer.ts';
import { markUnconfirmed } from '../model/credential-check.ts';
import { hitCountFor, rememberCountedHits } from './rate-limit-count.ts';

export function callerOf(c: Context<AppEnv>): Caller {
  return c.get('caller');
}

/**
 * How long a resolved credential may be reused by the thread list without its own lookup. The
 * list re-checks revocation in the query it makes anyway (thread-cache.ts), so reuse never lets a
 * revoked credential through; the window only bounds how long the cache holds a hash.
 */
const RECENT_MS = 5_000;
const RECENT_MAX = 10_000;

/**
 * `GET /api/v2/threads` (server/routes/threads.ts via thread-cache.ts markupVersionForCaller): the
 * one route that confirms a reused credential itself. Matched exactly: any other path, a route
 * added later included, gets a fresh lookup.
 */
const CONFIRMS_ITSELF = 'GET /api/v2/threads';

function confirmsItself(method: string, path: string): boolean {
  return `${method} ${path}` === CONFIRMS_ITSELF;
}

/** Middleware: every route behind it has `c.var.caller`. */
export function requireCaller(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const recent = new Map<string, { caller: Caller; until: number }>();
  return async (c, next) => {
    const authorization = c.req.header('authorization');
    if (!confirmsItself(c.req.method, c.req.path)) {
      const count = hitCountFor(c, deps.config, deps.clock);
      if (!count) {
        c.set('caller', await resolveCaller(deps, authorization));
        return next();
      }
      const { caller, hits } = await resolveCallerCounting(deps, authorization, count);
      if (hits) rememberCountedHits(c, { count, hits });
      c.set('caller', caller);
      return next();
    }
    const token = readBearer(authorization);
    const key = token === undefined ? undefined : sha256Hex(token);
    const now = deps.clock.now();
    const hit = key === undefined ? undefined : recent.get(key);
    if (hit && hit.until > now && (hit.caller.kind === 'api_key' || hit.caller.expiresAt > now)) {
      c.set('caller', hit.caller);
      return next();
    }
    const caller = await resolveCaller(deps, authorization);
    if (recent.size >= RECENT_MAX) recent.clear();
    // This request was checked just now; the copy kept for later ones is marked unconfirmed.
    const reused: Caller = { ...caller };
    markUnconfirmed(reused);
    recent.set(key!, { caller: reused, until: now + RECENT_MS });
    c.set('caller', caller);
    return next();
  };
}
