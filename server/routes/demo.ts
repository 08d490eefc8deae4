/**
 * POST /demo/customer-token stands in for a customer's own backend in the demo's "identified user"
 * mode: it signs a customer JWT with the demo installation's private key (known only from the seed
 * or demo.json), which the widget then trades at POST /api/v2/auth/exchange.
 */
import { Hono } from 'hono';
import { importJWK, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

export const DEMO_CUSTOMER_TOKEN_TTL_S = 600;

const bodySchema = z.object({
  externalId: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(320).pipe(z.email('enter a valid e-mail address')),
  markupId: z.string().max(100).optional(),
});

export function demoRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/demo/customer-token', async (c) => {
    const demo = deps.demo;
    if (!demo?.customerJwt) throw notFound('Demo customer key (DATA_DIR/demo.json)');
    const body = await readJson(c, bodySchema);
    const key = await importJWK(demo.customerJwt.privateJwk, demo.customerJwt.alg);
    const iat = Math.floor(deps.clock.now() / 1000);
    const token = await new SignJWT({ name: body.name, email: body.email, markupId: body.markupId ?? demo.markupId })
      .setProtectedHeader({ alg: demo.customerJwt.alg, typ: 'JWT' })
      .setIssuer(demo.customerJwt.iss)
      .setAudience(demo.customerJwt.aud)
      .setSubject(body.externalId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + DEMO_CUSTOMER_TOKEN_TTL_S)
      .sign(key);
    c.header('Cache-Control', 'no-store');
    return c.json({ token });
  });

  return routes;
}
