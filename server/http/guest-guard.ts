/**
 * What a guest's token may do (issue 18; docs/api-decisions.md, "Guest reporting"): report and
 * answer their own threads, nothing else. One middleware after the caller, so every route — one
 * added later included — is refused to guests unless listed here: the markup they report on, the
 * thread list (which the thread route filters to their own threads), new threads (within the
 * installation's daily cap), their own threads and messages (404 for anyone else's, so their
 * existence is not revealed) and the uploads a screenshot or attachment needs. A blocked guest's
 * writes are refused in words.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from './app-deps.ts';
import { ApiError, notFound } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import { guestBlockedError, guestStanding, guestThreadsToday } from '../model/guests.ts';

const API = '/api/v2';
const ID = '([^/]+)';

/** Routes a guest may call, with the record they are about. */
const GUEST_ROUTES: { method: string; pattern: RegExp; about?: 'thread' | 'message'; newThread?: boolean }[] = [
  { method: 'GET', pattern: new RegExp(`^${API}/markups/${ID}(/view-modes)?$`) },
  { method: 'GET', pattern: new RegExp(`^${API}/threads$`) },
  { method: 'POST', pattern: new RegExp(`^${API}/threads$`), newThread: true },
  { method: 'POST', pattern: new RegExp(`^${API}/(upload-policy|upload-complete)$`) },
  {
    method: '*',
    pattern: new RegExp(`^${API}/threads/${ID}(/(messages|resolve|unresolve|move-pin|screenshot|screenshot-upload-policy))?$`),
    about: 'thread',
  },
  { method: '*', pattern: new RegExp(`^${API}/messages/${ID}$`), about: 'message' },
];

const outOfReach = () =>
  new ApiError(403, 'forbidden', 'A guest may only report on this page and read and answer their own threads; sign in for more');

export function guestGuard(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get('caller');
    if (caller?.kind !== 'exchange' || !caller.guest) return next();
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    let match: RegExpExecArray | null = null;
    const route = GUEST_ROUTES.find((r) => (r.method === '*' || r.method === method) && (match = r.pattern.exec(c.req.path)));
    if (!route || !match) throw outOfReach();
    const id = (match as RegExpExecArray)[1];
    if (route.about && !isUuid(id ?? '')) throw notFound(route.about === 'thread' ? 'Thread' : 'Message');
    const standing = await guestStanding(deps.db, caller.userId, {
      ...(route.about === 'thread' ? { threadId: id!.toLowerCase() } : {}),
      ...(route.about === 'message' ? { messageId: id!.toLowerCase() } : {}),
    });
    if (!standing.ownsTarget) throw notFound(route.about === 'message' ? 'Message' : 'Thread');
    if (method !== 'GET' && standing.blocked) throw guestBlockedError();
    if (route.newThread) {
      const now = deps.clock.now();
      const today = await guestThreadsToday(deps.db, caller.userId, now);
      if (today.count >= today.cap) {
        // The widget's outbox keeps the report and sends it when the next UTC day begins.
        c.header('Retry-After', String(Math.ceil((86_400_000 - (now % 86_400_000)) / 1000)));
        throw new ApiError(
          429,
          'guest_daily_cap_reached',
          `This site takes at most ${today.cap} reports from guests a day, and today's are in. Try again tomorrow or contact the site's team.`,
        );
      }
    }
    return next();
  };
}
