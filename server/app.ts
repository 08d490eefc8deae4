/**
 * The HTTP application, built from its dependencies without listening, so tests drive it with
 * `app.request(…)` and main.ts hands it to Node's HTTP server. Order matters: API middleware
 * (CORS, version, body limit, credentials) first, static files last.
 */
import { compress } from 'hono/compress';
import { lateHeadersInPlace } from './http/late-headers.ts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from './http/app-deps.ts';
import { ApiError } from './domain/errors.ts';
import { errorJson, makeErrorHandler, notFoundHandler } from './http/errors.ts';
import { apiCors } from './http/cors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { apiVersion } from './http/version.ts';
import { MAX_BODY_BYTES } from './http/validate.ts';
import { requireCaller } from './http/caller.ts';
import { idempotency } from './http/idempotency.ts';
import { rateLimited } from './http/rate-limit.ts';
import { createIdpVerifier } from './auth/idp-token.ts';
import { devIdpKeyStore } from './auth/dev-idp-keys.ts';
import { idpRoutes } from './idp/routes.ts';
import { memberAuthRoutes } from './routes/member-auth.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { installationRoutes } from './routes/installations.ts';
import { authRoutes } from './routes/auth.ts';
import { threadRoutes } from './routes/threads.ts';
import { messageRoutes } from './routes/messages.ts';
import { markupRoutes } from './routes/markups.ts';
import { markupObjectstoreRoutes } from './routes/markup-objectstore.ts';
import { exceptStreamedUploads } from './routes/markup-file.ts';
import { itemRoutes } from './routes/items.ts';
import { workspaceRoutes } from './routes/workspace.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { screenshotRoutes } from './routes/screenshots.ts';
import { storageRoutes } from './routes/storage.ts';
import { LocalObjectStore } from './storage/local-store.ts';
import { isSealedKey } from './model/uploads.ts';
import { demoRoutes } from './routes/demo.ts';
import { staticRoutes } from './routes/static.ts';
import { appStaticRoutes } from './routes/app-static.ts';
import { openApiRoutes } from './openapi/route.ts';
import { mailRoutes } from './routes/mail.ts';
import { imageRelayRoutes } from './routes/image-relay.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { guestRoutes } from './routes/guests.ts';
import { guestPageRoutes } from './routes/guest-page.ts';
import { guestGuard } from './http/guest-guard.ts';

const tooLarge = (): never => {
  throw new ApiError(413, 'payload_too_large', `Request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
};

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const devKey = devIdpKeyStore(deps.db, deps.clock);

  app.onError(makeErrorHandler(deps.log));
  app.notFound(notFoundHandler);
  app.use('*', securityHeaders);

  app.get('/healthz', async (c) => {
    await deps.db.query('SELECT 1');
    return c.json({ status: 'ok' });
  });

  // JSON answers of 1 KB or more are gzipped for clients that accept it (a page of 50 threads is
  // ~120 KB as text, ~10 KB gzipped); outermost, so it sees the final answer, errors included.
  app.use('/api/*', lateHeadersInPlace, compress({ threshold: 1024 }));
  // Every /api request: CORS (preflights end here), version contract, 1 MiB body limit (except the
  // streamed POST /markups/file, which limits itself to 100 MB).
  app.use('/api/*', apiCors, apiVersion, exceptStreamedUploads(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })));
  // No CORS on /demo/*: the demo's customer backend answers only this server's own pages.
  app.use('/demo/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }));
  app.use('/idp/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }));

  const api = new Hono<AppEnv>();
  // Authentication endpoints take no API key or exchange token; everything else needs one.
  // (Listed by prefix so an unknown path is a 404, not a 401.) Idempotency-Key comes after the
  // caller, whose principal scopes the key; /auth/* is left out: its answers hold fresh credentials.
  const caller = requireCaller(deps);
  const idempotent = exceptStreamedUploads(idempotency(deps));
  // Rate limits (http/rate-limit-rules.ts) once the caller is known, ahead of idempotency's writes.
  const limited = rateLimited(deps);
  // Issue 18: a guest's token reaches only their own threads (http/guest-guard.ts).
  const guests = guestGuard(deps);
  // A `/x/*` pattern also matches `/x` itself: listing both would run the chain twice there.
  for (const prefix of [
    '/threads/*',
    '/messages/*',
    '/markups/*',
    '/workspace',
    '/workspace/storage',
    '/users/*',
    '/upload-policy',
    '/upload-complete',
    '/webhook-registrations/*',
    '/product-metrics/*',
    '/inbox',
    '/installations',
    '/installations/*',
    '/me/*',
    '/mail/*',
    '/guests/*',
    '/image-relay',
    '/integrations',
    '/integrations/*',
  ])
    api.use(prefix, caller, limited, guests, idempotent);
  api.use('/auth/*', limited);
  api.use('/items/*', caller, guests, idempotent);
  const verifyIdpToken = createIdpVerifier(deps.config, deps.clock, devKey);
  api.route('/', authRoutes(deps, verifyIdpToken));
  api.route('/', memberAuthRoutes(deps, verifyIdpToken));
  api.route('/', threadRoutes(deps));
  api.route('/', inboxRoutes(deps));
  api.route('/', installationRoutes(deps));
  api.route('/', screenshotRoutes(deps));
  api.route('/', uploadRoutes(deps));
  api.route('/', messageRoutes(deps));
  api.route('/', markupObjectstoreRoutes(deps));
  api.route('/', markupRoutes(deps));
  api.route('/', itemRoutes(deps));
  api.route('/', workspaceRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', webhookRoutes(deps));
  api.route('/', metricsRoutes(deps));
  api.route('/', mailRoutes(deps));
  api.route('/', integrationRoutes(deps));
  api.route('/', guestRoutes(deps));
  api.route('/', imageRelayRoutes(deps));
  api.route('/', openApiRoutes());
  app.route('/api/v2', api);

  // The local object store is served here (an S3 bucket serves itself); no body limit: it streams.
  if (deps.storage instanceof LocalObjectStore) {
    app.route('/', storageRoutes(deps.storage, deps.clock, { isSealed: (key) => isSealedKey(deps.db, key, deps.clock.now()) }));
  }
  if (deps.config.devIdp) {
    app.use('/sign-in', limited).use('/idp/token', limited);
    app.route('/', idpRoutes(deps, devKey));
  }
  if (deps.config.demo) app.route('/', demoRoutes(deps));
  // Issue 18: a guest's own thread, by the signed link in their e-mails (routes/guest-page.ts).
  app.use('/g/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge }), limited);
  app.route('/', guestPageRoutes(deps));
  // /demo/* holds JSON endpoints: an unknown one, or any outside the demo (production), gets the
  // API's JSON 404 rather than a page, the same for every path.
  app.all('/demo/*', (c) => errorJson(c, new ApiError(404, 'not_found', `No endpoint ${c.req.method} ${new URL(c.req.url).pathname}`)));
  app.route('/', appStaticRoutes(deps));
  app.route('/', staticRoutes(deps));
  return app;
}
