/**
 * POST /demo/customer-token stands in for a customer's own backend in the demo's "identified user"
 * mode: it signs a customer JWT with the demo installation's private key (known only from the seed
 * or demo.json), which the widget then trades at POST /api/v2/auth/exchange.
 *
 * Like a real shop's backend it signs only for the shopper of the asking browser, never for an id
 * the caller names: the shopper is a random secret in a cookie of its own (http/same-browser.ts),
 * and the body's `account` only picks one of that browser's accounts, so a demo of switching users
 * still works. Name and e-mail are the shopper's display profile. Mounted only in the demo (never in
 * production) and only for this server's own pages: no CORS.
 */
import { Hono } from 'hono';
import { importJWK, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../http/app-deps.ts';
import { notFound } from '../domain/errors.ts';
import { browserBoundId } from '../auth/tokens.ts';
import { browserSecret, refuseOtherOrigins } from '../http/same-browser.ts';
import { readJson } from '../http/validate.ts';

export const DEMO_CUSTOMER_TOKEN_TTL_S = 600;
export const DEMO_SHOPPER_COOKIE = { name: 'pinmark_demo_shopper', path: '/demo' };
/** Prefix of the demo shoppers' external ids: `demo-shopper:<browser id>[:<account>]`. */
export const DEMO_SHOPPER_PREFIX = 'demo-shopper:';

const bodySchema = z.object({
  account: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only')
    .optional(),
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(320).pipe(z.email('enter a valid e-mail address')),
  markupId: z.string().max(100).optional(),
});

export function demoRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/demo/customer-token', async (c) => {
    const demo = deps.demo;
    if (!demo?.customerJwt) throw notFound('Demo customer key (DATA_DIR/demo.json)');
    refuseOtherOrigins(c, deps.config.publicUrl, 'The demo customer backend');
    const body = await readJson(c, bodySchema);
    const shopper = browserBoundId(browserSecret(c, DEMO_SHOPPER_COOKIE, deps.config.publicUrl), 'demo-shopper');
    const externalId = `${DEMO_SHOPPER_PREFIX}${shopper}${body.account ? `:${body.account}` : ''}`;
    const key = await importJWK(demo.customerJwt.privateJwk, demo.customerJwt.alg);
    const iat = Math.floor(deps.clock.now() / 1000);
    const token = await new SignJWT({ name: body.name, email: body.email, markupId: body.markupId ?? demo.markupId })
      .setProtectedHeader({ alg: demo.customerJwt.alg, typ: 'JWT' })
      .setIssuer(demo.customerJwt.iss)
      .setAudience(demo.customerJwt.aud)
      .setSubject(externalId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + DEMO_CUSTOMER_TOKEN_TTL_S)
      .sign(key);
    c.header('Cache-Control', 'no-store');
    return c.json({ token, externalId });
  });

  return routes;
}
