/**
 * CORS for the API: any origin may call it (the Origin is reflected, `Vary: Origin`), never with
 * cookies. Credentials are bearer tokens, so CORS adds no protection here; the installation's
 * allowed origins are enforced where an origin matters (the SDK exchange).
 */
import { cors } from 'hono/cors';
import { VERSION_HEADER } from './version.ts';

export const apiCors = cors({
  origin: (origin) => origin || null,
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowHeaders: ['Authorization', 'Content-Type', VERSION_HEADER, 'Idempotency-Key'],
  exposeHeaders: [VERSION_HEADER],
  maxAge: 600,
  credentials: false,
});
