/**
 * The review app (issue 16) at /app: the files of `npm run build:app` (dist/app). Every path without
 * a file is the app's own route (/app/inbox, /app/t/…), so it gets index.html, which is never cached;
 * the hashed assets are cached for good. The page runs under a strict policy: scripts and styles
 * only from this server (no inline script, no inline style element), images also from the object
 * store's origin (signed screenshot addresses) and data:/blob:, requests to this server, the store
 * and the OIDC provider's token endpoint (the app trades the sign-in's code for a token itself).
 */
import { Hono, type Context } from 'hono';
import path from 'node:path';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { appSignInConfig } from '../auth/app-sign-in.ts';
import { routeHints } from './app-route-hints.ts';
import { prepare, resolveStaticFile, sendFile } from './static.ts';

/** Vite's content-hashed file names (assets/[name]-[hash].ext) never change content. */
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(m?js|css|svg|png|woff2?)$/;

/** The object store's origin, where signed file addresses point ('self' for the local store). */
function storageOrigin(deps: AppDeps): string | null {
  try {
    const origin = new URL(deps.storage.presignGet('csp-probe', 60)).origin;
    return origin === new URL(deps.config.publicUrl).origin ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The page's policy. `provider` is the origin of the OIDC provider's token endpoint, which the app
 * calls itself to trade the sign-in's code for an access token (auth/app-sign-in.ts).
 */
export function appPagePolicy(store: string | null, provider: string | null = null): string {
  const extra = store ? ` ${store}` : '';
  const connect = [store, provider].filter((origin, i, all) => origin && all.indexOf(origin) === i).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob:${extra}`,
    // Video clips on messages (issue 17) play from the store's signed addresses too.
    `media-src 'self' blob:${extra}`,
    `connect-src 'self'${connect ? ` ${connect}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function appStaticRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const root = deps.config.appDir ?? 'dist/app';
  const policies = new Map<string | null, string>();
  const signInConfig = appSignInConfig(deps.config, deps.clock);
  const pageFor = routeHints(root);

  /** The token endpoint's origin when OIDC is configured and its discovery document is readable. */
  const providerOrigin = async (): Promise<string | null> => {
    if (!deps.config.oidc?.clientId) return null;
    try {
      const endpoint = (await signInConfig()).oidc?.tokenEndpoint;
      return endpoint ? new URL(endpoint).origin : null;
    } catch {
      // The sign-in page says why the provider cannot be used (GET /auth/app-config answers 503).
      return null;
    }
  };

  /** The page for an app route (`urlPath` after /app), with that route's chunks hinted (app-route-hints.ts). */
  const sendIndex = async (c: Context, urlPath = '/') => {
    const index = await resolveStaticFile(root, '/index.html');
    if (!index) return c.text('The review app is not built: run npm run build:app.', 404);
    const provider = await providerOrigin();
    let policy = policies.get(provider);
    if (!policy) policies.set(provider, (policy = appPagePolicy(storageOrigin(deps), provider)));
    return sendFile(c, index, await pageFor(urlPath, await prepare(index)), {
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': policy,
      'Referrer-Policy': 'same-origin',
    });
  };

  routes.get('/app', (c) => sendIndex(c));
  routes.get('/app/*', async (c) => {
    const urlPath = new URL(c.req.url).pathname.slice('/app'.length);
    // Dot-folders are the build's own (.vite/manifest.json), neither the app's files nor its routes.
    if (/\/(\.|%2e)/i.test(urlPath)) return c.notFound();
    const file = urlPath === '/' ? undefined : await resolveStaticFile(root, urlPath);
    if (file && path.basename(file) !== 'index.html') {
      return sendFile(c, file, await prepare(file), {
        'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    // A missing asset is a 404, never the page: a script tag must not receive HTML.
    if (urlPath.startsWith('/assets/')) return c.notFound();
    return sendIndex(c, urlPath);
  });
  return routes;
}
