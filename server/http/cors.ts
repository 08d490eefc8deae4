/**
 * CORS for the API: any origin may call it (the Origin is reflected, `Vary: Origin`), never with
 * cookies. Credentials are bearer tokens, so CORS adds no protection here; the installation's
 * allowed origins are enforced where an origin matters (the SDK exchange).
 */
import { cors } from 'hono/cors';
import { VERSION_HEADER } from './version.ts';
import { REPLAYED_HEADER } from './idempotency.ts';
import { RATE_LIMIT_HEADERS } from './rate-limit.ts';

export const apiCors = cors({
  origin: (origin) => origin || null,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  // If-None-Match: conditional reads (GET /threads, /threads/:id, /inbox answer 304 with their ETag).
  allowHeaders: ['Authorization', 'Content-Type', VERSION_HEADER, 'Idempotency-Key', 'If-None-Match'],
  // Retry-After tells a client when to retry a 409 idempotency_in_progress or a 429; the
  // RateLimit headers how much of its allowance is left.
  exposeHeaders: [VERSION_HEADER, REPLAYED_HEADER, 'Retry-After', 'ETag', ...RATE_LIMIT_HEADERS],
  maxAge: 600,
  credentials: false,
});
