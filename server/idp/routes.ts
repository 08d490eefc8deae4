/**
 * The built-in development identity provider (on unless PINMARK_DEV_IDP=0; in production only with
 * PINMARK_INSECURE_DEV_SIGN_IN): the sign-in popup, its token endpoint, and the JWKS/discovery
 * documents a real OIDC provider would publish. It checks no address, so it never lets one stand
 * for a person: the user is bound to the browser that signed in (server/auth/dev-idp-keys.ts, devSubjectFor).
 */
import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { API_VERSION } from '../http/version.ts';
import { readJson } from '../http/validate.ts';
import { browserSecret, refuseOtherOrigins } from '../http/same-browser.ts';
import { DEV_ACCESS_TOKEN_TTL_S, devIdpIssuer, issueDevAccessToken, type DevIdpKey } from '../auth/dev-idp-keys.ts';
import { SIGN_IN_SCRIPT, signInPageHtml } from './sign-in-page.ts';

/** The browser's secret, sent only to /idp/token (the sign-in page's one request). */
export const DEV_BROWSER_COOKIE = { name: 'pinmark_dev_id', path: '/idp' };

const tokenRequestSchema = z.object({
  name: z.string().trim().min(1, 'enter a name').max(100, 'at most 100 characters'),
  email: z.string().trim().max(320).pipe(z.email('enter a valid e-mail address')),
});

export function idpRoutes(deps: AppDeps, devKey: () => Promise<DevIdpKey>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const issuer = devIdpIssuer(deps.config.publicUrl);

  routes.get('/sign-in', (c) => {
    const nonce = randomBytes(16).toString('base64');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    );
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(signInPageHtml(nonce, API_VERSION));
  });

  routes.get('/sign-in.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(SIGN_IN_SCRIPT);
  });

  routes.post('/idp/token', async (c) => {
    refuseOtherOrigins(c, deps.config.publicUrl, 'The development sign-in');
    const { name, email } = await readJson(c, tokenRequestSchema);
    const secret = browserSecret(c, DEV_BROWSER_COOKIE, deps.config.publicUrl);
    const accessToken = await issueDevAccessToken(await devKey(), { issuer, name, email, browserSecret: secret, nowMs: deps.clock.now() });
    c.header('Cache-Control', 'no-store');
    return c.json({ accessToken, tokenType: 'Bearer', expiresIn: DEV_ACCESS_TOKEN_TTL_S });
  });

  routes.get('/idp/.well-known/jwks.json', async (c) => {
    const key = await devKey();
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ keys: [key.publicJwk] });
  });

  routes.get('/idp/.well-known/openid-configuration', (c) =>
    c.json({
      issuer,
      authorization_endpoint: `${deps.config.publicUrl}/sign-in`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['none'],
      claims_supported: ['sub', 'name', 'email', 'email_verified', 'iss', 'aud', 'exp', 'iat', 'token_use'],
    }),
  );

  return routes;
}
